// The withdrawal review queue (CONTRACT.md "Back office", DESIGN.md §5): approve posts hold → withdrawals
// clearing (net) and fee income (fee); reject posts hold → cash. Each decision is one transaction that
// first claims the row with `where status = 'pending'`, so two admins clicking at once post once.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { codes, withdrawalStatuses, type Page, type WithdrawalReviewItem } from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import { assets, formatMinor } from '@tradewind/contract/money';
import { post, type Line } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { writeAudit, type AdminIdentity } from '../admin/service.ts';
import type { ReviewHandler, ReviewQuery } from '../admin/reviews.ts';
import { users } from '../users/tables.ts';
import { methodView } from './methods.ts';
import { withdrawalMethods } from './methods-tables.ts';
import { withdrawals, type WithdrawalRow } from './withdraw-tables.ts';
import { withdrawalView } from './withdraw.ts';

const scale = assets.USDT.scale;

const isStatus = (s: string): s is (typeof withdrawalStatuses)[number] =>
  (withdrawalStatuses as readonly string[]).includes(s);

async function listForReview(ctx: Ctx, q: ReviewQuery): Promise<Page<WithdrawalReviewItem>> {
  if (q.status !== undefined && !isStatus(q.status)) {
    throw new AppError(codes.paramsEmpty, {}, { status: { key: 'invalid' } });
  }
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

type Decision = { status: 'approved' | 'rejected'; reason: string | null };

/** pending → decided, or 10111 (no such withdrawal) / 10020 (already decided, e.g. by another admin just now). */
async function claim(
  tx: Tx,
  admin: AdminIdentity,
  id: number,
  decision: Decision,
  now: Date,
): Promise<WithdrawalRow> {
  const [claimed] = await tx
    .update(withdrawals)
    .set({ status: decision.status, reason: decision.reason, reviewedBy: admin.id, reviewedAt: now })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  if (claimed) return claimed;
  const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
  throw new AppError(exists ? codes.collectionStatusWrong : codes.notFound);
}

function settlementLines(row: WithdrawalRow, status: Decision['status']): Line[] {
  const hold = {
    owner: 'user',
    userId: row.userId,
    book: 'real',
    asset: 'USDT',
    purpose: 'withdrawal_hold',
  } as const;
  const lines: Line[] = [{ account: hold, amountMinor: -row.amountMinor }];
  if (status === 'rejected') {
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

async function decide(
  ctx: Ctx,
  admin: AdminIdentity,
  id: number,
  decision: Decision,
  note: string | undefined,
) {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const claimed = await claim(tx, admin, id, decision, now);
    const kind = decision.status === 'approved' ? 'withdrawal_payout' : 'withdrawal_release';
    const lines = settlementLines(claimed, decision.status);
    const entry = await post(tx, { book: 'real', kind, ref: `withdrawal:${id}`, lines }, now);
    // The hold was filled with exactly this amount when the row was written and only this row empties it.
    if (!entry.ok) throw new Error(`withdrawal ${id}: its hold does not cover it`);
    const [after] = await tx
      .update(withdrawals)
      .set({ settleEntryId: entry.entryId })
      .where(eq(withdrawals.id, id))
      .returning();
    assert(after, 'withdrawal settled');
    const before = withdrawalView({ ...claimed, status: 'pending', reason: null, reviewedAt: null });
    const view = withdrawalView(after);
    const action = decision.status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject';
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action,
        target: `withdrawal:${id}`,
        before,
        after: view,
        reason: decision.reason ?? note ?? null,
      },
      now,
    );
    const amount = formatMinor(after.amountMinor, scale);
    if (decision.status === 'approved') {
      await notify(
        tx,
        after.userId,
        'withdrawalApproved',
        { amount, fee: formatMinor(after.feeMinor, scale) },
        now,
      );
    } else {
      await notify(tx, after.userId, 'withdrawalRejected', { amount, reason: decision.reason ?? '' }, now);
    }
    return reviewItem(tx, after);
  });
}

export const withdrawalReviews: ReviewHandler = {
  permission: 'reviewMoney',
  list: listForReview,
  approve: (ctx, admin, id, note) => decide(ctx, admin, id, { status: 'approved', reason: null }, note),
  reject: (ctx, admin, id, reason) => decide(ctx, admin, id, { status: 'rejected', reason }, undefined),
};
