// `MARKET_FEED=…,pyth`: live forex, metals and US stocks from Pyth Network's Hermes service
// (GET /v2/updates/price/latest?ids[]=…&parsed=true). Plain fetch: @pythnetwork/hermes-client 3.x asks for
// Node 24 and brings its own zod 3, for one GET. The instruments covered are those pyth-feeds.ts maps, fixed
// at start: a Hermes outage leaves them live-but-quiet (stale, detected from the tick age) rather than
// quietly moving them onto the walk.
//
// Pyth prices are integers with a decimal exponent (price × 10^expo); they become minor units at the
// instrument's price scale in bigint arithmetic, rounded half-even once. A tick is stamped with Pyth's
// publish time, so the age of the last tick is the age of the price at Pyth.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { fitsMinor, formatMinor, roundHalfEven } from '@tradewind/contract/money';
import type { Instrument } from './catalogue.ts';
import { pythFeeds, type PythFeed } from './pyth-feeds.ts';
import type { Tick } from './snapshot.ts';
import { Poller } from './poller.ts';
import type { PriceSource } from './source.ts';

/** Ids per request: 40 ids keep the query near 3 KB, well under common URL limits. */
const idsPerRequest = 40;
const requestTimeoutMs = 10_000;

const rpcPrice = z.object({
  price: z.string().regex(/^-?\d{1,30}$/),
  conf: z.string().regex(/^\d{1,30}$/),
  expo: z.number().int().min(-30).max(30),
  publish_time: z.number().int().min(0),
});
/** The part of Hermes' answer this source reads; the binary update and the EMA price are ignored. */
const latestAnswer = z.object({
  parsed: z.array(z.object({ id: z.string(), price: rpcPrice })).default([]),
});
export type PythPrice = z.infer<typeof rpcPrice>;

/**
 * `price × 10^expo` in minor units at `scale`, rounded half-even; undefined unless positive and in range.
 * Exact for any size: no float is involved.
 */
export function pythToMinor(price: bigint, expo: number, scale: number): bigint | undefined {
  const shift = expo + scale;
  const minor = shift >= 0 ? price * 10n ** BigInt(shift) : roundHalfEven(price, 10n ** BigInt(-shift));
  return minor > 0n && fitsMinor(minor) ? minor : undefined;
}

/** Pyth's confidence as a decimal in the quote currency (`conf × 10^expo`, exact): "5.09500001". */
export function pythDecimal(value: bigint, expo: number): string {
  return expo >= 0 ? (value * 10n ** BigInt(expo)).toString() : formatMinor(value, -expo, -expo);
}

export type PythOptions = {
  /** Hermes' base URL without a trailing slash (config `PYTH_HERMES_URL`). */
  baseUrl: string;
  apiKey?: string | undefined;
  pollEveryMs: number;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Catalogue code → feed; pyth-feeds.ts unless a test maps its own. */
  feeds?: ReadonlyMap<string, PythFeed>;
};

export class PythSource implements PriceSource {
  readonly kind = 'live';
  readonly name = 'pyth';
  /** Covered instruments by feed id (lower-case hex, no 0x, as Hermes answers it). */
  private readonly byFeedId = new Map<string, Instrument>();
  /** The publish time (s) of the last tick emitted per feed: a price Pyth has not updated is not re-sent. */
  private readonly publishedS = new Map<string, number>();
  private readonly poller: Poller;
  private readonly aborter = new AbortController();

  constructor(private readonly options: PythOptions) {
    this.poller = new Poller(options.pollEveryMs, () => this.fetchAll());
  }

  /** Covers the instruments the feed map names; nothing is asked of Hermes yet. */
  async start(instruments: readonly Instrument[]): Promise<Set<string>> {
    const feeds = this.options.feeds ?? pythFeeds;
    for (const i of instruments) {
      const feed = feeds.get(i.code);
      if (feed) this.byFeedId.set(normalizeId(feed.id), i);
    }
    return Promise.resolve(new Set([...this.byFeedId.values()].map((i) => i.code)));
  }

  /** Starts a fetch when one is due and drains what arrived (poller.ts). */
  poll(nowMs: number): Promise<Tick[]> {
    return this.poller.poll(nowMs, this.byFeedId.size > 0);
  }

  /** One request per batch of ids; a failed batch is logged and yields nothing (its prices age). */
  private async fetchAll(): Promise<void> {
    const ids = [...this.byFeedId.keys()];
    for (let i = 0; i < ids.length; i += idsPerRequest) {
      if (this.aborter.signal.aborted) return;
      const batch = ids.slice(i, i + idsPerRequest);
      try {
        this.take(await this.fetchLatest(batch));
      } catch (err) {
        if (this.aborter.signal.aborted) return;
        this.options.log.warn(
          { err, source: this.name, feeds: batch.length },
          'pyth: fetching prices failed',
        );
      }
    }
  }

  private async fetchLatest(ids: readonly string[]): Promise<z.infer<typeof latestAnswer>> {
    const query = new URLSearchParams();
    for (const id of ids) query.append('ids[]', id);
    query.set('parsed', 'true');
    // A feed Pyth retires must not blank every other price of the batch (Hermes answers 404 otherwise).
    query.set('ignore_invalid_price_ids', 'true');
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    const res = await fetch(`${this.options.baseUrl}/v2/updates/price/latest?${query.toString()}`, {
      headers,
      signal: AbortSignal.any([this.aborter.signal, AbortSignal.timeout(requestTimeoutMs)]),
    });
    if (!res.ok) throw new Error(`Hermes answered HTTP ${res.status}`);
    return latestAnswer.parse(await res.json());
  }

  private take(answer: z.infer<typeof latestAnswer>): void {
    for (const feed of answer.parsed) {
      const id = normalizeId(feed.id);
      const instrument = this.byFeedId.get(id);
      if (!instrument) continue;
      const { price, conf, expo, publish_time: publishTime } = feed.price;
      if (publishTime <= (this.publishedS.get(id) ?? -1)) continue;
      const priceMinor = pythToMinor(BigInt(price), expo, instrument.priceScale);
      if (priceMinor === undefined) continue;
      this.publishedS.set(id, publishTime);
      this.poller.push({
        code: instrument.code,
        priceMinor,
        atMs: publishTime * 1000,
        meta: { feedId: id, publishTime, conf: pythDecimal(BigInt(conf), expo) },
      });
    }
  }

  async close(): Promise<void> {
    this.aborter.abort();
    await this.poller.settled();
  }
}

function normalizeId(id: string): string {
  return id.toLowerCase().replace(/^0x/, '');
}
