// A customer's TOTP two-factor (issue 25): enrol (a pending secret), confirm (a first code turns it on and
// answers ten recovery codes, once), turn off (password and a code). The checks live in second-factor.ts.
import { and, count, eq, isNull } from 'drizzle-orm';
import { codes, type TotpStatus } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { verifyPassword } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import {
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  otpauthUrl,
  stepOfCode,
} from '../platform/totp.ts';
import { users } from '../users/tables.ts';
import { customerRecoveryCodes, customerTotp } from './tables.ts';
import { assertSecondFactor, recoveryCodeHashes, totpSealContext } from './second-factor.ts';

export async function totpStatus(ctx: Ctx, userId: number): Promise<TotpStatus> {
  const [row] = await ctx.db.select().from(customerTotp).where(eq(customerTotp.userId, userId)).limit(1);
  const [left] = await ctx.db
    .select({ n: count() })
    .from(customerRecoveryCodes)
    .where(and(eq(customerRecoveryCodes.userId, userId), isNull(customerRecoveryCodes.usedAt)));
  return {
    enabled: Boolean(row?.enabledAt),
    enabledAt: row?.enabledAt?.getTime() ?? null,
    recoveryCodesLeft: row?.enabledAt ? (left?.n ?? 0) : 0,
  };
}

/**
 * A new secret, kept sealed and pending until a code from it is confirmed. Refused while TOTP is on: a
 * session alone must not replace the authenticator (turning it off needs the password and a code).
 */
export async function enrolTotp(ctx: Ctx, userId: number) {
  const secret = newTotpSecret();
  const pendingSecret = ctx.secrets.encrypt(secret, totpSealContext(userId));
  const userName = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(customerTotp).where(eq(customerTotp.userId, userId)).for('update');
    if (row?.enabledAt) throw new AppError(codes.totpAlreadyEnabled);
    await tx
      .insert(customerTotp)
      .values({ userId, pendingSecret })
      .onConflictDoUpdate({ target: customerTotp.userId, set: { pendingSecret } });
    const [user] = await tx.select({ userName: users.userName }).from(users).where(eq(users.id, userId));
    return user?.userName ?? '';
  });
  // The label an authenticator app shows beside the codes: Tradewind:<user name>.
  return { secret, otpauthUrl: otpauthUrl(secret, userName) };
}

/**
 * A code from the pending secret turns TOTP on, with ten new recovery codes (answered once, kept as
 * fingerprints). The confirming code's step is the last accepted one: it cannot sign in afterwards.
 */
export async function confirmTotp(ctx: Ctx, userId: number, code: string) {
  const now = ctx.clock.now();
  const recoveryCodes = newRecoveryCodes();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(customerTotp).where(eq(customerTotp.userId, userId)).for('update');
    if (row?.enabledAt) throw new AppError(codes.totpAlreadyEnabled);
    if (!row?.pendingSecret) throw new AppError(codes.totpNotEnabled);
    const step = stepOfCode(ctx.secrets.decrypt(row.pendingSecret, totpSealContext(userId)), code, now);
    if (step === null) throw new AppError(codes.secondFactorInvalid);
    await tx
      .update(customerTotp)
      .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: new Date(now), lastStep: step })
      .where(eq(customerTotp.userId, userId));
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, userId));
    await tx.insert(customerRecoveryCodes).values(
      recoveryCodes.map((c) => ({
        userId,
        codeHash: recoveryCodeHashes(ctx.secrets, userId, normalizeRecoveryCode(c) ?? c)[0] ?? '',
        createdAt: new Date(now),
      })),
    );
  });
  return { recoveryCodes };
}

/**
 * Turns TOTP off: the password and a current code (or a recovery code) prove it is the customer and not
 * only their session. The secret and every recovery code go.
 */
export async function disableTotp(ctx: Ctx, userId: number, password: string, otp: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || !(await verifyPassword(user.passwordHash, password)))
    throw new AppError(codes.passwordIncorrect);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(customerTotp).where(eq(customerTotp.userId, userId)).for('update');
    if (!row?.enabledAt) throw new AppError(codes.totpNotEnabled);
    await assertSecondFactor(ctx, tx, user, { otp });
    await tx.delete(customerRecoveryCodes).where(eq(customerRecoveryCodes.userId, userId));
    await tx.delete(customerTotp).where(eq(customerTotp.userId, userId));
    // Withdrawals pause for the payout-method cool-down from here (wallet/withdraw-cooldown.ts, 10177), as
    // after a password change; auth writes the stamp itself so it does not depend on wallet.
    await tx
      .update(users)
      .set({ securityChangedAt: new Date(ctx.clock.now()) })
      .where(eq(users.id, userId));
  });
}
