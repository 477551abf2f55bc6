// One way to decide an item under review (deposits, withdrawals, KYC, adjustments; loans next): claim the
// pending row, settle it (post its ledger entry), audit, notify, answer — one transaction, in that order.
// pending → approved | rejected | voided, once (tigerbeetle's pending → posted/voided): the claim is a
// single `UPDATE … WHERE id = ? AND status = 'pending' RETURNING *`, so of two admins deciding at once the
// second waits on the row lock, then finds the row decided and gets 10020 with nothing posted.
import {
  codes,
  type Code,
  type ReviewedSubject,
  type ReviewStatus,
  type ReviewVerb,
} from '@tradewind/contract';
import { AppError } from './errors.ts';
import type { Ctx } from './context.ts';
import type { Tx } from './db.ts';
import { writeAudit } from './audit.ts';
import type { AdminIdentity } from './admin-identity.ts';

export type Decision =
  | { outcome: 'approved'; note: string | null }
  | { outcome: 'rejected'; reason: string }
  /** Withdrawn by the side that asked before anyone decided (a cancelled adjustment). */
  | { outcome: 'voided'; reason: string | null };

export type Outcome = Exclude<ReviewStatus, 'pending'>;

/** What the claim writes on the row: the outcome, by whom, when, and the reason of a rejection or void. */
export type Claim = { status: Outcome; adminId: number; at: Date; reason: string | null };

/** A claimed row inside the deciding transaction. */
export type Decided<Row> = { tx: Tx; row: Row; decision: Decision; admin: AdminIdentity; now: Date };

export type ReviewSubject<Row, Item> = {
  /** The audit vocabulary: `deposit` gives actions `deposit.approve|reject|void` on target `deposit:<id>`. */
  name: ReviewedSubject;
  /** pending → `claim.status` in one conditional UPDATE; undefined when no pending row has this id. */
  claim: (tx: Tx, id: number, claim: Claim) => Promise<Row | undefined>;
  /**
   * Why the claim found nothing: 10111 for an unknown id, 10020 for a decided item (`decidedOrMissing`), or
   * the kind's own rule when its claim has one (an admin approving their own adjustment: 10019).
   */
  refusal: (tx: Tx, id: number, claim: Claim) => Promise<Code>;
  /** Refusals that depend on the row and on who decides (four eyes, limits); a throw rolls the claim back. */
  check?: (d: Decided<Row>) => Promise<void> | void;
  /** The outcome's effect in the same transaction (the ledger entry); answers the row as it now stands. */
  settle?: (d: Decided<Row>) => Promise<Row>;
  /** The row as the audit log keeps it. */
  snapshot: (row: Row) => unknown;
  /** Tells the customer, in the same transaction (nothing is said of an item the customer never saw). */
  notify?: (d: Decided<Row>) => Promise<void>;
  /** The typed answer of the route. */
  item: (tx: Tx, row: Row) => Promise<Item>;
};

/** The usual refusal: 10111 when no row has the id, else 10020 (decided already, perhaps just now). */
export const decidedOrMissing = (found: boolean): Code =>
  found ? codes.collectionStatusWrong : codes.notFound;

const verbOf = { approved: 'approve', rejected: 'reject', voided: 'void' } as const satisfies Record<
  Outcome,
  ReviewVerb
>;

export async function decideReview<Row, Item>(
  ctx: Ctx,
  subject: ReviewSubject<Row, Item>,
  admin: AdminIdentity,
  id: number,
  decision: Decision,
): Promise<Item> {
  const now = new Date(ctx.clock.now());
  const reason = decision.outcome === 'approved' ? decision.note : decision.reason;
  return ctx.db.transaction(async (tx) => {
    const claim: Claim = {
      status: decision.outcome,
      adminId: admin.id,
      at: now,
      reason: decision.outcome === 'approved' ? null : decision.reason,
    };
    const claimed = await subject.claim(tx, id, claim);
    if (claimed === undefined) throw new AppError(await subject.refusal(tx, id, claim));
    await subject.check?.({ tx, row: claimed, decision, admin, now });
    const row = subject.settle ? await subject.settle({ tx, row: claimed, decision, admin, now }) : claimed;
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: `${subject.name}.${verbOf[decision.outcome]}`,
        target: `${subject.name}:${id}`,
        before: { status: 'pending' },
        after: subject.snapshot(row),
        reason,
      },
      now,
    );
    await subject.notify?.({ tx, row, decision, admin, now });
    return subject.item(tx, row);
  });
}
