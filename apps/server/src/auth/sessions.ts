// Customer sessions: opaque tokens, idle and absolute expiry, revocation.
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { codes, userStatuses } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashToken, newToken } from '../platform/tokens.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { sessions } from './tables.ts';
import { users, type UserRow } from '../users/tables.ts';

/** lastSeenAt is written at most this often, so a busy client does not write on every request. */
const touchEveryMs = 60_000;

export type Authenticated = { user: UserRow; sessionId: number };

/** Where a sign-in comes from, as the security page lists it; the link hash when a new-device e-mail goes out. */
export type SessionOrigin = { ip?: string; userAgent?: string | undefined; revokeLinkHash?: string };

export async function openSession(
  db: DbOrTx,
  ctx: Pick<Ctx, 'config'>,
  userId: number,
  now: Date,
  origin: SessionOrigin = {},
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ctx.config.session.absoluteMs),
    ip: origin.ip ?? null,
    userAgent: origin.userAgent ?? null,
    revokeLinkHash: origin.revokeLinkHash ?? null,
  });
  return token;
}

/** Resolves a bearer token to its user; any problem is a 401, a disabled user too (CONTRACT.md "Auth"). */
export async function authenticate(ctx: Ctx, token: string): Promise<Authenticated> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) throw new AppError(codes.unauthenticated);
  const { session, user } = row;
  const idleExpired = session.lastSeenAt.getTime() + ctx.config.session.idleMs <= now;
  if (session.expiresAt.getTime() <= now || idleExpired || user.status !== userStatuses.enabled) {
    throw new AppError(codes.unauthenticated);
  }
  if (now - session.lastSeenAt.getTime() > touchEveryMs) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, session.id));
  }
  return { user, sessionId: session.id };
}

export async function revokeSession(db: DbOrTx, sessionId: number, now: Date, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `keepSessionId`. */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: number,
  now: Date,
  reason: string,
  keepSessionId?: number,
): Promise<void> {
  const keep = keepSessionId === undefined ? sql`true` : ne(sessions.id, keepSessionId);
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep));
}
