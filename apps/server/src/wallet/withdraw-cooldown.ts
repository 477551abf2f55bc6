// The withdrawal allowlist's clock (issue 25): a payout method is usable a cool-down after it was added, and a
// password change or reset or a two-factor reset pauses withdrawals for the same cool-down, so whoever took a
// session or a password cannot add their own address and empty the account before the owner hears of it.
import { eq } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { getParam } from '../settings/service.ts';
import { paramSpecs } from '../settings/param-specs.ts';
import { users } from '../users/tables.ts';
import type { WithdrawalMethodRow } from './methods-tables.ts';

const hourMs = 3_600_000;
const spec = paramSpecs.withdraw_method_cooldown_h;

/** `withdraw_method_cooldown_h` in ms; a stored value outside 0…168 (never written by the back office) stops. */
export async function cooldownMs(db: DbOrTx): Promise<number> {
  const hours = Number((await getParam(db, 'withdraw_method_cooldown_h')).value);
  assert(
    spec.kind === 'integer' && Number.isInteger(hours) && hours >= spec.min && hours <= spec.max,
    'withdraw_method_cooldown_h is a whole number of hours within its bounds',
  );
  return hours * hourMs;
}

/**
 * A time in a refusal's message: the same text in every language, in UTC, to the minute (rounded up, so the
 * time stated is never before the one the server checks). The screens show the epoch ms in the reader's zone.
 */
export function messageTime(ms: number): string {
  const iso = new Date(Math.ceil(ms / 60_000) * 60_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** 10163 before the method's `usableAt`. */
export function assertMethodUsable(method: WithdrawalMethodRow, now: Date): void {
  if (method.usableAt > now) {
    throw new AppError(codes.payoutMethodCoolingDown, { time: messageTime(method.usableAt.getTime()) });
  }
}

/** When the customer's withdrawals open again after a security change, or null when they are not paused. */
export async function pausedUntil(db: DbOrTx, userId: number, now: Date): Promise<number | null> {
  const [row] = await db
    .select({ changedAt: users.securityChangedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row?.changedAt) return null;
  const until = row.changedAt.getTime() + (await cooldownMs(db));
  return until > now.getTime() ? until : null;
}

/** 10177 while withdrawals are paused after a security change. */
export async function assertWithdrawalsOpen(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const until = await pausedUntil(db, userId, now);
  if (until !== null) throw new AppError(codes.withdrawalsPaused, { time: messageTime(until) });
}
