// Withdrawals (CONTRACT.md withdrawal, withdrawalQuote, listWithdrwal; DESIGN.md §5): the amount moves from
// cash to the withdrawal hold in the same transaction as the row; finance then approves or rejects.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  codes,
  kycStatuses,
  type Book,
  type Page,
  type Withdrawal,
  type WithdrawalQuote,
} from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { queryRows, type DbOrTx, type Tx } from '../platform/db.ts';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { displayTxHash } from '@tradewind/contract/deposit-rules';
import { verifyPassword } from '../platform/passwords.ts';
import { assertTermsUnchanged } from '../platform/terms.ts';
import { post } from '../ledger/post.ts';
import { lockUser } from '../users/lock.ts';
import { assertNoOverdueLoan } from '../loans/debt.ts';
import { users } from '../users/tables.ts';
import { methodOf } from './methods.ts';
import { assertMethodUsable, assertWithdrawalsOpen } from './withdraw-cooldown.ts';
import { feeRatePpmScale, withdrawalFeeMinor } from './withdraw-fee.ts';
import { withdrawalSettings, type WithdrawalSettings } from './withdraw-settings.ts';
import { withdrawals, type WithdrawalRow } from './withdraw-tables.ts';

const asset = 'USDT';
const scale = assets[asset].scale;

export type WithdrawalTerms = {
  amountMinor: bigint;
  feeMinor: bigint;
  feeRatePpm: number;
  netMinor: bigint;
  settings: WithdrawalSettings;
};

function amountMinorOf(text: string): bigint {
  const minor = tryParseDecimal(text, scale);
  if (minor === undefined || minor <= 0n)
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  return minor;
}

/**
 * The fee and net amount at the parameters in force, read through `db` (the caller's transaction), or 10120
 * below the minimum amount.
 */
export async function withdrawalTerms(db: DbOrTx, amountText: string): Promise<WithdrawalTerms> {
  const amountMinor = amountMinorOf(amountText);
  const settings = await withdrawalSettings(db);
  if (amountMinor < settings.amountMinMinor) {
    throw new AppError(codes.withdrawalBelowMin, { min: formatMinor(settings.amountMinMinor, scale) });
  }
  const feeMinor = withdrawalFeeMinor(amountMinor, settings.feeRatePpm, settings.feeMinMinor);
  const netMinor = amountMinor - feeMinor;
  // withdrawalSettings keeps the minimum amount above the minimum fee; only a rate near 100 % gets here.
  if (netMinor <= 0n) {
    throw new AppError(codes.withdrawalBelowMin, { min: formatMinor(feeMinor + 1n, scale) });
  }
  return { amountMinor, feeMinor, feeRatePpm: settings.feeRatePpm, netMinor, settings };
}

export async function quoteWithdrawal(db: DbOrTx, amountText: string): Promise<WithdrawalQuote> {
  const t = await withdrawalTerms(db, amountText);
  return {
    amount: formatMinor(t.amountMinor, scale),
    fee: formatMinor(t.feeMinor, scale),
    feeRate: formatMinor(BigInt(t.feeRatePpm), feeRatePpmScale),
    netAmount: formatMinor(t.netMinor, scale),
    minAmount: formatMinor(t.settings.amountMinMinor, scale),
    minFee: formatMinor(t.settings.feeMinMinor, scale),
  };
}

/**
 * Who may withdraw: the real book (10101), a verified identity (10022) and the login password (10036 when
 * empty; 10143 "Incorrect password" when wrong, not login's "username or password": the customer is signed
 * in). Checked before the idempotency key is claimed, so a mistyped password does not use up the key, and
 * the password is never part of the stored request fingerprint.
 */
