// The loans review queue (CONTRACT.md "Back office" reviews/loans; DESIGN.md §5): finance approves — the
// disbursement loan receivable → cash (real book) is posted in the deciding transaction, and the repayment
// date set to approval + term — or rejects with a reason. Decided through the one review helper, whose claim
// (`where status = 'pending'`) makes two admins approving at once post once. Both outcomes notify.
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { LoanReviewItem, Page } from '@tradewind/contract';
import { loanRepayDateMs } from '@tradewind/contract/loan-math';
import { assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import {
  decideReview,
  decidedOrMissing,
  type Claim,
  type ReviewSubject,
} from '../platform/review-decision.ts';
import type { ReviewHandler, ReviewQuery } from '../platform/reviews.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users, type UserRow } from '../users/tables.ts';
import { productName } from './products.ts';
import { loanProducts, loans, type LoanProductRow, type LoanRow } from './tables.ts';
import { adminAgreementUrl, loanView, usdt } from './view.ts';

function itemOf(row: LoanRow, user: UserRow, product: LoanProductRow): LoanReviewItem {
  return {
    ...loanView(row, productName(product, 'en'), adminAgreementUrl(row.id)),
    user: { id: String(user.id), userName: user.userName, email: user.email, kycStatus: user.kycStatus },
    agreementSha256: row.signedSha256,
    reviewedBy: row.reviewedBy === null ? null : String(row.reviewedBy),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
    entryId: row.disburseEntryId === null ? null : String(row.disburseEntryId),
  };
}

async function listForReview(ctx: Ctx, q: ReviewQuery<'loans'>): Promise<Page<LoanReviewItem>> {
  const where = q.status === undefined ? undefined : eq(loans.status, q.status);
  // The pending queue is worked oldest first; decided ones are looked up newest first.
  const order = q.status === 'pending' ? asc(loans.id) : desc(loans.id);
  const [total] = await ctx.db.select({ n: count() }).from(loans).where(where);
  const rows = await ctx.db
    .select({ l: loans, u: users, p: loanProducts })
    .from(loans)
    .innerJoin(users, eq(users.id, loans.userId))
    .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
    .where(where)
    .orderBy(order)
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map(({ l, u, p }) => itemOf(l, u, p)),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

async function reviewItem(tx: Tx, row: LoanRow): Promise<LoanReviewItem> {
  const [found] = await tx
    .select({ u: users, p: loanProducts })
    .from(users)
    .innerJoin(loanProducts, eq(loanProducts.id, row.productId))
    .where(eq(users.id, row.userId));
  assert(found, `loan ${row.id} has its user and product`);
  return itemOf(row, found.u, found.p);
}

/**
 * Approval pays the loan out — loan receivable → the customer's real cash — and fixes the repayment date.
 * It happens inside the claim, on the row locked while still pending, because the table's CHECK wants a
 * repaying loan to name its disbursement in the same statement that makes it repaying.
 */
async function disburse(
  tx: Tx,
  row: LoanRow,
  at: Date,
): Promise<{ disburseEntryId: number; repayDueAt: Date }> {
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'loan_disburse',
      ref: `loan:${row.id}`,
      lines: [
        {
          account: { owner: 'platform', book: 'real', asset: 'USDT', purpose: 'loan_receivable' },
          amountMinor: -row.amountMinor,
        },
        {
          account: { owner: 'user', userId: row.userId, book: 'real', asset: 'USDT', purpose: 'cash' },
          amountMinor: row.amountMinor,
        },
      ],
    },
    at,
  );
  // Only the platform's receivable is debited, and platform accounts may go below zero.
  if (!entry.ok) throw new Error(`loan ${row.id}: the disbursement was refused`);
  return {
    disburseEntryId: entry.entryId,
    repayDueAt: new Date(loanRepayDateMs(at.getTime(), row.termDays)),
  };
}

async function claim(tx: Tx, id: number, c: Claim): Promise<LoanRow | undefined> {
  const [pending] = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.id, id), eq(loans.status, 'pending')))
    .for('update');
  if (!pending) return undefined;
  const decided = { reason: c.reason, reviewedBy: c.adminId, reviewedAt: c.at };
  const set =
    c.status === 'approved'
      ? { ...decided, status: 'repaying', ...(await disburse(tx, pending, c.at)) }
      : { ...decided, status: 'rejected' };
  const [row] = await tx.update(loans).set(set).where(eq(loans.id, id)).returning();
  return row;
}

const loanSubject: ReviewSubject<LoanRow, LoanReviewItem> = {
  name: 'loan',
  claim,
  refusal: async (tx, id) =>
    decidedOrMissing((await tx.select({ id: loans.id }).from(loans).where(eq(loans.id, id))).length > 0),
  snapshot: (row) => ({
    status: row.status,
    amount: usdt(row.amountMinor),
    repayAmount: usdt(row.repayMinor),
    disburseEntryId: row.disburseEntryId,
    repayDueAt: row.repayDueAt?.toISOString() ?? null,
  }),
  notify: async ({ tx, row, decision, now }) => {
    const amount = usdt(row.amountMinor);
    if (decision.outcome === 'approved') {
      await notify(tx, row.userId, 'loanApproved', { amount }, now);
    } else {
      await notify(tx, row.userId, 'loanRejected', { amount, reason: decision.reason ?? '' }, now);
    }
  },
  item: reviewItem,
};

export const loanReviews: ReviewHandler<'loans'> = {
  permission: 'reviewMoney',
  list: listForReview,
  approve: (ctx, admin, id, note) => decideReview(ctx, loanSubject, admin, id, { outcome: 'approved', note }),
  reject: (ctx, admin, id, reason) =>
    decideReview(ctx, loanSubject, admin, id, { outcome: 'rejected', reason }),
};
