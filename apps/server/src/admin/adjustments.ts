// Manual balance adjustments under the four-eyes rule (DESIGN.md §1.6): one admin asks; a different admin
// approves (only then is the ledger entry posted) or rejects with a reason; the one who asked may cancel
// (void) it while it is pending. Decided through the one review helper (platform/review-decision.ts).
//
// Two limits bound them (params, USDT, on the amount's absolute value):
// - up to `adjustment_amount_max`, any admin who may adjust balances approves;
// - up to `adjustment_amount_max_superadmin`, anyone may ask but only a superadmin approves (10126);
// - above that, refused to everyone (10125), when asked and again when approved (a lowered limit applies
//   to requests still pending).
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { codes, type Adjustment, type AdjustmentLimits, type Book, type Page } from '@tradewind/contract';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { decideReview, type Decided, type ReviewSubject } from '../platform/review-decision.ts';
import { getParam } from '../settings/service.ts';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { adjustments, type AdjustmentRow } from './adjustments-tables.ts';

const scale = assets.USDT.scale;

/** An adjustment on the wire (also the customer 360's adjustments section). */
export function adjustmentView(a: AdjustmentRow): Adjustment {
  assert(a.book === 'real' || a.book === 'demo', `adjustment ${a.id} has a known book`);
  const status = a.status;
  assert(
    status === 'pending' || status === 'approved' || status === 'rejected' || status === 'voided',
    `adjustment ${a.id} has a known status`,
  );
  return {
    id: String(a.id),
    userId: String(a.userId),
    book: a.book,
    amount: formatMinor(a.amountMinor, scale),
    reason: a.reason,
    status,
    requestedBy: String(a.requestedBy),
    decidedBy: a.decidedBy === null ? null : String(a.decidedBy),
    decisionReason: a.decisionReason,
    entryId: a.entryId === null ? null : String(a.entryId),
    createdAt: a.createdAt.getTime(),
    decidedAt: a.decidedAt?.getTime() ?? null,
  };
}

export type Limits = { amountMaxMinor: bigint; amountMaxSuperadminMinor: bigint };

async function limitParam(db: DbOrTx, key: string): Promise<bigint> {
  const minor = tryParseDecimal((await getParam(db, key)).value, scale);
  if (minor === undefined || minor < 0n) throw new AppError(codes.paramsFetchFailed);
  return minor;
}

/** The limits in force, read through `db` (the deciding transaction, so a change applies at once). */
export async function adjustmentLimitsOf(db: DbOrTx): Promise<Limits> {
  // One after the other: a transaction is one connection.
  const amountMaxMinor = await limitParam(db, 'adjustment_amount_max');
  const amountMaxSuperadminMinor = await limitParam(db, 'adjustment_amount_max_superadmin');
  if (amountMaxSuperadminMinor < amountMaxMinor) throw new AppError(codes.paramsFetchFailed);
  return { amountMaxMinor, amountMaxSuperadminMinor };
}

export async function adjustmentLimits(ctx: Ctx): Promise<AdjustmentLimits> {
  const limits = await adjustmentLimitsOf(ctx.db);
  return {
    amountMax: formatMinor(limits.amountMaxMinor, scale),
    amountMaxSuperadmin: formatMinor(limits.amountMaxSuperadminMinor, scale),
  };
}

/** Who may approve an adjustment of `amountMinor` under `limits`. */
export function approverNeeded(amountMinor: bigint, limits: Limits): 'any' | 'superadmin' | 'nobody' {
  const size = amountMinor < 0n ? -amountMinor : amountMinor;
  if (size > limits.amountMaxSuperadminMinor) return 'nobody';
  return size > limits.amountMaxMinor ? 'superadmin' : 'any';
}

function refuseAboveMax(amountMinor: bigint, limits: Limits): void {
  if (approverNeeded(amountMinor, limits) === 'nobody') {
    throw new AppError(codes.adjustmentAboveMax, {
      limit: formatMinor(limits.amountMaxSuperadminMinor, scale),
    });
  }
}

export async function requestAdjustment(
  ctx: Ctx,
  admin: AdminIdentity,
  body: { userId: string; book: Book; amount: string; reason: string },
): Promise<Adjustment> {
  const amountMinor = tryParseDecimal(body.amount, scale);
  if (amountMinor === undefined || amountMinor === 0n) {
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  }
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    refuseAboveMax(amountMinor, await adjustmentLimitsOf(tx));
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, Number(body.userId)));
    if (!user) throw new AppError(codes.userNotFound);
    const [row] = await tx
      .insert(adjustments)
      .values({
        userId: user.id,
        book: body.book,
        amountMinor,
        reason: body.reason,
        requestedBy: admin.id,
        createdAt: now,
      })
      .returning();
    assert(row, 'adjustment inserted');
    const target = `adjustment:${row.id}`;
    const audit = {
      adminId: admin.id,
      action: 'adjustment.request' as const,
      target,
      after: adjustmentView(row),
    };
    await writeAudit(tx, { ...audit, reason: body.reason }, now);
    return adjustmentView(row);
  });
}

