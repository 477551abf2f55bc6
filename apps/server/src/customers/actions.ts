// What staff do from the 360 besides disable/enable (admin/service.ts setUserStatus): reset the demo book
// (play money only; the ledger's own reset) and end a customer session. Each is audited in its own transaction.
import { and, eq } from 'drizzle-orm';
import { codes, type CustomerBookBalances, type CustomerSession } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { resetDemo } from '../ledger/records.ts';
import { demoStartMinor } from '../ledger/service.ts';
import { revokeSession } from '../auth/sessions.ts';
import { sessions } from '../auth/tables.ts';
import { booksOf } from './money.ts';
import { sessionView } from './profile.ts';
import { customerRow } from './view.ts';
import { usdt } from './format.ts';

/**
 * The customer's demo book back to 100,000 USDT, as their own "reset" button does (open demo contracts closed
 * at their latest tick first). The audit row, with the balances found, is written in the reset's transaction.
 */
export async function resetCustomerDemo(
  ctx: Ctx,
  admin: AdminIdentity,
  userId: number,
  reason: string,
): Promise<CustomerBookBalances> {
  await customerRow(ctx.db, userId);
  await resetDemo(ctx, userId, async (tx, before, now) => {
    const found = Object.fromEntries([...before].map(([purpose, minor]) => [purpose, usdt(minor)]));
    const entry = {
      adminId: admin.id,
      action: 'user.demo.reset' as const,
      target: `user:${userId}`,
      before: { demo: found },
      after: { demo: { cash: usdt(demoStartMinor) } },
      reason,
    };
    await writeAudit(tx, entry, now);
  });
  return (await booksOf(ctx.db, userId)).demo;
}

/**
 * Ends one session of the customer (their other devices stay signed in). A session already ended answers as it
 * stands and writes nothing, so two staff revoking at once record it once.
 */
export async function revokeCustomerSession(
  ctx: Ctx,
  admin: AdminIdentity,
  userId: number,
  sessionId: number,
  reason: string,
): Promise<CustomerSession> {
  await customerRow(ctx.db, userId);
  const now = new Date(ctx.clock.now());
  const idleMs = ctx.config.session.idleMs;
  return ctx.db.transaction(async (tx) => {
    const mine = and(eq(sessions.id, sessionId), eq(sessions.userId, userId));
    const [before] = await tx.select().from(sessions).where(mine).for('update');
    if (!before) throw new AppError(codes.notFound);
    if (before.revokedAt !== null) return sessionView(before, now, idleMs);
    await revokeSession(tx, sessionId, now, 'revoked by back office');
    const [after] = await tx.select().from(sessions).where(mine);
    if (!after) throw new Error(`session ${sessionId} vanished while locked`);
    const entry = {
      adminId: admin.id,
      action: 'user.session.revoke' as const,
      target: `user:${userId}`,
      before: { session: sessionView(before, now, idleMs) },
      after: { session: sessionView(after, now, idleMs) },
      reason,
    };
    await writeAudit(tx, entry, now);
    return sessionView(after, now, idleMs);
  });
}
