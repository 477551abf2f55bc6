// Read side of the market calls: list items, instrument info, K-lines and the live-price item, built from
// the feed's snapshot (lists) and the tape or the walk's history (charts). Every price answer says which
// kind of source it came from (`source`, DESIGN.md §1.8).
import {
  codes,
  searchMarketLimitMax,
  type Candle,
  type InstrumentType,
  type KlinePeriod,
  type MarketInfo,
  type MarketItem,
  type WsPriceItem,
} from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import type { Instrument } from './catalogue.ts';
import { contractTermsSha256, disclosedContractTerms } from './disclosure.ts';
import type { MarketFeed } from './feed.ts';
import { minuteMs, nextOpenAt } from './hours.ts';
import { bucketRange, periods, SimHistory } from './klines.ts';
import { logoPath } from './logo.ts';
import { changeBasisPoints, formatPercent, type Stats24h } from './snapshot.ts';
import type { Bucket } from './tape.ts';

const backfillMinutes = 1000;

/** 0 exact (code, display name or its base: "xau"), 1 a prefix of any name, 2 anywhere; else no match. */
function matchRank(i: Pick<Instrument, 'code' | 'appName' | 'name'>, needle: string): number | undefined {
  const names = [i.code, i.appName, i.name].map((n) => n.toLowerCase());
  const base = names[1]?.split('/')[0];
  if (names.includes(needle) || base === needle) return 0;
  if (names.some((n) => n.startsWith(needle))) return 1;
  if (names.some((n) => n.includes(needle))) return 2;
  return undefined;
}

export const formatPrice = (minor: bigint, scale: number): string => formatMinor(minor, scale, scale);

export class MarketQueries {
  private readonly history = new SimHistory();
  private readonly backfilled = new Set<string>();
  private readonly itemCache = new Map<string, { key: string; item: MarketItem }>();
  private readonly nextOpenCache = new Map<string, { minute: number; atMs: number | undefined }>();

  constructor(
    private readonly ctx: Ctx,
    private readonly feed: MarketFeed,
  ) {}

  /** What the WebSocket pushes for `code`: `{code, price, zdf, source, priceStatus, priceAt}`. */
  liveItem(code: string): WsPriceItem | undefined {
    const i = this.feed.catalogue.get(code);
    const s = i && this.feed.stats24h(code);
    if (!i || !s) return undefined;
    const at = this.feed.snapshot.get(code)?.lastPrice?.atMs;
    return {
      code,
      price: formatPrice(s.nowPrice, i.priceScale),
      zdf: formatPercent(changeBasisPoints(s.nowPrice, s.price24hAgo)),
      source: this.feed.sourceKind(code),
      priceStatus: this.feed.priceStatus(i),
      ...(at === undefined ? {} : { priceAt: at }),
    };
  }

  /** Drops what was built from the instrument `code` as it was (an edit in the back office). */
  forget(code: string): void {
    this.itemCache.delete(code);
  }

  /** List items only change with a tick or a new minute; lists and pushes reuse them until then. */
  cachedItem(i: Instrument): MarketItem | undefined {
    const last = this.feed.snapshot.get(i.code)?.lastPrice;
    if (!last) return undefined;
    const nowMs = this.ctx.clock.now();
    // The status is in the key: a live price turns stale with no new tick.
    const key = `${last.atMs}|${last.priceMinor}|${Math.floor(nowMs / minuteMs)}|${this.feed.priceStatus(i, nowMs)}`;
    const hit = this.itemCache.get(i.code);
    if (hit?.key === key) return hit.item;
    const s = this.feed.stats24h(i.code);
    if (!s) return undefined;
    const item = this.item(i, s);
    this.itemCache.set(i.code, { key, item });
    return item;
  }

  private item(i: Instrument, s: Stats24h): MarketItem {
    const tradable = this.feed.tradable(i);
    const nextOpen = tradable ? undefined : this.nextOpen(i);
    const lastAt = this.feed.snapshot.get(i.code)?.lastPrice?.atMs;
    return {
      id: String(i.id),
      code: i.code,
      type: i.type,
      etf: i.etf,
      appName: i.appName,
      name: i.name,
      logo: i.logoUrl ?? logoPath(i.code),
      price: formatPrice(s.price24hAgo, i.priceScale),
      nowPrice: formatPrice(s.nowPrice, i.priceScale),
      zdf: formatPercent(changeBasisPoints(s.nowPrice, s.price24hAgo)),
      hundred: (this.feed.snapshot.get(i.code)?.hundred() ?? []).map((p) => formatPrice(p, i.priceScale)),
      source: this.feed.sourceKind(i.code),
      priceStatus: this.feed.priceStatus(i),
      ...(lastAt === undefined ? {} : { priceAt: lastAt }),
      high24h: formatPrice(s.high, i.priceScale),
      low24h: formatPrice(s.low, i.priceScale),
      volume24h: formatMinor(s.volume, i.volumeScale),
      tradable,
      ...(nextOpen !== undefined ? { nextOpenAt: nextOpen } : {}),
    };
  }

