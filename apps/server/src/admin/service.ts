// Back-office accounts, sessions, the first-start bootstrap, customer status changes and the audit log's list.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import { codes, userStatuses, type AdminRole, type Page, type UserStatus } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword, verifyPassword, dummyPasswordHash } from '../platform/passwords.ts';
import { hashToken, newToken } from '../platform/tokens.ts';
import type { Ctx } from '../platform/context.ts';
import { users, type UserRow } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { admins, adminSessions } from './tables.ts';

// Operator identity and the audit writer are platform services now; re-exported for this domain's callers.
export { can, type AdminIdentity } from '../platform/admin-identity.ts';

const adminSessionMs = 12 * 60 * 60_000;
const adminIdleMs = 60 * 60_000;

const isRole = (r: string): r is AdminRole => r in { support: 1, finance: 1, compliance: 1, superadmin: 1 };

/** First start with no admin: create `admin` with a random password written once to DATA_DIR (mode 0600). */
export async function bootstrapAdmin(ctx: Ctx): Promise<void> {
  const [existing] = await ctx.db.select({ n: count() }).from(admins);
  if ((existing?.n ?? 0) > 0) return;
  const password = randomBytes(18).toString('base64url');
  const inserted = await ctx.db
    .insert(admins)
    .values({
      userName: 'admin',
      passwordHash: await hashPassword(password),
      role: 'superadmin',
      createdAt: new Date(ctx.clock.now()),
    })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  if (inserted.length === 0) return; // another node won the race
  await mkdir(ctx.config.dataDir, { recursive: true });
  const file = path.join(ctx.config.dataDir, 'admin-password.txt');
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: 'w' });
  ctx.log.warn(
    { file },
    'created back-office user "admin"; its password is in this file (read it, then delete it)',
  );
}

export async function createAdmin(
  ctx: Ctx,
  userName: string,
  password: string,
  role: AdminRole,
): Promise<number> {
  const [row] = await ctx.db
    .insert(admins)
    .values({
      userName,
      passwordHash: await hashPassword(password),
      role,
      createdAt: new Date(ctx.clock.now()),
    })
    .returning({ id: admins.id });
  if (!row) throw new Error('admin not created');
  return row.id;
}

export async function adminLogin(ctx: Ctx, userName: string, password: string) {
  const [admin] = await ctx.db
    .select()
    .from(admins)
    .where(and(eq(admins.userName, userName), isNull(admins.disabledAt)))
    .limit(1);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!admin || !valid || !isRole(admin.role)) throw new AppError(codes.passwordInvalid);
  const token = newToken();
  const now = ctx.clock.now();
  await ctx.db.insert(adminSessions).values({
    adminId: admin.id,
    tokenHash: hashToken(token),
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + adminSessionMs),
  });
  return { token, admin: { id: String(admin.id), userName: admin.userName, role: admin.role } };
}

export async function authenticateAdmin(ctx: Ctx, token: string): Promise<AdminIdentity> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ session: adminSessions, admin: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        isNull(admins.disabledAt),
      ),
    )
    .limit(1);
  if (
    !row ||
    row.session.expiresAt.getTime() <= now ||
    row.session.lastSeenAt.getTime() + adminIdleMs <= now
  ) {
    throw new AppError(codes.unauthenticated);
  }
  if (!isRole(row.admin.role)) throw new AppError(codes.unauthenticated);
  await ctx.db
    .update(adminSessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(adminSessions.id, row.session.id));
  return { id: row.admin.id, userName: row.admin.userName, role: row.admin.role };
}

export async function listUsers(ctx: Ctx, q: { keyword?: string | undefined; page: number; size: number }) {
  const where = q.keyword
    ? or(
        ilike(users.userName, `%${escapeLike(q.keyword)}%`),
        ilike(users.email, `%${escapeLike(q.keyword)}%`),
      )
    : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(users).where(where);
  const rows = await ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map(toUserInfo),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  } satisfies Page<unknown>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Disables or enables a customer; disabling ends every session. One audit row either way. */
export async function setUserStatus(
  ctx: Ctx,
  admin: AdminIdentity,
  userId: number,
  status: UserStatus,
  reason: string,
) {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError(codes.userNotFound);
    const [after] = await tx.update(users).set({ status }).where(eq(users.id, userId)).returning();
    if (!after) throw new AppError(codes.userNotFound);
    if (status === userStatuses.disabled)
      await revokeUserSessions(tx, userId, now, 'disabled by back office');
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: status === userStatuses.disabled ? 'user.disable' : 'user.enable',
        target: `user:${userId}`,
        before: { status: before.status },
        after: { status },
        reason,
      },
      now,
    );
    return toUserInfo(after satisfies UserRow);
  });
}

export async function listAudit(ctx: Ctx, q: { page: number; size: number }) {
  const [total] = await ctx.db.select({ n: count() }).from(auditLog);
  const rows = await ctx.db
    .select({ row: auditLog, adminUserName: admins.userName })
    .from(auditLog)
    .innerJoin(admins, eq(admins.id, auditLog.adminId))
    .orderBy(desc(auditLog.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map(({ row: r, adminUserName }) => ({
      id: String(r.id),
      adminId: String(r.adminId),
      adminUserName,
      action: r.action,
      target: r.target,
      before: r.before,
      after: r.after,
      reason: r.reason,
      createdAt: r.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

/** Ends the back-office session behind `token` (sign-out). */
export async function adminLogout(ctx: Ctx, token: string): Promise<void> {
  await ctx.db
    .update(adminSessions)
    .set({ revokedAt: new Date(ctx.clock.now()) })
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(adminSessions.revokedAt)));
}
