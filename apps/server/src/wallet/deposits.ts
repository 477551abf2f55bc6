// Deposits (DESIGN.md §5): a claim with proof posts nothing (deposit-claim.ts); finance approves (credit cash
// once, from deposits clearing) or rejects (a reason, nothing posted) in deposits-review.ts. Rate and coin
// amount are locked at claim. Here: how a claim reads, to its customer and to the back office.
import { count, desc, eq } from 'drizzle-orm';
import {
  chainOfNetwork,
  depositChains,
  depositStatuses,
  displayTxHash,
  type Deposit,
  type DepositChain,
  type DepositStatus,
  type Page,
  type Tick,
} from '@tradewind/contract';
import { assert } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { assets, formatMinor, roundUp } from '@tradewind/contract/money';
import { keptTicks } from '../market/ticks.ts';
import { channelAsset, channelNetwork, coinScale } from './channels.ts';
import { deposits, type DepositRow } from './deposits-tables.ts';

const usdtScale = assets.USDT.scale;
/** The largest single claim, in USDT: bounds the arithmetic and catches a misplaced decimal point. */
export const depositAmountMax = 10_000_000n * 10n ** BigInt(usdtScale);

/**
 * The coin amount to send for `amountMinor` USDT at `rateMinor` USDT per coin, in the coin's minor units,
 * rounded up: payAmount × rate ≥ amount, short of it by less than one coin minor unit's worth. The
 * credit on approval is `amountMinor` exactly.
 */
export function payAmountMinor(amountMinor: bigint, rateMinor: bigint, coinScaleDigits: number): bigint {
  return roundUp(amountMinor * 10n ** BigInt(coinScaleDigits), rateMinor);
}

const isStatus = (s: string): s is DepositStatus => (depositStatuses as readonly string[]).includes(s);
const isChain = (c: string): c is DepositChain => (depositChains as readonly string[]).includes(c);

/** A claim as the audit log and the ledger memo keep it: every field but the expanded tick. */
export type DepositRecord = Omit<Deposit, 'rateTick'>;

export function depositRecord(row: DepositRow): DepositRecord {
  const asset = channelAsset(row);
  const network = channelNetwork(row);
  assert(
    isChain(row.chain) && row.chain === chainOfNetwork[network],
    `deposit ${row.id} chain of its network`,
  );
  return {
    id: String(row.id),
    channelId: String(row.channelId),
    asset,
    network,
    chain: row.chain,
    amount: formatMinor(row.amountMinor, usdtScale),
    payAmount: formatMinor(row.payAmountMinor, coinScale(asset)),
    rate: formatMinor(row.rateMinor, usdtScale),
    spreadBps: row.spreadBps,
    rateTickId: row.rateTickId === null ? null : String(row.rateTickId),
    txHash: displayTxHash(row.chain, row.txHash),
    status: isStatus(row.status) ? row.status : 'pending',
    ...(row.reason === null ? {} : { reason: row.reason }),
    createdAt: row.createdAt.getTime(),
    ...(row.reviewedAt === null ? {} : { reviewedAt: row.reviewedAt.getTime() }),
  };
}

/** The answer shape: the record with the tick its rate was locked from (`rateTicks` from `rateTicksOf`). */
export function depositView(row: DepositRow, rateTicks: ReadonlyMap<number, Tick>): Deposit {
  const rateTick = row.rateTickId === null ? null : rateTicks.get(row.rateTickId);
  // The foreign key keeps a named tick in the tape; a missing one means the caller did not fetch it.
  assert(rateTick !== undefined, `deposit ${row.id}: tick ${row.rateTickId} fetched`);
  return { ...depositRecord(row), rateTick };
}

/** The ticks a page of claims names, in one query. */
export const rateTicksOf = (db: DbOrTx, rows: readonly DepositRow[]): Promise<Map<number, Tick>> =>
  keptTicks(
    db,
    rows.flatMap((r) => (r.rateTickId === null ? [] : [r.rateTickId])),
  );

/** The caller's own deposits, newest first. */
export async function listDeposits(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<Page<Deposit>> {
  const mine = eq(deposits.userId, userId);
  const [total] = await db.select({ n: count() }).from(deposits).where(mine);
  const rows = await db
    .select()
    .from(deposits)
    .where(mine)
    .orderBy(desc(deposits.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const ticks = await rateTicksOf(db, rows);
  return { list: rows.map((r) => depositView(r, ticks)), total: total?.n ?? 0, page: q.page, size: q.size };
}
