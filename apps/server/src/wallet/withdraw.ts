// Withdrawals (CONTRACT.md withdrawal, withdrawalQuote, listWithdrwal; DESIGN.md §5): the amount moves from
// cash to the withdrawal hold in the same transaction as the row; finance then approves or rejects.
import { count, desc, eq, sql } from 'drizzle-orm';
import { codes, type Book, type Page, type Withdrawal, type WithdrawalQuote } from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { queryRows, type DbOrTx, type Tx } from '../platform/db.ts';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { verifyPassword } from '../platform/passwords.ts';
import { getParam } from '../content/service.ts';
import { post } from '../ledger/post.ts';
import type { UserRow } from '../users/tables.ts';
import { methodOf } from './methods.ts';
import { feeRatePpmScale, parseFeeRatePpm, withdrawalFeeMinor } from './withdraw-fee.ts';
import { withdrawals, type WithdrawalRow } from './withdraw-tables.ts';

const asset = 'USDT';
const scale = assets[asset].scale;
/** kycStatus 2: verified (users/tables.ts). */
const kycVerified = 2;

export type WithdrawalTerms = { amountMinor: bigint; feeMinor: bigint; feeRatePpm: number; netMinor: bigint };

function amountMinorOf(text: string): bigint {
  const minor = tryParseDecimal(text, scale);
  if (minor === undefined || minor <= 0n)
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  return minor;
}

/** The fee and net amount at the current `withdraw_fee_rate`, read through `db` (the caller's transaction). */
export async function withdrawalTerms(db: DbOrTx, amountText: string): Promise<WithdrawalTerms> {
  const amountMinor = amountMinorOf(amountText);
  const feeRatePpm = parseFeeRatePpm((await getParam(db, 'withdraw_fee_rate')).value);
  if (feeRatePpm === undefined) throw new AppError(codes.paramsFetchFailed);
  const feeMinor = withdrawalFeeMinor(amountMinor, feeRatePpm);
  const netMinor = amountMinor - feeMinor;
  // Only reachable for amounts of a few minor units at a high rate: nothing would arrive.
  if (netMinor <= 0n) {
    throw new AppError(
      codes.paramsEmpty,
      {},
      { amount: { key: 'tooSmall', params: { min: formatMinor(feeMinor + 1n, scale) } } },
    );
  }
  return { amountMinor, feeMinor, feeRatePpm, netMinor };
}

export async function quoteWithdrawal(db: DbOrTx, amountText: string): Promise<WithdrawalQuote> {
  const t = await withdrawalTerms(db, amountText);
  return {
    amount: formatMinor(t.amountMinor, scale),
    fee: formatMinor(t.feeMinor, scale),
    feeRate: formatMinor(BigInt(t.feeRatePpm), feeRatePpmScale),
    netAmount: formatMinor(t.netMinor, scale),
  };
}

/**
 * Who may withdraw: the real book (10101), a verified identity (10022) and the login password (10036 when
 * empty, 10004 when wrong). Checked before the idempotency key is claimed, so a mistyped password does not
 * use up the key, and the password is never part of the stored request fingerprint.
 */
export async function authorizeWithdrawal(
  user: UserRow,
  book: Book,
  password: string | undefined,
): Promise<void> {
  if (book !== 'real') throw new AppError(codes.demoForbidden);
  if (user.kycStatus !== kycVerified) throw new AppError(codes.kycRequired);
  if (!password) throw new AppError(codes.enterLoginPassword);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(codes.passwordInvalid);
}

/**
 * Places a withdrawal inside the caller's (idempotency) transaction: the row and its hold entry together,
 * or nothing. Two requests against one balance serialize on the cash account's row lock in post(); the
 * one that would overdraw is refused by the non-negative CHECK and answered 20006.
 */
export async function placeWithdrawal(
  tx: Tx,
  p: { userId: number; methodId: string | undefined; amount: string; now: Date },
): Promise<Withdrawal> {
  const method = p.methodId === undefined ? undefined : await methodOf(tx, p.userId, Number(p.methodId));
  if (!method) throw new AppError(codes.withdrawMethodRequired);
  const terms = await withdrawalTerms(tx, p.amount);
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
  };
}
