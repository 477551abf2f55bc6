// The withdrawal review queue (CONTRACT.md "Back office", DESIGN.md §5): approve posts hold → withdrawals
// clearing (net) and fee income (fee) and, for a crypto method, records the payout's transaction hash;
// reject posts hold → cash. Decided through the one review helper, which claims the row with
// `where status = 'pending'` first, so two admins clicking at once post once.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  chainOfWithdrawalNetwork,
  codes,
  withdrawalNetworks,
  type ApprovalOf,
  type Page,
  type WithdrawalNetwork,
  type WithdrawalReviewItem,
} from '@tradewind/contract';
import { normalizeTxHash, type DepositChain } from '@tradewind/contract/deposit-rules';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import { assets, formatMinor } from '@tradewind/contract/money';
import {
  decideReview,
  decidedOrMissing,
  type Decided,
  type ReviewSubject,
} from '../platform/review-decision.ts';
import type { ReviewHandler, ReviewQuery } from '../platform/reviews.ts';
import { post, type Line } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { isViolationOf } from './deposit-claim.ts';
import { methodView } from './methods.ts';
import { withdrawalMethods } from './methods-tables.ts';
import { withdrawals, type WithdrawalRow } from './withdraw-tables.ts';
import { withdrawalView } from './withdraw.ts';

const scale = assets.USDT.scale;

