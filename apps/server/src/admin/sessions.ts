// Back-office sessions: opened at sign-in, live while used (30-min idle timeout, 12-h maximum), listed and
// ended by their operator (My account) or by a superadmin (Staff).
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AdminSessionRow } from '@tradewind/contract';
import type { DbOrTx } from '../platform/db.ts';
import { hashToken, newToken } from '../platform/tokens.ts';
import { adminSessions } from './tables.ts';

export const adminSessionMs = 12 * 60 * 60_000;
/** Idle timeout of a back-office session (issue 13: 30 minutes). */
export const adminIdleMs = 30 * 60_000;

export type SessionOrigin = { ip: string | null; userAgent: string | null };

export async function openSession(
  db: DbOrTx,
  adminId: number,
  now: number,
  origin: SessionOrigin,
): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const [row] = await db
    .insert(adminSessions)
    .values({
      adminId,
      tokenHash: hashToken(token),
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt: new Date(now + adminSessionMs),
      ip: origin.ip,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: adminSessions.id });
  if (!row) throw new Error('admin session not created');
  return { token, sessionId: row.id };
}

/** Neither revoked, past its maximum, nor idle for the timeout. */
export function liveAt(now: number) {
  return and(
    isNull(adminSessions.revokedAt),
    gt(adminSessions.expiresAt, new Date(now)),
    gt(adminSessions.lastSeenAt, new Date(now - adminIdleMs)),
  );
}

/** Is a session row live at `now` (the same rule as `liveAt`, for a row already read). */
export function isLive(
  s: { revokedAt: Date | null; expiresAt: Date; lastSeenAt: Date },
  now: number,
): boolean {
  return !s.revokedAt && s.expiresAt.getTime() > now && s.lastSeenAt.getTime() + adminIdleMs > now;
}

export async function liveSessions(
  db: DbOrTx,
  adminId: number,
  now: number,
  currentSessionId: number | null,
): Promise<AdminSessionRow[]> {
  const rows = await db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), liveAt(now)))
    .orderBy(desc(adminSessions.id))
    .limit(100);
  return rows.map((s) => ({
    id: String(s.id),
    createdAt: s.createdAt.getTime(),
    lastSeenAt: s.lastSeenAt.getTime(),
    expiresAt: s.expiresAt.getTime(),
    ip: s.ip,
    userAgent: s.userAgent,
    current: s.id === currentSessionId,
  }));
}

export async function countLiveSessions(db: DbOrTx, adminId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), liveAt(now)));
  return row?.n ?? 0;
}

/** Ends every session of `adminId` but `exceptSessionId`; answers how many were live. */
export async function revokeSessions(
  db: DbOrTx,
  adminId: number,
  now: number,
  exceptSessionId?: number,
): Promise<number> {
  const live = await db
    .update(adminSessions)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.revokedAt),
        exceptSessionId === undefined ? undefined : ne(adminSessions.id, exceptSessionId),
      ),
    )
    .returning({ expiresAt: adminSessions.expiresAt, lastSeenAt: adminSessions.lastSeenAt });
  return live.filter((s) => isLive({ revokedAt: null, ...s }, now)).length;
}

/** Ends one session of `adminId`; false when it is not theirs or already ended. */
export async function revokeSession(
  db: DbOrTx,
  adminId: number,
  sessionId: number,
  now: number,
): Promise<boolean> {
  const rows = await db
    .update(adminSessions)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(adminSessions.id, sessionId),
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.revokedAt),
      ),
    )
    .returning({ id: adminSessions.id });
  return rows.length > 0;
}

/** Ends the session behind `token` (sign-out). */
export async function endSessionByToken(db: DbOrTx, token: string, now: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(adminSessions.revokedAt)));
}
