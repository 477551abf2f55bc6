// Back-office sign-in: password, then a TOTP code (or a recovery code) where one is enrolled; every success
// and every failure on an existing account is an audit row; failures are counted per account and address
// (signin-windows.ts). Tokens become sessions here, and a session of an
// account that must be secured first (a generated password, or TOTP not yet enrolled where the role needs it)
// reaches My account only (10114 elsewhere, in every guard, because the authenticator says so).
import { and, eq, isNull } from 'drizzle-orm';
import { codes, adminRoles, type AdminInfo, type AdminRole, type Code } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { verifyPassword, dummyPasswordHash } from '../platform/passwords.ts';
import { hashToken } from '../platform/tokens.ts';
import type { Ctx } from '../platform/context.ts';
import type { Secrets } from '../platform/secrets.ts';
import { writeAudit } from '../platform/audit.ts';
import { isSecured, needsTotp, type AdminSession } from '../platform/admin-identity.ts';
import { adminSessions } from './tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { isLive, openSession, type SessionOrigin } from './sessions.ts';
import { acceptSecondFactor, secondFactorMatches, type SecondFactor } from './second-factor.ts';
import type { SignInWindows } from './signin-windows.ts';

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

type Factor = 'password' | SecondFactor;

export type LoginInput = { userName: string; password: string; otp?: string | undefined };

/**
 * Signs `input` in. While a failure window asks for a wait (signin-windows.ts) only a right password with a
 * right second factor passes: the owner is never locked out, and a guesser learns nothing (every other
 * answer is the wait) and costs no password hash unless the code was right. A password alone never passes
 * a wait: nothing tells its owner from a guesser.
 */
export async function adminLogin(
  ctx: Ctx,
  secrets: Secrets,
  input: LoginInput,
  origin: SessionOrigin,
  windows: SignInWindows,
) {
  const now = ctx.clock.now();
  const waiting = await windows.waiting();
  const [admin] = await ctx.db.select().from(admins).where(eq(admins.userName, input.userName)).limit(1);
  if (
    waiting &&
    !(admin?.totpEnrolledAt && input.otp && (await secondFactorMatches(ctx, secrets, admin, input.otp, now)))
  ) {
    throw new AppError(codes.tooManyRequests);
  }
  const valid = await verifyPassword(admin?.passwordHash ?? (await dummyPasswordHash()), input.password);
  /** A failure counts in the windows; once one asks for a wait, the wait is the answer. */
  const refusal = async (code: Code) =>
    new AppError((await windows.failed()) || waiting ? codes.tooManyRequests : code);
  if (!admin) {
    ctx.log.warn({ ip: origin.ip }, 'back-office sign-in with an unknown user name');
    throw await refusal(codes.passwordInvalid);
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
    return refusal(code);
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
