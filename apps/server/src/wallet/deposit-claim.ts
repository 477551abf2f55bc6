// The recharge claim (DESIGN.md §5): recorded with its proof, nothing posted. The rate is locked from the
// tape (the coin's last tick, named by the claim) less the channel's disclosed spread; the rate the form
// showed must still hold within a tolerance (10112); a transfer is claimed once per chain, whatever the
// spelling of its hash; and a customer has at most `deposit_pending_max` claims waiting for review.
import { and, count, eq, sql } from 'drizzle-orm';
import {
  chainOfNetwork,
  codes,
  normalizeTxHash,
  rateCodeOfAsset,
  spreadRateMinor,
  type Deposit,
  type RechargeFields,
} from '@tradewind/contract';
import { assets, formatMinor, roundDown, tryParseDecimal } from '@tradewind/contract/money';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { assertTermsUnchanged } from '../platform/terms.ts';
import { discardUploads, saveUploads, type PreparedImage } from '../platform/uploads.ts';
import { lockUser } from '../users/lock.ts';
import { keptTicks } from '../market/ticks.ts';
import { depositChannels, type DepositChannelRow } from './channels-tables.ts';
import { addressValid, channelAsset, channelName, channelNetwork, coinScale } from './channels.ts';
import { oneUsdtMinor, type DepositRateFeed, type FeedPrice } from './deposit-rates.ts';
import { depositSettings } from './deposit-settings.ts';
import { deposits } from './deposits-tables.ts';
import { depositAmountMax, depositView, payAmountMinor } from './deposits.ts';

const usdtScale = assets.USDT.scale;

/** The coin's price before the claim: `tickId` names the kept tick, null for a price not live (not kept). */
export type KeptRate = FeedPrice & { tickId: number | null };

/**
 * Keeps the last tick of the channel's coin before the claim's transaction opens: the tape writes on its own
 * connection, and embedded PGlite runs one transaction at a time. Best effort: an unknown channel, a USDT
 * channel or a feed without a price answers undefined and the claim decides inside its transaction (a
 * replay must get its first answer, not a refusal from here). A kept tick no claim names is harmless.
 */
export async function keepRateTick(
  db: DbOrTx,
  feed: DepositRateFeed,
  channelId: string,
): Promise<KeptRate | undefined> {
  const [channel] = await db
    .select({ asset: depositChannels.asset })
    .from(depositChannels)
    .where(eq(depositChannels.id, Number(channelId)))
    .limit(1);
  const code = channel ? rateCodeOfAsset[channelAsset(channel)] : null;
  return code === null ? undefined : feed.keep(code);
}

/** Claims of `userId` waiting for review. */
export async function pendingClaims(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'pending')));
  return row?.n ?? 0;
}

/** Refuses a claim beyond the pending limit with 10115, naming the limit. */
export async function assertPendingRoom(db: DbOrTx, userId: number, pendingMax: number): Promise<void> {
  if ((await pendingClaims(db, userId)) >= pendingMax) {
    throw new AppError(codes.depositsPendingMax, { max: String(pendingMax) });
  }
}

/** The open channel (enabled, valid address) or 10111: a hidden channel takes no claims. */
async function openChannel(tx: Tx, channelId: string): Promise<DepositChannelRow> {
  const [channel] = await tx
    .select()
    .from(depositChannels)
    .where(and(eq(depositChannels.id, Number(channelId)), eq(depositChannels.enabled, true)))
    .limit(1);
  if (!channel || !addressValid(channel)) throw new AppError(codes.notFound);
  return channel;
}

/**
 * The rate to lock: 1 for USDT, else the kept tick (of this coin) less the spread; 10116 without a price,
 * 10161 naming the coin when its price is not live (simulated, stale or closed: DESIGN.md §1.10).
 */
function lockedRate(channel: DepositChannelRow, kept: KeptRate | undefined) {
  const code = rateCodeOfAsset[channelAsset(channel)];
  if (code === null) return { rateMinor: oneUsdtMinor, rateTickId: null };
  if (!kept || kept.code !== code) {
    throw new AppError(codes.depositRateUnavailable, { asset: channel.asset });
  }
  if (kept.status !== 'live' || kept.tickId === null) {
    throw new AppError(codes.pricesDelayed, { name: channel.asset });
  }
  return { rateMinor: spreadRateMinor(kept.usdtMinor, channel.spreadBps), rateTickId: kept.tickId };
}