  /**
   * The next opening, shared by the instruments of one venue for the minute: a list of 200 stocks closed
   * for the weekend would otherwise walk 4,000 minutes of hours each.
   */
  private nextOpen(i: Instrument): number | undefined {
    const nowMs = this.ctx.clock.now();
    const minute = Math.floor(nowMs / minuteMs);
    const key = JSON.stringify(i.schedule.hours);
    const hit = this.nextOpenCache.get(key);
    if (hit?.minute === minute) return hit.atMs;
    const atMs = nextOpenAt(i.schedule, nowMs);
    this.nextOpenCache.set(key, { minute, atMs });
    return atMs;
  }

  /** The list of a category from the in-memory snapshot; `keyword` matches code, display or long name. */
  /** `limit`: stop after that many items, so a short head costs neither the items' building nor their JSON. */
  list(type: InstrumentType, keyword?: string, limit = Infinity): MarketItem[] {
    const needle = keyword?.trim().toLowerCase();
    const out: MarketItem[] = [];
    for (const i of this.feed.catalogue.byType.get(type) ?? []) {
      if (out.length >= limit) break;
      if (needle && ![i.code, i.appName, i.name].some((t) => t.toLowerCase().includes(needle))) continue;
      const item = this.cachedItem(i);
      if (item) out.push(item);
    }
    return out;
  }

  /**
   * Every category at once, best matches first: the code or display name equal to the keyword, then one
   * of the three starting with it, then containing it; catalogue order within a rank.
   */
  search(keyword: string, limit = searchMarketLimitMax): MarketItem[] {
    const needle = keyword.trim().toLowerCase();
    if (needle === '') return [];
    const ranked: Array<{ rank: number; i: Instrument }> = [];
    for (const list of this.feed.catalogue.byType.values()) {
      for (const i of list) {
        const rank = matchRank(i, needle);
        if (rank !== undefined) ranked.push({ rank, i });
      }
    }
    ranked.sort((a, b) => a.rank - b.rank);
    const out: MarketItem[] = [];
    for (const { i } of ranked) {
      if (out.length >= limit) break;
      const item = this.cachedItem(i);
      if (item) out.push(item);
    }
    return out;
  }

  info(code: string): MarketInfo {
    const i = this.feed.instrument(code);
    const s = this.feed.stats24h(i.code);
    if (!s) throw new AppError(codes.notFound);
    const disclosed = disclosedContractTerms(i, this.feed.maxSlippagePct);
    return {
      ...this.item(i, s),
      open24h: formatPrice(s.open, i.priceScale),
      // The walk's and the exchanges' volume is a quantity of the base, not a turnover in the quote.
      volumeUnit: i.appName.includes('/') ? (i.appName.split('/')[0] ?? i.code) : i.code,
      quote: i.quote,
      priceScale: i.priceScale,
      ...disclosed,
      termsSha256: contractTermsSha256(disclosed),
    };
  }

  async klines(q: {
    code: string;
    period: KlinePeriod;
    from?: number;
    to?: number;
    limit?: number;
  }): Promise<Candle[]> {
    const i = this.feed.instrument(q.code);
    const nowMs = this.ctx.clock.now();
    const period = periods[q.period];
    const range = bucketRange(period, q, nowMs);
    if (!range) return [];
    const state = this.feed.snapshot.get(i.code);
    let buckets: Bucket[];
    if (state?.sim) {
      buckets = this.history.buckets(i.code, state.sim, period, range, nowMs);
    } else {
      await this.backfill(i, nowMs);
      buckets = await this.feed.tape.buckets(
        i.id,
        period.ms,
        period.offsetMs,
        range.firstStartMs,
        range.lastStartMs + period.ms,
        Math.round((range.lastStartMs - range.firstStartMs) / period.ms) + 1,
      );
    }
    return buckets.map((b) => ({
      time: b.startMs,
      open: formatPrice(b.open, i.priceScale),
      high: formatPrice(b.high, i.priceScale),
      low: formatPrice(b.low, i.priceScale),
      close: formatPrice(b.close, i.priceScale),
      volume: formatMinor(b.volume, i.volumeScale),
    }));
  }

  /** A live instrument's first chart request fetches the exchange's recent minutes (once per process). */
  private async backfill(i: Instrument, nowMs: number): Promise<void> {
    const source = this.feed.sourceOf(i.code);
    if (!source.history || this.backfilled.has(i.code)) return;
    this.backfilled.add(i.code);
    try {
      const candles = await source.history(i, nowMs - backfillMinutes * minuteMs, backfillMinutes);
      await this.feed.tape.storeHistory(i.id, candles);
    } catch (err) {
      this.ctx.log.warn({ err, code: i.code }, 'market: history backfill failed');
    }
  }
}
