// Back-office sign-in: password, then a TOTP code (or a recovery code) where one is enrolled; every success
// and every failure on an existing account is an audit row. Tokens become sessions here, and a session of an
// account that must be secured first (a generated password, or TOTP not yet enrolled where the role needs it)
// reaches My account only (10114 elsewhere, in every guard, because the authenticator says so).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { codes, adminRoles, type AdminInfo, type AdminRole, type Code } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { verifyPassword, dummyPasswordHash } from '../platform/passwords.ts';
import { hashToken } from '../platform/tokens.ts';
import type { Ctx } from '../platform/context.ts';
import type { Secrets } from '../platform/secrets.ts';
import { writeAudit } from '../platform/audit.ts';
import { isSecured, needsTotp, type AdminSession } from '../platform/admin-identity.ts';
import { adminRecoveryCodes, adminSessions } from './tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { isLive, openSession, type SessionOrigin } from './sessions.ts';
import { normalizeRecoveryCode, stepOfCode } from '../platform/totp.ts';
import { recoveryCodeHash, totpSealContext } from './totp.ts';

export type AdminRow = typeof admins.$inferSelect;

export const isRole = (r: string): r is AdminRole => (adminRoles as readonly string[]).includes(r);

/** The account as the sign-in answer and My account show it. */
export function toAdminInfo(row: AdminRow & { role: AdminRole }): AdminInfo {
  return {
    id: String(row.id),
    userName: row.userName,
    role: row.role,
    mustChangePassword: row.mustChangePassword,
    totpEnrolled: row.totpEnrolledAt !== null,
    totpRequired: needsTotp(row.role),
  };
}

type Factor = 'password' | 'totp' | 'recovery';

/**
 * Accepts `otp` as the second factor of `admin`: a TOTP code of a step later than the last accepted one (a
 * code is good once, even under two sign-ins at the same moment), or an unused recovery code (used up here).
 */
async function acceptSecondFactor(
  ctx: Ctx,
  secrets: Secrets,
  admin: AdminRow,
  otp: string,
  now: number,
): Promise<Factor | null> {
  if (!admin.totpSecret) return null;
  if (/^\d{6}$/.test(otp)) {
    const secret = secrets.decrypt(admin.totpSecret, totpSealContext(admin.id));
    const step = stepOfCode(secret, otp, now);
    if (step === null) return null;
    const taken = await ctx.db
      .update(admins)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(admins.id, admin.id),
          eq(admins.totpSecret, admin.totpSecret),
          or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step)),
        ),
      )
      .returning({ id: admins.id });
    return taken.length > 0 ? 'totp' : null;
  }
  const normalized = normalizeRecoveryCode(otp);
  if (!normalized) return null;
  const used = await ctx.db
    .update(adminRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(adminRecoveryCodes.adminId, admin.id),
        eq(adminRecoveryCodes.codeHash, recoveryCodeHash(secrets, admin.id, normalized)),
        isNull(adminRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

export type LoginInput = { userName: string; password: string; otp?: string | undefined };

export async function adminLogin(ctx: Ctx, secrets: Secrets, input: LoginInput, origin: SessionOrigin) {
  const now = ctx.clock.now();
  const [admin] = await ctx.db.select().from(admins).where(eq(admins.userName, input.userName)).limit(1);
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!admin) {
    ctx.log.warn({ ip: origin.ip }, 'back-office sign-in with an unknown user name');
    throw new AppError(codes.passwordInvalid);
  }
  const fail = async (reason: 'password' | 'disabled' | 'otp', code: Code) => {
    await writeAudit(
      ctx.db,
      {
        adminId: admin.id,
        action: 'admin.login.fail',
        target: `admin:${admin.id}`,
        after: { reason, ip: origin.ip, userAgent: origin.userAgent },
      },
      new Date(now),
    );
    return new AppError(code);
  };
  if (!valid) throw await fail('password', codes.passwordInvalid);
  if (admin.disabledAt || !isRole(admin.role)) throw await fail('disabled', codes.passwordInvalid);
  let factor: Factor = 'password';
  if (admin.totpEnrolledAt) {
    // The first step of a sign-in posts no code: the answer asks for it, and is no failure to record.
    if (!input.otp) throw new AppError(codes.totpRequired);
    const accepted = await acceptSecondFactor(ctx, secrets, admin, input.otp, now);
    if (!accepted) throw await fail('otp', codes.totpRequired);
    factor = accepted;
  }
  const role = admin.role;
  return ctx.db.transaction(async (tx) => {
    const { token, sessionId } = await openSession(tx, admin.id, now, origin);
    await tx
      .update(admins)
      .set({ lastLoginAt: new Date(now) })
      .where(eq(admins.id, admin.id));
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'admin.login',
        target: `admin:${admin.id}`,
        after: { sessionId: String(sessionId), factor, ip: origin.ip, userAgent: origin.userAgent },
      },
      new Date(now),
    );
    return { token, admin: toAdminInfo({ ...admin, role }) };
  });
}

/**
 * The session behind `token`, refreshed (idle timeout), or a 401. Unless `unsecured` (My account, logout),
 * a session of an account that must be secured first is refused with 10114.
 */
export async function authenticateAdmin(
  ctx: Ctx,
  token: string,
  opts: { unsecured?: boolean } = {},
): Promise<AdminSession> {
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .select({ session: adminSessions, admin: admins })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(admins.disabledAt)))
    .limit(1);
  if (!row || !isLive(row.session, now) || !isRole(row.admin.role)) {
    throw new AppError(codes.unauthenticated);
  }
  await ctx.db
    .update(adminSessions)
    .set({ lastSeenAt: new Date(now) })
    .where(eq(adminSessions.id, row.session.id));
  const session: AdminSession = {
    id: row.admin.id,
    userName: row.admin.userName,
    role: row.admin.role,
    sessionId: row.session.id,
    mustChangePassword: row.admin.mustChangePassword,
    totpEnrolled: row.admin.totpEnrolledAt !== null,
  };
  if (!opts.unsecured && !isSecured(session)) throw new AppError(codes.secureAccountFirst);
  return session;
}
