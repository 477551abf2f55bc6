// The rate a deposit is credited at comes from the price feed, never from a person (DESIGN.md §1.3): the
// last tick of the coin's USDT instrument, kept in the tape and named by the claim, less the channel's
// disclosed spread. USDT is credited 1:1. The same arithmetic prices the preview the customer sees.
import {
  rateCodeOfAsset,
  spreadRateMinor,
  type DepositAsset,
  type IndicativePrice,
} from '@tradewind/contract';
import { assets, formatMinor, rescale, roundDown } from '@tradewind/contract/money';

const usdtScale = assets.USDT.scale;
export const oneUsdtMinor = 10n ** BigInt(usdtScale);

type SourceKind = 'simulated' | 'live';

/** A price of the feed in USDT minor units per whole coin. */
export type FeedPrice = { code: string; usdtMinor: bigint; atMs: number; source: SourceKind; text: string };

/**
 * What deposits need from the market feed. `last` reads without writing (the preview, on a public list);
 * `keep` writes the tick to the tape and answers its id (a claim names the tick it used).
 */
export type DepositRateFeed = {
  last(code: string): FeedPrice | undefined;
  keep(code: string): Promise<(FeedPrice & { tickId: number }) | undefined>;
};

/** The parts of the market feed the adapter reads (the market's own types, structurally). */
export type MarketFeedLike = {
  instrument(code: string): { code: string; priceScale: number };
  snapshot: {
    get(code: string): { lastPrice: { priceMinor: bigint; atMs: number } | undefined } | undefined;
  };
  sourceKind(code: string): SourceKind;
  keepLatestTick(code: string): Promise<{ tickId: string; priceMinor: bigint; atMs: number } | undefined>;
};

/** Instrument prices at their own scale → USDT minor units; finer scales round down, never up. */
function toUsdt(priceMinor: bigint, priceScale: number): bigint {
  return priceScale <= usdtScale
    ? rescale(priceMinor, priceScale, usdtScale)
    : rescale(priceMinor, priceScale, usdtScale, roundDown);
}

export function depositRateFeed(feed: MarketFeedLike): DepositRateFeed {
  const price = (code: string, priceMinor: bigint, atMs: number): FeedPrice => {
    const { priceScale } = feed.instrument(code);
    return {
      code,
      usdtMinor: toUsdt(priceMinor, priceScale),
      atMs,
      source: feed.sourceKind(code),
      text: formatMinor(priceMinor, priceScale, priceScale),
    };
  };
  return {
    last: (code) => {
      const last = feed.snapshot.get(code)?.lastPrice;
      return last ? price(code, last.priceMinor, last.atMs) : undefined;
    },
    keep: async (code) => {
      const kept = await feed.keepLatestTick(code);
      return kept && { ...price(code, kept.priceMinor, kept.atMs), tickId: Number(kept.tickId) };
    },
  };
}

/** The indicative rate a channel shows now: rate and the feed price behind it; null rate without a price. */
export function indicativeRate(
  feed: DepositRateFeed,
  asset: DepositAsset,
  spreadBps: number,
): { rateMinor: bigint | null; indicative: IndicativePrice | null } {
  const code = rateCodeOfAsset[asset];
  if (code === null) return { rateMinor: oneUsdtMinor, indicative: null };
  const last = feed.last(code);
  if (!last) return { rateMinor: null, indicative: null };
  return {
    rateMinor: spreadRateMinor(last.usdtMinor, spreadBps),
    indicative: { code, price: last.text, at: last.atMs, source: last.source },
  };
}

export const formatRate = (rateMinor: bigint): string => formatMinor(rateMinor, usdtScale);
