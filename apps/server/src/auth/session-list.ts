// The security page's sessions: the customer's active ones, signing one or all others out, and the one-time
// link of a new-device e-mail that signs that session out without being signed in (issue 25).
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { codes, type SecuritySession } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashToken } from '../platform/tokens.ts';
import type { Ctx } from '../platform/context.ts';
import { sessions } from './tables.ts';
import { revokeSession, revokeUserSessions } from './sessions.ts';
import { describeUserAgent } from './user-agent.ts';

/** Unrevoked, within the absolute and the idle limit: the sessions `authenticate` would still accept. */
export async function listSessions(ctx: Ctx, userId: number, currentId: number): Promise<SecuritySession[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - ctx.config.session.idleMs)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => ({
    id: String(row.id),
    current: row.id === currentId,
    ...describeUserAgent(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.getTime(),
    lastSeenAt: row.lastSeenAt.getTime(),
  }));
}

/** One of the customer's own sessions (the current one too: that is a sign-out); another's id is 10111. */
export async function revokeOwnSession(ctx: Ctx, userId: number, sessionId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  if (!row) throw new AppError(codes.notFound);
  await revokeSession(ctx.db, row.id, new Date(ctx.clock.now()), 'signed out from the security page');
}

export async function revokeOtherSessions(ctx: Ctx, userId: number, currentId: number): Promise<void> {
  await revokeUserSessions(
    ctx.db,
    userId,
    new Date(ctx.clock.now()),
    'signed out from the security page',
    currentId,
  );
}

/**
 * The new-device e-mail's link: signs its session out once. A second use, or an unknown token, is 10175 and
 * changes nothing; a session already ended another way still spends the link.
 */
export async function useSignOutLink(ctx: Ctx, token: string): Promise<void> {
  const now = new Date(ctx.clock.now());
  const [used] = await ctx.db
    .update(sessions)
    .set({ revokeLinkUsedAt: now })
    .where(and(eq(sessions.revokeLinkHash, hashToken(token)), isNull(sessions.revokeLinkUsedAt)))
    .returning({ id: sessions.id });
  if (!used) throw new AppError(codes.signOutLinkInvalid);
  await revokeSession(ctx.db, used.id, now, 'signed out from the new-device e-mail');
}
