// Staff accounts (manageStaff, superadmin): create with a generated password shown once, enable/disable,
// change role, reset the password (and TOTP), force sign-out. Each change is one audit row with before,
// after and the reason; none may be done to one's own account (My account is for that).
import { randomBytes } from 'node:crypto';
import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { codes, type AdminRole, type AdminSessionRow, type Page, type StaffRow } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import { assessPassword } from '@tradewind/contract/password-strength';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { writeAudit } from '../platform/audit.ts';
import { can, type AdminIdentity } from '../platform/admin-identity.ts';
import { adminRecoveryCodes, adminSessions } from './tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { isRole, type AdminRow } from './signin.ts';
import { countLiveSessions, liveAt, liveSessions, revokeSessions } from './sessions.ts';

/**
 * 96 random bits, 16 characters: read out once and replaced at the first sign-in. Drawn again in the rare case
 * the password policy would refuse it (it happens to hold the account's name), as it would the colleague's own.
 */
function generatedPassword(userName: string): string {
  for (;;) {
    const password = randomBytes(12).toString('base64url');
    if (!assessPassword(password, { userName }).refusal) return password;
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accounts with their count of live sessions, in one query. */
function staffWithSessions(db: DbOrTx, now: number) {
  const live = db
    .select({ adminId: adminSessions.adminId, n: count().as('n') })
    .from(adminSessions)
    .where(liveAt(now))
    .groupBy(adminSessions.adminId)
    .as('live');
  return db
    .select({ admin: admins, active: sql<number>`coalesce(${live.n}, 0)::int` })
    .from(admins)
    .leftJoin(live, eq(live.adminId, admins.id));
}

function toStaffRow(row: AdminRow, activeSessions: number): StaffRow {
  if (!isRole(row.role)) throw new Error(`admin ${row.id} has an unknown role`);
  return {
    id: String(row.id),
    userName: row.userName,
    role: row.role,
    status: row.disabledAt ? 'disabled' : 'enabled',
    mustChangePassword: row.mustChangePassword,
    totpEnrolled: row.totpEnrolledAt !== null,
    createdAt: row.createdAt.getTime(),
    disabledAt: row.disabledAt?.getTime() ?? null,
    lastLoginAt: row.lastLoginAt?.getTime() ?? null,
    activeSessions,
  };
}

async function staffRow(db: DbOrTx, id: number, now: number): Promise<StaffRow> {
  const [row] = await staffWithSessions(db, now).where(eq(admins.id, id)).limit(1);
  if (!row) throw new AppError(codes.notFound);
  return toStaffRow(row.admin, row.active);
}

export async function listStaff(
  ctx: Ctx,
  q: { keyword?: string | undefined; page: number; size: number },
): Promise<Page<StaffRow>> {
  const now = ctx.clock.now();
  const where = q.keyword ? ilike(admins.userName, `%${escapeLike(q.keyword)}%`) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(admins).where(where);
  const rows = await staffWithSessions(ctx.db, now)
    .where(where)
    .orderBy(desc(admins.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map((r) => toStaffRow(r.admin, r.active)),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

export async function createStaff(
  ctx: Ctx,
  actor: AdminIdentity,
  body: { userName: string; role: AdminRole },
): Promise<{ staff: StaffRow; password: string }> {
  const now = ctx.clock.now();
  const password = generatedPassword(body.userName);
  const passwordHash = await hashPassword(password);
  const staff = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(admins)
      .values({
        userName: body.userName,
        passwordHash,
        role: body.role,
        createdAt: new Date(now),
        mustChangePassword: true,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(codes.staffUserNameTaken);
    await writeAudit(
      tx,
      {
        adminId: actor.id,
        action: 'staff.create',
        target: `admin:${row.id}`,
        before: null,
        after: { userName: row.userName, role: row.role, status: 'enabled', mustChangePassword: true },
      },
      new Date(now),
    );
    return toStaffRow(row, 0);
  });
  return { staff, password };
}

/**
 * Locks the staff row for a change by `actor`, and the actor's own row with it (in id order): two
 * superadmins disabling each other at once are serialized, and the second finds itself disabled (401).
 * Refuses one's own account (10145) and unknown ids.
 */
async function lockOther(tx: Tx, actor: AdminIdentity, id: number): Promise<AdminRow> {
  if (id === actor.id) throw new AppError(codes.notOnYourself);
  const rows = await tx
    .select()
    .from(admins)
    .where(inArray(admins.id, [actor.id, id]))
    .orderBy(asc(admins.id))
    .for('update');
  const self = rows.find((r) => r.id === actor.id);
  if (!self || self.disabledAt) throw new AppError(codes.unauthenticated);
  if (!isRole(self.role) || !can({ ...actor, role: self.role }, 'manageStaff'))
    throw new AppError(codes.authStatusWrong);
  const row = rows.find((r) => r.id === id);
  if (!row) throw new AppError(codes.notFound);
  return row;
}

const statusOf = (row: AdminRow) => (row.disabledAt ? 'disabled' : 'enabled');

export async function setStaffStatus(
  ctx: Ctx,
  actor: AdminIdentity,
  id: number,
  status: 'enabled' | 'disabled',
  reason: string,
): Promise<StaffRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOther(tx, actor, id);
    const disabledAt = status === 'disabled' ? (before.disabledAt ?? new Date(now)) : null;
    await tx.update(admins).set({ disabledAt }).where(eq(admins.id, id));
    const revoked = status === 'disabled' ? await revokeSessions(tx, id, now) : 0;
    await writeAudit(
      tx,
      {
        adminId: actor.id,
        action: status === 'disabled' ? 'staff.disable' : 'staff.enable',
        target: `admin:${id}`,
        before: { status: statusOf(before) },
        after: { status, sessionsRevoked: revoked },
        reason,
      },
      new Date(now),
    );
    return staffRow(tx, id, now);
  });
}

export async function setStaffRole(
  ctx: Ctx,
  actor: AdminIdentity,
  id: number,
  role: AdminRole,
  reason: string,
): Promise<StaffRow> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await lockOther(tx, actor, id);
    await tx.update(admins).set({ role }).where(eq(admins.id, id));
    await writeAudit(
      tx,
      {
        adminId: actor.id,
        action: 'staff.role',
        target: `admin:${id}`,
        before: { role: before.role },
        after: { role },
        reason,
      },
      new Date(now),
    );
    return staffRow(tx, id, now);
  });
}

