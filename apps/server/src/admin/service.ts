// Back-office accounts, the first-start bootstrap, customer status changes and the audit log's list (sign-in and
// sessions: signin.ts, sessions.ts; staff: staff.ts; My account: me.ts).
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import { codes, userStatuses, type AdminRole, type Page, type UserStatus } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import { users, type UserRow } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { admins } from '../platform/staff-tables.ts';

// Operator identity and the audit writer are platform services now; re-exported for this domain's callers.
export { can, type AdminIdentity } from '../platform/admin-identity.ts';
export { adminLogin, authenticateAdmin } from './signin.ts';

/**
 * First start with no admin: create `admin` with a random password written once to DATA_DIR (mode 0600),
 * to be changed at the first sign-in (and TOTP enrolled) before the account can do anything else.
 */
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
      mustChangePassword: true,
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

/**
 * An admin account with a password chosen by its caller (tests, tools). A colleague created in the back office
 * goes through staff.ts, with a generated password that must be changed (`mustChangePassword`).
 */
export async function createAdmin(
  ctx: Pick<Ctx, 'db' | 'clock'>,
  userName: string,
  password: string,
  role: AdminRole,
  opts: { mustChangePassword?: boolean } = {},
): Promise<number> {
  const [row] = await ctx.db
    .insert(admins)
    .values({
      userName,
      passwordHash: await hashPassword(password),
      role,
      createdAt: new Date(ctx.clock.now()),
      mustChangePassword: opts.mustChangePassword ?? false,
    })
    .returning({ id: admins.id });
  if (!row) throw new Error('admin not created');
  return row.id;
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
