// The deposit review queue (CONTRACT.md "Back office" reviews/deposits): finance approves a claim (credit the
// customer's cash from deposits clearing, once) or rejects it with a reason (nothing posted). Decided
// through the one review helper: claim the pending row, post, audit, notify, answer.
import { and, count, desc, eq } from 'drizzle-orm';
import type { DepositReviewItem, Page, Tick } from '@tradewind/contract';
import { assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { assets, formatMinor } from '@tradewind/contract/money';
import { uploadUrl } from '../platform/uploads.ts';
import {
  decideReview,
  decidedOrMissing,
  type Decided,
  type ReviewSubject,
} from '../platform/review-decision.ts';
import type { ReviewHandler, ReviewQuery } from '../platform/reviews.ts';
import { lockAccounts, post, type Line } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { channelName } from './channels.ts';
import type { DepositFollowUp, FollowUpPlan } from './deposit-follow-ups.ts';
import { deposits, type DepositRow } from './deposits-tables.ts';
import { depositRecord, depositView, rateTicksOf } from './deposits.ts';

const usdtScale = assets.USDT.scale;

type ReviewRow = { deposit: DepositRow; user: { id: number; userName: string; email: string } };

/** `ticks`: the kept ticks the rates were locked from (finance sees the price and its source). */
function reviewView({ deposit, user }: ReviewRow, ticks: ReadonlyMap<number, Tick>): DepositReviewItem {
  return {
    ...depositView(deposit, ticks),
    user: { id: String(user.id), userName: user.userName, email: user.email },
    channelName: channelName(deposit),
    address: deposit.address,
    last6: deposit.last6,
    proofUrl: uploadUrl(deposit.proofName),
    reviewedBy: deposit.reviewedBy === null ? null : String(deposit.reviewedBy),
    entryId: deposit.entryId === null ? null : String(deposit.entryId),
  };
}

const reviewSelect = (db: DbOrTx) =>
  db
    .select({ deposit: deposits, user: { id: users.id, userName: users.userName, email: users.email } })
    .from(deposits)
    .innerJoin(users, eq(users.id, deposits.userId));

async function listForReview(ctx: Ctx, q: ReviewQuery<'deposits'>): Promise<Page<DepositReviewItem>> {
  const where = q.status === undefined ? undefined : eq(deposits.status, q.status);
  const [total] = await ctx.db.select({ n: count() }).from(deposits).where(where);
  const rows = await reviewSelect(ctx.db)
    .where(where)
    .orderBy(desc(deposits.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const ticks = await rateTicksOf(
    ctx.db,
    rows.map((r) => r.deposit),
  );
  return { list: rows.map((r) => reviewView(r, ticks)), total: total?.n ?? 0, page: q.page, size: q.size };
}

/**
 * Approval credits the customer's cash from deposits clearing, then runs the follow-ups (the invite reward)
 * in the same transaction; a rejection posts nothing. Every account the deposit and its follow-ups post to is
 * locked first, in one pass (deposit-follow-ups.ts says why).
 */
async function settle(
  { tx, row, decision, now }: Decided<DepositRow>,
  followUps: readonly DepositFollowUp[],
): Promise<DepositRow> {
  if (decision.outcome !== 'approved') return row;
  const view = depositRecord(row);
  const lines: Line[] = [
    {
      account: { owner: 'user', userId: row.userId, book: 'real', asset: 'USDT', purpose: 'cash' },
      amountMinor: row.amountMinor,
    },
    {
      account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'deposits_clearing' },
      amountMinor: -row.amountMinor,
    },
  ];
  const plans: FollowUpPlan[] = [];
  for (const followUp of followUps) {
    const plan = await followUp(tx, { id: row.id, userId: row.userId }, now);
    if (plan) plans.push(plan);
  }
  await lockAccounts(tx, [...lines.map((l) => l.account), ...plans.flatMap((p) => p.accounts)], now);
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'deposit',
      ref: `deposit:${row.id}`,
      memo: `${view.payAmount} ${view.asset} (${view.network}) at ${view.rate} USDT (tick ${view.rateTickId ?? 'none'}, spread ${view.spreadBps} bps), tx ${view.txHash}`,
      lines,
    },
    now,
  );
  // Clearing is a platform account that may go negative; crediting a customer cannot overdraw anything.
  if (!entry.ok) throw new Error(`deposit ${row.id}: crediting a customer cannot overdraw`);
  const [posted] = await tx
    .update(deposits)
    .set({ entryId: entry.entryId })
    .where(eq(deposits.id, row.id))
    .returning();
  assert(posted, 'approved deposit keeps its entry');
  for (const plan of plans) await plan.run();
  return posted;
}

/** The subject of a decision; a function of the follow-ups so the approval runs what app.ts wired in. */
const depositSubject = (
  followUps: readonly DepositFollowUp[],
): ReviewSubject<DepositRow, DepositReviewItem> => ({
  name: 'deposit',
  claim: async (tx, id, c) => {
    const [row] = await tx
      .update(deposits)
      .set({ status: c.status, reason: c.reason, reviewedBy: c.adminId, reviewedAt: c.at })
      .where(and(eq(deposits.id, id), eq(deposits.status, 'pending')))
      .returning();
    return row;
  },
  refusal: async (tx, id) =>
    decidedOrMissing(
      (await tx.select({ id: deposits.id }).from(deposits).where(eq(deposits.id, id)).limit(1)).length > 0,
    ),
  settle: (decided) => settle(decided, followUps),
  snapshot: depositRecord,
  notify: async ({ tx, row, decision, now }) => {
    const amount = formatMinor(row.amountMinor, usdtScale);
    if (decision.outcome === 'approved') await notify(tx, row.userId, 'depositApproved', { amount }, now);
    if (decision.outcome === 'rejected') {
      await notify(tx, row.userId, 'depositRejected', { amount, reason: decision.reason }, now);
    }
  },
  item: async (tx: Tx, row) => {
    const [found] = await reviewSelect(tx).where(eq(deposits.id, row.id)).limit(1);
    assert(found, 'decided deposit exists');
    return reviewView(found, await rateTicksOf(tx, [found.deposit]));
  },
});

/** The deposit queue; `followUps` run in each approving transaction (app.ts: the invite reward). */
export function depositReviews(followUps: readonly DepositFollowUp[]): ReviewHandler<'deposits'> {
  const subject = depositSubject(followUps);
  return {
    permission: 'reviewMoney',
    list: listForReview,
    approve: (ctx, admin, id, note) => decideReview(ctx, subject, admin, id, { outcome: 'approved', note }),
    reject: (ctx, admin, id, reason) =>
      decideReview(ctx, subject, admin, id, { outcome: 'rejected', reason }),
  };
}
