// The rate a deposit is credited at comes from the price feed, never from a person (DESIGN.md §1.3): the
// last tick of the coin's USDT instrument, kept in the tape and named by the claim, less the channel's
// disclosed spread. USDT is credited 1:1. The same arithmetic prices the preview the customer sees. Only a
// live price younger than `price_stale_after_s` is locked (DESIGN.md §1.10): while the coin's price is
// simulated, stale or closed its channels are paused, and the back office cannot open one.
import {
  rateCodeOfAsset,
  spreadRateMinor,
  type DepositAsset,
  type IndicativePrice,
  type PriceStatus,
} from '@tradewind/contract';
import { assets, formatMinor, rescale, roundDown } from '@tradewind/contract/money';

const usdtScale = assets.USDT.scale;
export const oneUsdtMinor = 10n ** BigInt(usdtScale);

type SourceKind = 'simulated' | 'live';

/** A price of the feed in USDT minor units per whole coin, with its status (CONTRACT.md "Price status"). */
export type FeedPrice = {
  code: string;
  usdtMinor: bigint;
  atMs: number;
  source: SourceKind;
  status: PriceStatus;
  text: string;
};

/**
 * What deposits need from the market feed. `last` reads without writing (the preview, on a public list);
 * `keep` writes a live tick to the tape and answers its id (a claim names the tick it used). A price that
 * is not live is answered without being kept (`tickId` null): no claim can lock it.
 */
export type DepositRateFeed = {
  last(code: string): FeedPrice | undefined;
  keep(code: string): Promise<(FeedPrice & { tickId: number | null }) | undefined>;
  /** The status of `code`'s price now: 'live' only from a live source younger than the stale limit. */
  status(code: string): PriceStatus;
};

type InstrumentLike = { code: string; priceScale: number };

/** The parts of the market feed the adapter reads (the market's own types, structurally). */
export type MarketFeedLike<I extends InstrumentLike = InstrumentLike> = {
  instrument(code: string): I;
  priceStatus(instrument: I): PriceStatus;
  snapshot: {
    get(code: string): { lastPrice: { priceMinor: bigint; atMs: number } | undefined } | undefined;
  };
  sourceKind(code: string): SourceKind;
  keepLatestTick(
    code: string,
  ): Promise<{ tickId: string; priceMinor: bigint; atMs: number; status: PriceStatus } | undefined>;
};

/** Instrument prices at their own scale → USDT minor units; finer scales round down, never up. */
function toUsdt(priceMinor: bigint, priceScale: number): bigint {
  return priceScale <= usdtScale
    ? rescale(priceMinor, priceScale, usdtScale)
    : rescale(priceMinor, priceScale, usdtScale, roundDown);
}

export function depositRateFeed<I extends InstrumentLike>(feed: MarketFeedLike<I>): DepositRateFeed {
  const status = (code: string) => feed.priceStatus(feed.instrument(code));
  const price = (code: string, priceMinor: bigint, atMs: number, priceStatus: PriceStatus): FeedPrice => {
    const { priceScale } = feed.instrument(code);
    return {
      code,
      usdtMinor: toUsdt(priceMinor, priceScale),
      atMs,
      source: feed.sourceKind(code),
      status: priceStatus,
      text: formatMinor(priceMinor, priceScale, priceScale),
    };
  };
  const last = (code: string) => {
    const at = feed.snapshot.get(code)?.lastPrice;
    return at ? price(code, at.priceMinor, at.atMs, status(code)) : undefined;
  };
  return {
    last,
    status,
    keep: async (code) => {
      // A price that cannot be locked is not written to the tape: the claim refuses it (10161).
      if (status(code) !== 'live') {
        const shown = last(code);
        return shown && { ...shown, tickId: null };
      }
      const kept = await feed.keepLatestTick(code);
      if (!kept) return undefined;
      // Judged again as kept: a price that went stale in between is kept but named by no claim.
      const live = kept.status === 'live';
      return {
        ...price(code, kept.priceMinor, kept.atMs, kept.status),
        tickId: live ? Number(kept.tickId) : null,
      };
    },
  };
}

/**
 * The indicative rate a channel shows now: rate and the feed price behind it. A coin whose price is not
 * live is paused (no rate; a claim is refused with 10161); without any price the rate is null too.
 */
export function indicativeRate(
  feed: DepositRateFeed,
  asset: DepositAsset,
  spreadBps: number,
): { rateMinor: bigint | null; indicative: IndicativePrice | null; paused: boolean } {
  const code = rateCodeOfAsset[asset];
  if (code === null) return { rateMinor: oneUsdtMinor, indicative: null, paused: false };
  const last = feed.last(code);
  if (!last) return { rateMinor: null, indicative: null, paused: true };
  const paused = last.status !== 'live';
  return {
    rateMinor: paused ? null : spreadRateMinor(last.usdtMinor, spreadBps),
    indicative: { code, price: last.text, at: last.atMs, source: last.source, priceStatus: last.status },
    paused,
  };
}

export const formatRate = (rateMinor: bigint): string => formatMinor(rateMinor, usdtScale);
