// A staff account's second factor: a TOTP code of its authenticator or one of its recovery codes. Checked at
// sign-in and when the authenticator is replaced (re-enrolment asks for a current one, issue 25 M-10).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Ctx } from '../platform/context.ts';
import type { Secrets } from '../platform/secrets.ts';
import { admins } from '../platform/staff-tables.ts';
import { normalizeRecoveryCode, stepOfCode } from '../platform/totp.ts';
import { adminRecoveryCodes } from './tables.ts';
import { recoveryCodeHash, totpSealContext } from './totp.ts';

type AdminRow = typeof admins.$inferSelect;
export type SecondFactor = 'totp' | 'recovery';

const isTotpShape = (otp: string) => /^\d{6}$/.test(otp);

/** The step of `otp` from `admin`'s authenticator if it is one not used yet, else null. */
function freshStep(secrets: Secrets, admin: AdminRow, otp: string, now: number): number | null {
  if (!admin.totpSecret) return null;
  const step = stepOfCode(secrets.decrypt(admin.totpSecret, totpSealContext(admin.id)), otp, now);
  return step !== null && (admin.totpLastStep === null || step > admin.totpLastStep) ? step : null;
}

const unusedRecoveryCode = (secrets: Secrets, admin: AdminRow, normalized: string) =>
  and(
    eq(adminRecoveryCodes.adminId, admin.id),
    eq(adminRecoveryCodes.codeHash, recoveryCodeHash(secrets, admin.id, normalized)),
    isNull(adminRecoveryCodes.usedAt),
  );

/**
 * Whether `otp` would be accepted now, using nothing up: the sign-in looks before it hashes a password while
 * the failure windows ask for a wait (signin-windows.ts), so a guess then costs no slow hash.
 */
export async function secondFactorMatches(
  ctx: Pick<Ctx, 'db'>,
  secrets: Secrets,
  admin: AdminRow,
  otp: string,
  now: number,
): Promise<boolean> {
  if (!admin.totpSecret) return false;
  if (isTotpShape(otp)) return freshStep(secrets, admin, otp, now) !== null;
  const normalized = normalizeRecoveryCode(otp);
  if (!normalized) return false;
  const [row] = await ctx.db
    .select({ id: adminRecoveryCodes.id })
    .from(adminRecoveryCodes)
    .where(unusedRecoveryCode(secrets, admin, normalized))
    .limit(1);
  return row !== undefined;
}

/**
 * Accepts `otp` as the second factor of `admin`: a TOTP code of a step later than the last accepted one (a
 * code is good once, even under two sign-ins at the same moment), or an unused recovery code (used up here).
 */
export async function acceptSecondFactor(
  ctx: Pick<Ctx, 'db'>,
  secrets: Secrets,
  admin: AdminRow,
  otp: string,
  now: number,
): Promise<SecondFactor | null> {
  if (!admin.totpSecret) return null;
  if (isTotpShape(otp)) {
    const step = freshStep(secrets, admin, otp, now);
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
    .where(unusedRecoveryCode(secrets, admin, normalized))
    .returning({ id: adminRecoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}
