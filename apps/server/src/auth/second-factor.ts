// A customer's second factor (issue 25): which ones they have turned on, and the check every sign-in and
// step-up call (withdrawal, payout method, password change) runs before it acts.
import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import type { Secrets } from '../platform/secrets.ts';
import { normalizeRecoveryCode, stepOfCode } from '../platform/totp.ts';
import { customerRecoveryCodes, customerTotp } from './tables.ts';
import { isKnownDevice } from './devices.ts';

export type SecondFactor = 'totp' | 'passkey';

/** What a call carries as its second factor: a TOTP code or a recovery code. */
export type SecondFactorProof = { otp?: string | undefined };

/** The sealing context of a customer's TOTP secret: a sealed secret cannot be moved to another customer. */
export const totpSealContext = (userId: number) => `customer-totp:${userId}`;

/**
 * A recovery code at rest: an HMAC under the platform key, bound to the customer. 50 random bits need no slow
 * hash once the key is needed to test a guess. `fingerprints` gives the current key's and, during a key
 * rotation, the previous one's.
 */
export const recoveryCodeHashes = (secrets: Secrets, userId: number, normalized: string): string[] =>
  secrets.fingerprints(`customer-recovery:${userId}:${normalized}`);

/** The second factors `userId` has turned on, in the order the sign-in screen offers them. */
export async function secondFactorsOf(db: DbOrTx, userId: number): Promise<SecondFactor[]> {
  const factors: SecondFactor[] = [];
  const totp = await db
    .select({ userId: customerTotp.userId })
    .from(customerTotp)
    .where(and(eq(customerTotp.userId, userId), isNotNull(customerTotp.enabledAt)))
    .limit(1);
  if (totp.length > 0) factors.push('totp');
  // Passkeys (issue 25's passkey part) add 'passkey' here when the customer has registered one.
  return factors;
}

/**
 * Requires the customer's second factor when they have one: none turned on → nothing to do; none given →
 * 10113 with `result: {secondFactor}` (the client asks for it and posts again); a wrong or spent one → 10165.
 * An accepted TOTP code moves the last accepted step forward and a recovery code is used up, in `db` (a
 * transaction that rolls back gives the code back).
 */
export async function assertSecondFactor(
  ctx: Pick<Ctx, 'clock' | 'secrets'>,
  db: DbOrTx,
  user: { id: number },
  proof: SecondFactorProof,
): Promise<void> {
  const factors = await secondFactorsOf(db, user.id);
  if (factors.length === 0) return;
  if (!proof.otp) throw new AppError(codes.totpRequired, {}, undefined, { secondFactor: factors });
  if (!factors.includes('totp') || !(await acceptOtp(ctx, db, user.id, proof.otp)))
    throw new AppError(codes.secondFactorInvalid);
}

/**
 * A password sign-in's second factor: asked on a new device only. A browser that signed in to this account
 * before (the device token it kept, auth/devices.ts) signs in with the password alone.
 */
export async function assertSignInSecondFactor(
  ctx: Pick<Ctx, 'clock' | 'secrets' | 'db'>,
  user: { id: number },
  proof: SecondFactorProof & { deviceToken?: string | undefined },
): Promise<void> {
  if (await isKnownDevice(ctx.db, user.id, proof.deviceToken)) return;
  await assertSecondFactor(ctx, ctx.db, user, proof);
}

/**
 * Accepts `otp` once: a TOTP code of a step later than the last accepted one (two requests with one code at
 * the same moment: the conditional update lets one through), or an unused recovery code (used up here).
 */
export async function acceptOtp(
  ctx: Pick<Ctx, 'clock' | 'secrets'>,
  db: DbOrTx,
  userId: number,
  otp: string,
): Promise<'totp' | 'recovery' | null> {
  const now = ctx.clock.now();
  const code = otp.trim();
  if (/^\d{6}$/.test(code)) {
    const [row] = await db.select().from(customerTotp).where(eq(customerTotp.userId, userId)).limit(1);
    if (!row?.secret || !row.enabledAt) return null;
    const step = stepOfCode(ctx.secrets.decrypt(row.secret, totpSealContext(userId)), code, now);
    if (step === null) return null;
    const taken = await db
      .update(customerTotp)
      .set({ lastStep: step })
      .where(
        and(
          eq(customerTotp.userId, userId),
          eq(customerTotp.secret, row.secret),
          or(isNull(customerTotp.lastStep), lt(customerTotp.lastStep, step)),
        ),
      )
      .returning({ userId: customerTotp.userId });
    return taken.length > 0 ? 'totp' : null;
  }
  const normalized = normalizeRecoveryCode(code);
  if (!normalized) return null;
  const used = await db
    .update(customerRecoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(customerRecoveryCodes.userId, userId),
        inArray(customerRecoveryCodes.codeHash, recoveryCodeHashes(ctx.secrets, userId, normalized)),
        isNull(customerRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: customerRecoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}