/**
 * A new generated password, shown once and to be changed at the next sign-in; every session ends. With
 * `resetTotp` the authenticator and recovery codes go too (a lost phone), and the colleague enrols again.
 */
export async function resetStaffPassword(
  ctx: Ctx,
  actor: AdminIdentity,
  id: number,
  body: { reason: string; resetTotp?: boolean | undefined },
): Promise<{ staff: StaffRow; password: string }> {
  const now = ctx.clock.now();
  let password = '';
  const staff = await ctx.db.transaction(async (tx) => {
    const before = await lockOther(tx, actor, id);
    // Drawn here, where the account's name is known (the policy looks for it in the password).
    password = generatedPassword(before.userName);
    const passwordHash = await hashPassword(password);
    const resetTotp = body.resetTotp === true;
    await tx
      .update(admins)
      .set({
        passwordHash,
        mustChangePassword: true,
        ...(resetTotp
          ? { totpSecret: null, totpPendingSecret: null, totpEnrolledAt: null, totpLastStep: null }
          : {}),
      })
      .where(eq(admins.id, id));
    if (resetTotp) await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, id));
    const revoked = await revokeSessions(tx, id, now);
    const totpEnrolled = before.totpEnrolledAt !== null;
    await writeAudit(
      tx,
      {
        adminId: actor.id,
        action: 'staff.password.reset',
        target: `admin:${id}`,
        before: { mustChangePassword: before.mustChangePassword, totpEnrolled },
        after: {
          mustChangePassword: true,
          totpEnrolled: totpEnrolled && !resetTotp,
          sessionsRevoked: revoked,
        },
        reason: body.reason,
      },
      new Date(now),
    );
    return staffRow(tx, id, now);
  });
  return { staff, password };
}

/** Ends every session of a colleague now (a lost laptop, a leaver): they sign in again. */
export async function signOutStaff(
  ctx: Ctx,
  actor: AdminIdentity,
  id: number,
  reason: string,
): Promise<{ staff: StaffRow; revoked: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockOther(tx, actor, id);
    const active = await countLiveSessions(tx, id, now);
    const revoked = await revokeSessions(tx, id, now);
    await writeAudit(
      tx,
      {
        adminId: actor.id,
        action: 'staff.sign-out',
        target: `admin:${id}`,
        before: { activeSessions: active },
        after: { activeSessions: 0, sessionsRevoked: revoked },
        reason,
      },
      new Date(now),
    );
    return { staff: await staffRow(tx, id, now), revoked };
  });
}

export async function staffSessions(ctx: Ctx, id: number): Promise<AdminSessionRow[]> {
  const [row] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.id, id)).limit(1);
  if (!row) throw new AppError(codes.notFound);
  return liveSessions(ctx.db, id, ctx.clock.now(), null);
}