async function listForReview(ctx: Ctx, q: ReviewQuery<'withdrawals'>): Promise<Page<WithdrawalReviewItem>> {
  const where = q.status === undefined ? undefined : eq(withdrawals.status, q.status);
  // The pending queue is worked oldest first; decided ones are looked up newest first.
  const order = q.status === 'pending' ? asc(withdrawals.id) : desc(withdrawals.id);
  const [total] = await ctx.db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await ctx.db
    .select({ w: withdrawals, u: users, m: withdrawalMethods })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .innerJoin(withdrawalMethods, eq(withdrawalMethods.id, withdrawals.methodId))
    .where(where)
    .orderBy(order)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map(({ w, u, m }) => ({
      ...withdrawalView(w),
      user: { id: String(u.id), userName: u.userName, email: u.email, kycStatus: u.kycStatus },
      method: methodView(m),
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

async function reviewItem(tx: Tx, row: WithdrawalRow): Promise<WithdrawalReviewItem> {
  const [found] = await tx
    .select({ u: users, m: withdrawalMethods })
    .from(users)
    .innerJoin(withdrawalMethods, eq(withdrawalMethods.id, row.methodId))
    .where(eq(users.id, row.userId));
  assert(found, `withdrawal ${row.id} has its user and method`);
  return {
    ...withdrawalView(row),
    user: {
      id: String(found.u.id),
      userName: found.u.userName,
      email: found.u.email,
      kycStatus: found.u.kycStatus,
    },
    method: methodView(found.m),
  };
}

function settlementLines(row: WithdrawalRow, approved: boolean): Line[] {
  const hold = {
    owner: 'user',
    userId: row.userId,
    book: 'real',
    asset: 'USDT',
    purpose: 'withdrawal_hold',
  } as const;
  const lines: Line[] = [{ account: hold, amountMinor: -row.amountMinor }];
  if (!approved) {
    lines.push({ account: { ...hold, purpose: 'cash' }, amountMinor: row.amountMinor });
    return lines;
  }
  const platform = { owner: 'platform', book: 'real', asset: 'USDT' } as const;
  lines.push({
    account: { ...platform, purpose: 'withdrawals_clearing' },
    amountMinor: row.amountMinor - row.feeMinor,
  });
  if (row.feeMinor > 0n)
    lines.push({ account: { ...platform, purpose: 'fee_income' }, amountMinor: row.feeMinor });
  return lines;
}

const payoutProblem = (key: string) => new AppError(codes.paramsEmpty, {}, { payoutTxHash: { key } });
const isNetwork = (value: string | null): value is WithdrawalNetwork =>
  (withdrawalNetworks as readonly (string | null)[]).includes(value);

type Payout = { payoutChain: DepositChain; payoutTxHash: string } | null;

/**
 * The payout an approval records: a crypto method's transaction on its chain, spelled as deposits store
 * theirs (required, and refused when it is not a hash of that chain); nothing for a bank card, which has no
 * transaction to name (a hash sent for one is refused rather than kept as if it meant something).
 */
async function payoutOf(tx: Tx, row: WithdrawalRow, text: string | undefined): Promise<Payout> {
  const [method] = await tx
    .select({ type: withdrawalMethods.type, network: withdrawalMethods.network })
    .from(withdrawalMethods)
    .where(eq(withdrawalMethods.id, row.methodId));
  assert(method, `withdrawal ${row.id} has its method`);
  if (method.type === 'bank') {
    if (text) throw payoutProblem('payoutTxHashBank');
    return null;
  }
  assert(isNetwork(method.network), `withdrawal method ${row.methodId} has a known network`);
  if (!text) throw payoutProblem('payoutTxHashRequired');
  const payoutChain = chainOfWithdrawalNetwork(method.network);
  const payoutTxHash = normalizeTxHash(payoutChain, text);
  if (payoutTxHash === undefined) throw payoutProblem('txHashFormat');
  return { payoutChain, payoutTxHash };
}

/**
 * Every outcome empties the hold: to clearing and fee income when approved (with the payout's transaction
 * recorded on the row), back to cash otherwise. The hash is checked after the claim, so a decided item
 * answers 10020 whatever hash comes with it; a refused hash rolls the claim back.
 */
const settleWith =
  (payoutText: string | undefined) =>
  async ({ tx, row, decision, now }: Decided<WithdrawalRow>): Promise<WithdrawalRow> => {
    const approved = decision.outcome === 'approved';
    const payout = approved ? await payoutOf(tx, row, payoutText) : null;
    const kind = approved ? 'withdrawal_payout' : 'withdrawal_release';
    const lines = settlementLines(row, approved);
    const entry = await post(tx, { book: 'real', kind, ref: `withdrawal:${row.id}`, lines }, now);
    // The hold was filled with exactly this amount when the row was written and only this row empties it.
    if (!entry.ok) throw new Error(`withdrawal ${row.id}: its hold does not cover it`);
    const [settled] = await tx
      .update(withdrawals)
      .set({ settleEntryId: entry.entryId, ...payout })
      .where(eq(withdrawals.id, row.id))
      .returning()
      .catch((err: unknown) => {
        // Another withdrawal already names this transaction (perhaps approved at this very moment).
        if (isViolationOf(err, 'withdrawals_payout_chain_tx')) throw payoutProblem('payoutTxHashUsed');
        throw err;
      });
    assert(settled, 'withdrawal settled');
    return settled;
  };

const withdrawalSubject = (payoutText?: string): ReviewSubject<WithdrawalRow, WithdrawalReviewItem> => ({
  name: 'withdrawal',
  claim: async (tx, id, c) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: c.status, reason: c.reason, reviewedBy: c.adminId, reviewedAt: c.at })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
      .returning();
    return row;
  },
  refusal: async (tx, id) =>
    decidedOrMissing(
      (await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id))).length > 0,
    ),
  settle: settleWith(payoutText),
  snapshot: withdrawalView,
  notify: async ({ tx, row, decision, now }) => {
    const amount = formatMinor(row.amountMinor, scale);
    if (decision.outcome === 'approved') {
      const fee = formatMinor(row.feeMinor, scale);
      await notify(tx, row.userId, 'withdrawalApproved', { amount, fee }, now);
    } else {
      await notify(tx, row.userId, 'withdrawalRejected', { amount, reason: decision.reason ?? '' }, now);
    }
  },
  item: reviewItem,
});

export const withdrawalReviews: ReviewHandler<'withdrawals'> = {
  permission: 'reviewMoney',
  list: listForReview,
  approve: (ctx, admin, id, note, approval: ApprovalOf<'withdrawals'>) =>
    decideReview(ctx, withdrawalSubject(approval.payoutTxHash), admin, id, { outcome: 'approved', note }),
  reject: (ctx, admin, id, reason) =>
    decideReview(ctx, withdrawalSubject(), admin, id, { outcome: 'rejected', reason }),
};
