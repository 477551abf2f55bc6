// Deposits (DESIGN.md §5): a claim with proof posts nothing; finance approves (credit cash once, from
// deposits clearing) or rejects (a reason, nothing posted) in deposits-review.ts. Rate and coin amount are
// locked at claim.
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  codes,
  depositStatuses,
  type Deposit,
  type DepositStatus,
  type Page,
  type RechargeFields,
} from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { assets, formatMinor, roundUp, tryParseDecimal } from '@tradewind/contract/money';
import { discardUploads, saveUploads, type PreparedImage } from '../platform/uploads.ts';
import { depositChannels } from './channels-tables.ts';
import { channelAsset, channelName, coinScale, depositRateMinor } from './channels.ts';
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

export function depositView(row: DepositRow): Deposit {
  const asset = channelAsset(row);
  return {
    id: String(row.id),
    channelId: String(row.channelId),
    asset,
    network: row.network,
    amount: formatMinor(row.amountMinor, usdtScale),
    payAmount: formatMinor(row.payAmountMinor, coinScale(asset)),
    rate: formatMinor(row.rateMinor, usdtScale),
    txHash: row.txHash,
    status: isStatus(row.status) ? row.status : 'pending',
    ...(row.reason === null ? {} : { reason: row.reason }),
    createdAt: row.createdAt.getTime(),
    ...(row.reviewedAt === null ? {} : { reviewedAt: row.reviewedAt.getTime() }),
  };
}

/**
 * Records a claim inside the idempotency transaction: the channel's rate is locked, the coin amount
 * computed and checked against the channel minimum (10109), the proof stored. Nothing is posted.
 */
export async function claimDeposit(
  ctx: Ctx,
  tx: Tx,
  userId: number,
  input: RechargeFields,
  proof: PreparedImage,
): Promise<Deposit> {
  const now = new Date(ctx.clock.now());
  const amountMinor = tryParseDecimal(input.amount, usdtScale);
  if (amountMinor === undefined || amountMinor <= 0n || amountMinor > depositAmountMax) {
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  }
  const [channel] = await tx
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.id, Number(input.channelId)), eq(depositChannels.enabled, true)))
    .limit(1);
  if (!channel) throw new AppError(codes.notFound);
  const asset = channelAsset(channel);
  const rateMinor = depositRateMinor(channel);
  const pay = payAmountMinor(amountMinor, rateMinor, coinScale(asset));
  if (pay < channel.minAmountMinor) {
    throw new AppError(codes.belowMinDeposit, {
      name: channelName(channel),
      limit: formatMinor(channel.minAmountMinor, coinScale(asset)),
    });
  }
  const [taken] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(
      and(
        eq(deposits.network, channel.network),
        sql`lower(${deposits.txHash}) = ${input.txHash.toLowerCase()}`,
        sql`${deposits.status} <> 'rejected'`,
      ),
    )
    .limit(1);
  if (taken) throw new AppError(codes.paramsEmpty, {}, { txHash: { key: 'txHashUsed' } });

  const [proofName] = await saveUploads(tx, ctx, { userId, purpose: 'deposit_proof' }, [proof], now);
  assert(proofName, 'proof stored');
  const [row] = await tx
    .insert(deposits)
    .values({
      userId,
      channelId: channel.id,
      asset,
      network: channel.network,
      address: channel.address,
      amountMinor,
      payAmountMinor: pay,
      rateMinor,
      txHash: input.txHash,
      last6: input.last6 ?? null,
      proofName,
      createdAt: now,
    })
    .returning()
    .catch(async (err: unknown) => {
      await discardUploads(ctx, [proofName]);
      // Two claims of one hash at once: the second waits on the unique index, then lands here.
      if (isViolationOf(err, 'deposits_tx_hash_live')) {
        throw new AppError(codes.paramsEmpty, {}, { txHash: { key: 'txHashUsed' } });
      }
      throw err;
    });
  assert(row, 'deposit inserted');
  return depositView(row);
}

function isViolationOf(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
    if (String((e as { message?: unknown }).message ?? '').includes(constraint)) return true;
  }
  return false;
}

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
  return { list: rows.map(depositView), total: total?.n ?? 0, page: q.page, size: q.size };
}
