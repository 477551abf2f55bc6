// Manual balance adjustments under the four-eyes rule (DESIGN.md §1.6): one admin asks, another approves.
import { count, desc, eq } from 'drizzle-orm';
import { codes, type Book } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { post } from '../ledger/post.ts';
import { notify } from '../notifications/service.ts';
import { users } from '../users/tables.ts';
import { adjustments } from './adjustments-tables.ts';
import { writeAudit, type AdminIdentity } from './service.ts';

const scale = assets.USDT.scale;

function view(a: typeof adjustments.$inferSelect) {
  return {
    id: String(a.id),
    userId: String(a.userId),
    book: a.book,
    amount: formatMinor(a.amountMinor, scale),
    reason: a.reason,
    status: a.status,
    requestedBy: String(a.requestedBy),
    approvedBy: a.approvedBy === null ? null : String(a.approvedBy),
    createdAt: a.createdAt.getTime(),
    decidedAt: a.decidedAt?.getTime() ?? null,
  };
}

export async function requestAdjustment(
  ctx: Ctx,
  admin: AdminIdentity,
  body: { userId: string; book: Book; amount: string; reason: string },
) {
  const amountMinor = tryParseDecimal(body.amount, scale);
  if (amountMinor === undefined || amountMinor === 0n) {
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  }
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
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
    if (!row) throw new Error('adjustment not inserted');
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'adjustment.request',
        target: `adjustment:${row.id}`,
        after: view(row),
        reason: body.reason,
      },
      now,
    );
    return view(row);
  });
}

/** Posts a pending adjustment. The requester cannot approve their own (also a DB CHECK). */
export async function approveAdjustment(ctx: Ctx, admin: AdminIdentity, id: number) {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update');
    if (!row) throw new AppError(codes.notFound);
    if (row.status !== 'pending') throw new AppError(codes.collectionStatusWrong);
    if (row.requestedBy === admin.id) throw new AppError(codes.authStatusWrong);
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
    if (!entry.ok) throw new AppError(codes.insufficientBalance);
    const [after] = await tx
      .update(adjustments)
      .set({ status: 'approved', approvedBy: admin.id, entryId: entry.entryId, decidedAt: now })
      .where(eq(adjustments.id, id))
      .returning();
    if (!after) throw new Error('adjustment vanished');
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'adjustment.approve',
        target: `adjustment:${id}`,
        before: view(row),
        after: view(after),
        reason: row.reason,
      },
      now,
    );
    await notify(
      tx,
      row.userId,
      'balanceAdjusted',
      { book, amount: formatMinor(row.amountMinor, scale), reason: row.reason },
      now,
    );
    return view(after);
  });
}

export async function listAdjustments(
  ctx: Ctx,
  q: { status?: string | undefined; page: number; size: number },
) {
  const where = q.status ? eq(adjustments.status, q.status) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(adjustments).where(where);
  const rows = await ctx.db
    .select()
    .from(adjustments)
    .where(where)
    .orderBy(desc(adjustments.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(view), total: total?.n ?? 0, page: q.page, size: q.size };
}
