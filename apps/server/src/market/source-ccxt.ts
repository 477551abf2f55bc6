// `MARKET_FEED=ccxt:EXCHANGE`: real crypto prices from an exchange's public API through ccxt. Only
// crypto pairs the exchange lists are covered; everything else stays simulated. ccxt hands out prices as
// JavaScript numbers; they become decimal text once, here (`toFixed` at the instrument's scale), and
// bigint minor units from then on.
import type { FastifyBaseLogger } from 'fastify';
import { instrumentTypes } from '@tradewind/contract';
import { roundHalfEven } from '@tradewind/contract/money';
import type { Instrument } from './catalogue.ts';
import { minuteMs } from './hours.ts';
import type { MinuteCandle, Tick, TickMeta } from './snapshot.ts';
import { Poller } from './poller.ts';
import type { PriceSource } from './source.ts';

/** The part of a ccxt exchange this source uses; a real `ccxt.binance` instance satisfies it. */
export type ExchangeLike = {
  loadMarkets(): Promise<Record<string, { symbol: string; active?: boolean | undefined } | undefined>>;
  fetchTickers(symbols?: string[]): Promise<
    Record<
      string,
      {
        symbol?: string | undefined;
        /** The exchange's own time of the ticker, epoch ms. */
        timestamp?: number | undefined;
        last?: number | undefined;
        open?: number | undefined;
        high?: number | undefined;
        low?: number | undefined;
        baseVolume?: number | undefined;
      }
    >
  >;
  fetchOHLCV(
    symbol: string,
    timeframe?: string,
    since?: number,
    limit?: number,
  ): Promise<Array<Array<number | undefined>>>;
  close?(): Promise<void>;
};

/**
 * Exchanges registered by name before the app starts take precedence over ccxt's own classes: tests
 * register one that answers recorded responses, so no test touches the network.
 */
export const registeredExchanges = new Map<string, () => ExchangeLike>();

export async function openExchange(name: string): Promise<ExchangeLike> {
  const registered = registeredExchanges.get(name);
  if (registered) return registered();
  // ccxt is large; load it only when a ccxt feed is configured.
  const { exchanges } = await import('ccxt');
  if (!Object.hasOwn(exchanges, name)) throw new Error(`ccxt has no exchange named ${name}`);
  const Exchange = exchanges[name as keyof typeof exchanges];
  return new Exchange({ enableRateLimit: true, timeout: 10_000 });
}

/**
 * A ccxt number as minor units at `scale`; undefined for a missing or non-positive value. ccxt hands
 * prices over as JS numbers, so this edge is the one place a float becomes an exact amount. No float
 * arithmetic: the number's shortest decimal form (ECMAScript Number::toString, which reads back as the same
 * number, e.g. the "67012.5" the exchange sent) is taken digit by digit into a bigint, and rounded half-even
 * to the scale once (`toFixed` would round the binary value instead: 1.005 → "1.00").
 */
export function numberToMinor(value: number | undefined, scale: number): bigint | undefined {
  if (value === undefined || !Number.isFinite(value) || value <= 0 || value >= 1e15) return undefined;
  // "0.00001295", "67012.5" or, below 1e-6, "1.295e-7": digits × 10^exponent.
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value));
  if (!m) return undefined;
  const fraction = m[2] ?? '';
  const digits = BigInt(`${m[1] ?? '0'}${fraction}`);
  const shift = Number(m[3] ?? '0') - fraction.length + scale;
  const minor = shift >= 0 ? digits * 10n ** BigInt(shift) : roundHalfEven(digits, 10n ** BigInt(-shift));
  return minor > 0n ? minor : undefined;
}

export type CcxtOptions = { pollEveryMs: number; log: FastifyBaseLogger; now: () => number };

export class CcxtSource implements PriceSource {
  readonly kind = 'live';
  readonly name: string;
  private readonly symbols = new Map<string, Instrument>();
  private readonly poller: Poller;
  private closed = false;

