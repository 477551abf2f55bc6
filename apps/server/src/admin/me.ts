// My account (/admin/api/me/*): an operator's own password, TOTP enrolment and sessions. Reachable while the
// account must be secured first, since this is where it gets secured.
import { and, count, eq, isNull } from 'drizzle-orm';
import { codes, type AdminSessionRow, type Code } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword, verifyPassword } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import type { Secrets } from '../platform/secrets.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminSession } from '../platform/admin-identity.ts';
import { adminRecoveryCodes } from './tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { isRole, toAdminInfo, type AdminRow } from './signin.ts';
import { acceptSecondFactor } from './second-factor.ts';
import { liveSessions, revokeSession, revokeSessions } from './sessions.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  stepOfCode,
} from '../platform/totp.ts';
import { recoveryCodeHash, totpSealContext } from './totp.ts';
import { enforcePasswordPolicy } from '../platform/password-policy.ts';

export async function me(ctx: Pick<Ctx, 'db'>, adminId: number) {
  const [row] = await ctx.db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row || !isRole(row.role)) throw new AppError(codes.unauthenticated);
  const [left] = await ctx.db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return { ...toAdminInfo({ ...row, role: row.role }), recoveryCodesLeft: left?.n ?? 0 };
}

/** The operator's own password: the old one proves it is them; every other session of theirs ends. */
export async function changeMyPassword(
  ctx: Ctx,
  session: AdminSession,
  oldPassword: string,
  password: string,
) {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(admins).where(eq(admins.id, session.id)).for('update');
    if (!row) throw new AppError(codes.unauthenticated);
    if (!(await verifyPassword(row.passwordHash, oldPassword))) throw new AppError(codes.passwordIncorrect);
    if (oldPassword === password) throw new AppError(codes.passwordUnchanged);
    enforcePasswordPolicy(password, { userName: row.userName });
    await tx
      .update(admins)
      .set({ passwordHash: await hashPassword(password), mustChangePassword: false })
      .where(eq(admins.id, session.id));
    const revoked = await revokeSessions(tx, session.id, now, session.sessionId);
    await writeAudit(
      tx,
      {
        adminId: session.id,
        action: 'admin.password.change',
        target: `admin:${session.id}`,
        before: { mustChangePassword: row.mustChangePassword },
        after: { mustChangePassword: false, otherSessionsRevoked: revoked },
      },
      new Date(now),
    );
  });
  return me(ctx, session.id);
}

export type TotpProof = { password?: string | undefined; otp?: string | undefined };

/**
 * A new TOTP secret, kept pending (sealed) until a code from it is confirmed; an enrolled authenticator
 * keeps working until then, so starting over on a new phone locks nobody out. The generated password goes
 * first (10178): the colleague who read it out must not be able to enrol the account's authenticator.
 * Replacing an enrolled authenticator takes the password and a current code or a recovery code (10143,
 * 10179): a session alone (a browser left open, a stolen token) must not swap the owner's phone for its own.
 */
export async function startTotpEnrolment(
  ctx: Ctx,
  secrets: Secrets,
  session: AdminSession,
  proof: TotpProof = {},
) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.select().from(admins).where(eq(admins.id, session.id)).limit(1);
  if (!row) throw new AppError(codes.unauthenticated);
  if (row.mustChangePassword) throw new AppError(codes.changePasswordFirst);
  if (row.totpEnrolledAt) await proveOwner(ctx, secrets, row, proof, now);
  const secret = newTotpSecret();
  await ctx.db
    .update(admins)
    .set({ totpPendingSecret: secrets.encrypt(secret, totpSealContext(session.id)) })
    .where(eq(admins.id, session.id));
  return { secret, otpauthUrl: otpauthUrl(secret, session.userName) };
}

/** The password, then the code (used up, like a sign-in's), each failure an audit row. */
async function proveOwner(ctx: Ctx, secrets: Secrets, row: AdminRow, proof: TotpProof, now: number) {
  const refuse = async (reason: 'password' | 'otp', code: Code) => {
    await writeAudit(
      ctx.db,
      { adminId: row.id, action: 'admin.totp.reenrol.fail', target: `admin:${row.id}`, after: { reason } },
      new Date(now),
    );
    return new AppError(code);
  };
  if (!proof.password || !proof.otp) throw new AppError(codes.totpReplaceProofRequired);
  if (!(await verifyPassword(row.passwordHash, proof.password)))
    throw await refuse('password', codes.passwordIncorrect);
  if (!(await acceptSecondFactor(ctx, secrets, row, proof.otp, now)))
    throw await refuse('otp', codes.totpReplaceProofRequired);
}

/**
 * The first code from the pending secret enrols it: ten new recovery codes (the old set ends), every other
 * session of the operator ends (those were signed in without this factor). The codes are answered once.
 */
export async function confirmTotpEnrolment(ctx: Ctx, secrets: Secrets, session: AdminSession, code: string) {
  const now = ctx.clock.now();
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(admins).where(eq(admins.id, session.id)).for('update');
    if (!row) throw new AppError(codes.unauthenticated);
    if (!row.totpPendingSecret) throw new AppError(codes.totpNotStarted);
    if (row.mustChangePassword) throw new AppError(codes.changePasswordFirst);
    const secret = secrets.decrypt(row.totpPendingSecret, totpSealContext(session.id));
    const step = stepOfCode(secret, code, now);
    if (step === null) throw new AppError(codes.codeWrong);
    await tx
      .update(admins)
      .set({
        totpSecret: row.totpPendingSecret,
        totpPendingSecret: null,
        totpEnrolledAt: new Date(now),
        totpLastStep: step,
      })
      .where(eq(admins.id, session.id));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, session.id));
    await tx.insert(adminRecoveryCodes).values(
      recoveryCodes.map((c) => ({
        adminId: session.id,
        codeHash: recoveryCodeHash(secrets, session.id, normalizeRecoveryCode(c) ?? c),
        createdAt: new Date(now),
      })),
    );
    const revoked = await revokeSessions(tx, session.id, now, session.sessionId);
    await writeAudit(
      tx,
      {
        adminId: session.id,
        action: 'admin.totp.enrol',
        target: `admin:${session.id}`,
        before: { totpEnrolled: row.totpEnrolledAt !== null },
        after: { totpEnrolled: true, recoveryCodes: recoveryCodes.length, otherSessionsRevoked: revoked },
      },
      new Date(now),
    );
  });
  return { recoveryCodes };
}

export async function mySessions(ctx: Ctx, session: AdminSession): Promise<AdminSessionRow[]> {
  return liveSessions(ctx.db, session.id, ctx.clock.now(), session.sessionId);
}

/** Ends one of the operator's own sessions (this one too: that is signing out here). */
export async function revokeMySession(ctx: Ctx, session: AdminSession, sessionId: number): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await revokeSession(tx, session.id, sessionId, now))) throw new AppError(codes.notFound);
    await writeAudit(
      tx,
      {
        adminId: session.id,
        action: 'admin.session.revoke',
        target: `admin:${session.id}`,
        after: { sessionId: String(sessionId), current: sessionId === session.sessionId },
      },
      new Date(now),
    );
  });
}