/** Approval posts the change between the customer's cash and the platform's adjustments account. */
async function settle({ tx, row, decision, now }: Decided<AdjustmentRow>): Promise<AdjustmentRow> {
  if (decision.outcome !== 'approved') return row;
  const book: Book = row.book === 'real' ? 'real' : 'demo';
  const entry = await post(
    tx,
    {
      book,
      kind: 'adjustment',
      ref: `adjustment:${row.id}`,
      memo: row.reason,
      lines: [
        {
          account: { owner: 'user', userId: row.userId, book, asset: 'USDT', purpose: 'cash' },
          amountMinor: row.amountMinor,
        },
        {
          account: { owner: 'platform', book, asset: 'USDT', purpose: 'adjustments' },
          amountMinor: -row.amountMinor,
        },
      ],
    },
    now,
  );
  // A debit larger than the customer's cash: refused, and the claim rolls back with it (still pending).
  if (!entry.ok) throw new AppError(codes.insufficientBalance);
  const [posted] = await tx
    .update(adjustments)
    .set({ entryId: entry.entryId })
    .where(eq(adjustments.id, row.id))
    .returning();
  assert(posted, 'approved adjustment keeps its entry');
  return posted;
}

const adjustmentSubject: ReviewSubject<AdjustmentRow, Adjustment> = {
  name: 'adjustment',
  // Four eyes in the claim itself: approved and rejected by someone other than the requester, voided only
  // by the requester (the table's CHECK says the same; this keeps a refusal from becoming a 500).
  claim: async (tx, id, c) => {
    const byRequester = eq(adjustments.requestedBy, c.adminId);
    const [row] = await tx
      .update(adjustments)
      .set({ status: c.status, decidedBy: c.adminId, decidedAt: c.at, decisionReason: c.reason })
      .where(
        and(
          eq(adjustments.id, id),
          eq(adjustments.status, 'pending'),
          c.status === 'voided' ? byRequester : ne(adjustments.requestedBy, c.adminId),
        ),
      )
      .returning();
    return row;
  },
  refusal: async (tx, id) => {
    const [row] = await tx
      .select({ status: adjustments.status, requestedBy: adjustments.requestedBy })
      .from(adjustments)
      .where(eq(adjustments.id, id));
    if (!row) return codes.notFound;
    if (row.status !== 'pending') return codes.collectionStatusWrong;
    return codes.authStatusWrong;
  },
  check: async ({ tx, row, decision, admin }) => {
    if (decision.outcome !== 'approved') return;
    const limits = await adjustmentLimitsOf(tx);
    refuseAboveMax(row.amountMinor, limits);
    if (approverNeeded(row.amountMinor, limits) === 'superadmin' && admin.role !== 'superadmin') {
      throw new AppError(codes.adjustmentNeedsSuperadmin, {
        limit: formatMinor(limits.amountMaxMinor, scale),
      });
    }
  },
  settle,
  snapshot: adjustmentView,
  // The customer hears of an adjustment only when it moves money; a rejected or voided request never did.
  notify: async ({ tx, row, decision, now }) => {
    if (decision.outcome !== 'approved') return;
    const params = { book: row.book, amount: formatMinor(row.amountMinor, scale), reason: row.reason };
    await notify(tx, row.userId, 'balanceAdjusted', params, now);
  },
  item: async (_tx, row) => adjustmentView(row),
};

export const approveAdjustment = (ctx: Ctx, admin: AdminIdentity, id: number, note: string | null) =>
  decideReview(ctx, adjustmentSubject, admin, id, { outcome: 'approved', note });

export const rejectAdjustment = (ctx: Ctx, admin: AdminIdentity, id: number, reason: string) =>
  decideReview(ctx, adjustmentSubject, admin, id, { outcome: 'rejected', reason });

export const cancelAdjustment = (ctx: Ctx, admin: AdminIdentity, id: number, reason: string | null) =>
  decideReview(ctx, adjustmentSubject, admin, id, { outcome: 'voided', reason });

export async function listAdjustments(
  ctx: Ctx,
  q: { status?: Adjustment['status'] | undefined; page: number; size: number },
): Promise<Page<Adjustment>> {
  const where = q.status ? eq(adjustments.status, q.status) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(adjustments).where(where);
  const rows = await ctx.db
    .select()
    .from(adjustments)
    .where(where)
    .orderBy(desc(adjustments.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(adjustmentView), total: total?.n ?? 0, page: q.page, size: q.size };
}