  constructor(
    private readonly exchangeName: string,
    private readonly exchange: ExchangeLike,
    private readonly options: CcxtOptions,
  ) {
    this.name = `ccxt:${exchangeName}`;
    this.poller = new Poller(options.pollEveryMs, () => this.fetchTickers());
  }

  /** Covers the crypto pairs the exchange lists as active; a failure leaves everything simulated. */
  async start(instruments: readonly Instrument[]): Promise<Set<string>> {
    try {
      const markets = await this.exchange.loadMarkets();
      for (const i of instruments) {
        if (i.type !== instrumentTypes.crypto) continue;
        const market = markets[i.appName]; // appName is the unified symbol, e.g. BTC/USDT
        if (market && market.active !== false) this.symbols.set(market.symbol, i);
      }
    } catch (err) {
      this.options.log.error(
        { err, exchange: this.exchangeName },
        'ccxt: loading markets failed; prices stay simulated',
      );
    }
    return new Set([...this.symbols.values()].map((i) => i.code));
  }

  /** Starts a fetch when one is due and drains what arrived (poller.ts). */
  poll(nowMs: number): Promise<Tick[]> {
    return this.poller.poll(nowMs, this.symbols.size > 0);
  }

  private async fetchTickers(): Promise<void> {
    try {
      const tickers = await this.exchange.fetchTickers([...this.symbols.keys()]);
      if (this.closed) return;
      // The platform clock stamps the tick: the tape's time axis is ours, not the exchange's.
      const atMs = this.options.now();
      for (const [symbol, t] of Object.entries(tickers)) {
        const instrument = this.symbols.get(t.symbol ?? symbol);
        if (!instrument) continue;
        const scale = instrument.priceScale;
        const priceMinor = numberToMinor(t.last, scale);
        if (priceMinor === undefined) continue;
        const open = numberToMinor(t.open, scale);
        const high = numberToMinor(t.high, scale);
        const low = numberToMinor(t.low, scale);
        const volume = numberToMinor(t.baseVolume, instrument.volumeScale) ?? 0n;
        const day =
          open !== undefined && high !== undefined && low !== undefined
            ? { openMinor: open, highMinor: high, lowMinor: low, volumeMinor: volume }
            : undefined;
        // The exchange's own timestamp goes with the tick (kept in the tape), to check a settlement against it.
        const meta: TickMeta =
          t.timestamp !== undefined && Number.isSafeInteger(t.timestamp)
            ? { exchange: this.exchangeName, exchangeTimeMs: t.timestamp }
            : { exchange: this.exchangeName };
        this.poller.push({ code: instrument.code, priceMinor, atMs, meta, ...(day ? { day } : {}) });
      }
    } catch (err) {
      this.options.log.warn({ err, exchange: this.exchangeName }, 'ccxt: fetching tickers failed');
    }
  }

  /** 1-minute candles from the exchange (fetchOHLCV), clamped so low ≤ open, close ≤ high after rounding. */
  async history(instrument: Instrument, sinceMs: number, limit: number): Promise<MinuteCandle[]> {
    const rows = await this.exchange.fetchOHLCV(instrument.appName, '1m', sinceMs, limit);
    const candles: MinuteCandle[] = [];
    for (const [time, o, h, l, c, v] of rows) {
      const scale = instrument.priceScale;
      const open = numberToMinor(o, scale);
      const high = numberToMinor(h, scale);
      const low = numberToMinor(l, scale);
      const close = numberToMinor(c, scale);
      if (
        time === undefined ||
        open === undefined ||
        high === undefined ||
        low === undefined ||
        close === undefined
      )
        continue;
      const top = [open, high, close].reduce((a, b) => (b > a ? b : a));
      const bottom = [open, low, close].reduce((a, b) => (b < a ? b : a));
      candles.push({
        minute: Math.floor(time / minuteMs),
        open,
        high: top,
        low: bottom,
        close,
        volume: numberToMinor(v, instrument.volumeScale) ?? 0n,
      });
    }
    return candles;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.poller.settled();
    await this.exchange.close?.();
  }
}