export async function authorizeWithdrawal(
  db: DbOrTx,
  userId: number,
  book: Book,
  password: string | undefined,
): Promise<void> {
  if (book !== 'real') throw new AppError(codes.demoForbidden);
  const [user] = await db
    .select({ kycStatus: users.kycStatus, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  assert(user, `user ${userId} of a live session exists`);
  if (user.kycStatus !== kycStatuses.verified) throw new AppError(codes.kycRequired);
  if (!password) throw new AppError(codes.enterLoginPassword);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(codes.passwordIncorrect);
}

/**
 * Places a withdrawal inside the caller's (idempotency) transaction: the row and its hold entry together,
 * or nothing. The customer's row lock makes their placements take turns, so the pending count checked is
 * the count left behind; two requests against one balance also serialize on the cash account's row lock in
 * post(), and the one that would overdraw is answered 20006. The allowlist's refusals (a recent security change
 * 10177, a method still in its cool-down 10163) come before anything is held.
 */
export async function placeWithdrawal(
  tx: Tx,
  p: { userId: number; methodId: string | undefined; amount: string; quotedFee: string; now: Date },
): Promise<Withdrawal> {
  await lockUser(tx, p.userId);
  await assertNoOverdueLoan(tx, p.userId);
  await assertWithdrawalsOpen(tx, p.userId, p.now);
  const method = p.methodId === undefined ? undefined : await methodOf(tx, p.userId, Number(p.methodId));
  if (!method) throw new AppError(codes.withdrawMethodRequired);
  assertMethodUsable(method, p.now);
  const terms = await withdrawalTerms(tx, p.amount);
  const quotedFeeMinor = tryParseDecimal(p.quotedFee, scale);
  assert(quotedFeeMinor !== undefined, 'quotedFee was checked by the contract schema');
  assertTermsUnchanged({ fee: quotedFeeMinor }, { fee: terms.feeMinor });
  const pending = await pendingCount(tx, p.userId);
  if (pending >= terms.settings.pendingMax) {
    throw new AppError(codes.withdrawalsPendingMax, { max: terms.settings.pendingMax });
  }
  // The id is taken first so the hold entry can name its row, and the row can require its entry (NOT NULL).
  const [next] = await queryRows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('withdrawals', 'id'))::text as id`,
  );
  assert(next, 'withdrawal id allocated');
  const id = Number(next.id);
  const user = { owner: 'user', userId: p.userId, book: 'real', asset } as const;
  const hold = await post(
    tx,
    {
      book: 'real',
      kind: 'withdrawal_hold',
      ref: `withdrawal:${id}`,
      lines: [
        { account: { ...user, purpose: 'cash' }, amountMinor: -terms.amountMinor },
        { account: { ...user, purpose: 'withdrawal_hold' }, amountMinor: terms.amountMinor },
      ],
    },
    p.now,
  );
  if (!hold.ok) throw new AppError(codes.withdrawInsufficient);
  const [row] = await tx
    .insert(withdrawals)
    .values({
      id,
      userId: p.userId,
      methodId: method.id,
      asset,
      amountMinor: terms.amountMinor,
      feeMinor: terms.feeMinor,
      feeRatePpm: terms.feeRatePpm,
      status: 'pending',
      holdEntryId: hold.entryId,
      createdAt: p.now,
    })
    .returning();
  assert(row, 'withdrawal inserted');
  return withdrawalView(row);
}

async function pendingCount(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending')));
  return row?.n ?? 0;
}

export async function listWithdrawals(
  ctx: Ctx,
  userId: number,
  q: { page: number; size: number },
): Promise<Page<Withdrawal>> {
  const mine = eq(withdrawals.userId, userId);
  const [total] = await ctx.db.select({ n: count() }).from(withdrawals).where(mine);
  const rows = await ctx.db
    .select()
    .from(withdrawals)
    .where(mine)
    .orderBy(desc(withdrawals.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: rows.map(withdrawalView), total: total?.n ?? 0, page: q.page, size: q.size };
}

const isStatus = (s: string): s is Withdrawal['status'] =>
  s === 'pending' || s === 'approved' || s === 'rejected';

export function withdrawalView(row: WithdrawalRow): Withdrawal {
  assert(isStatus(row.status), `withdrawal ${row.id} has a known status`);
  return {
    id: String(row.id),
    methodId: String(row.methodId),
    amount: formatMinor(row.amountMinor, scale),
    fee: formatMinor(row.feeMinor, scale),
    feeRate: formatMinor(BigInt(row.feeRatePpm), feeRatePpmScale),
    netAmount: formatMinor(row.amountMinor - row.feeMinor, scale),
    status: row.status,
    ...(row.reason === null ? {} : { reason: row.reason }),
    createdAt: row.createdAt.getTime(),
    ...(row.reviewedAt === null ? {} : { reviewedAt: row.reviewedAt.getTime() }),
    ...(row.payoutChain === null || row.payoutTxHash === null
      ? {}
      : { payoutChain: row.payoutChain, payoutTxHash: displayTxHash(row.payoutChain, row.payoutTxHash) }),
  };
}