const txHashProblem = (key: string) => new AppError(codes.paramsEmpty, {}, { txHash: { key } });

/**
 * Records a claim inside the idempotency transaction. The order matters: the customer's row is locked
 * first so two claims of one customer count pending claims in turn, and every refusal comes before the
 * proof is written to disk.
 */
export async function claimDeposit(
  ctx: Ctx,
  tx: Tx,
  userId: number,
  input: RechargeFields,
  proof: PreparedImage,
  kept: KeptRate | undefined,
): Promise<Deposit> {
  const now = new Date(ctx.clock.now());
  const amountMinor = tryParseDecimal(input.amount, usdtScale);
  if (amountMinor === undefined || amountMinor <= 0n || amountMinor > depositAmountMax) {
    throw new AppError(codes.paramsEmpty, {}, { amount: { key: 'invalid' } });
  }
  await lockUser(tx, userId);
  const settings = await depositSettings(tx);
  await assertPendingRoom(tx, userId, settings.pendingMax);
  const channel = await openChannel(tx, input.channelId);
  const asset = channelAsset(channel);
  const chain = chainOfNetwork[channelNetwork(channel)];

  const { rateMinor, rateTickId } = lockedRate(channel, kept);
  const shownRateMinor = tryParseDecimal(input.quotedRate, usdtScale);
  if (shownRateMinor === undefined) {
    throw new AppError(codes.paramsEmpty, {}, { quotedRate: { key: 'invalid' } });
  }
  // The feed moves every second: a claim within the disclosed tolerance of the rate shown goes through at
  // the locked rate (shown in the answer, with its tick); a larger move is the customer's to review again.
  assertTermsUnchanged(
    { rate: shownRateMinor },
    { rate: rateMinor },
    { rate: roundDown(rateMinor * BigInt(settings.rateToleranceBps), 10_000n) },
  );

  const pay = payAmountMinor(amountMinor, rateMinor, coinScale(asset));
  if (pay < channel.minAmountMinor) {
    throw new AppError(codes.belowMinDeposit, {
      name: channelName(channel),
      limit: formatMinor(channel.minAmountMinor, coinScale(asset)),
    });
  }
  const txHash = normalizeTxHash(chain, input.txHash);
  if (txHash === undefined) throw txHashProblem('txHashFormat');
  const [taken] = await tx
    .select({ id: deposits.id })
    .from(deposits)
    .where(and(eq(deposits.chain, chain), eq(deposits.txHash, txHash), sql`${deposits.status} <> 'rejected'`))
    .limit(1);
  if (taken) throw txHashProblem('txHashUsed');

  const [proofName] = await saveUploads(tx, ctx, { userId, purpose: 'deposit_proof' }, [proof], now);
  assert(proofName, 'proof stored');
  const [row] = await tx
    .insert(deposits)
    .values({
      userId,
      channelId: channel.id,
      asset,
      network: channel.network,
      chain,
      address: channel.address,
      amountMinor,
      payAmountMinor: pay,
      rateMinor,
      rateTickId,
      spreadBps: channel.spreadBps,
      txHash,
      last6: input.last6 ?? null,
      proofName,
      createdAt: now,
    })
    .returning()
    .catch(async (err: unknown) => {
      await discardUploads(ctx, [proofName]);
      // Two claims of one transfer at once: the second waits on the unique index, then lands here.
      if (isViolationOf(err, 'deposits_chain_tx_hash_live')) throw txHashProblem('txHashUsed');
      throw err;
    });
  assert(row, 'deposit inserted');
  return depositView(row, await keptTicks(tx, rateTickId === null ? [] : [rateTickId]));
}

export function isViolationOf(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { constraint?: unknown }).constraint === constraint) return true;
    if (String((e as { message?: unknown }).message ?? '').includes(constraint)) return true;
  }
  return false;
}
