// A live feed's outage (issue 21): the recorded exchange stops answering → its prices turn stale for every
// reader (price answers, /readyz, /metrics) → the real book refuses to open and to close (10161) → the
// exchange answers again → live, and a real contract whose term ran out meanwhile settles at the first
// live tick after the return. Then a live replay that ends goes stale the same way.
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketInfo, OptionsContract, Tick } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { fundReal } from '../wallet/withdraw-testing.ts';
import { buy, closeOption, quoteBody, stepTo } from '../orders/testing.ts';
import { registeredExchanges, type ExchangeLike } from './source-ccxt.ts';
import { nextUtc, travelTo } from './testing.ts';

type Fixture = {
  markets: Record<string, { symbol: string; active?: boolean }>;
  tickers: Array<Awaited<ReturnType<ExchangeLike['fetchTickers']>>>;
};
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/ccxt-binance.json', import.meta.url), 'utf8'),
) as Fixture;

/** The recorded exchange, with a switch that makes every ticker request fail as an outage does. */
function flakyExchange(): ExchangeLike & { down: boolean } {
  const exchange = {
    down: false,
    loadMarkets: async () => fixture.markets,
    fetchTickers: async (symbols?: string[]) => {
      if (exchange.down) throw new Error('ECONNRESET (recorded exchange unreachable)');
      const recorded = fixture.tickers[0] ?? {};
      return Object.fromEntries(Object.entries(recorded).filter(([s]) => !symbols || symbols.includes(s)));
    },
    fetchOHLCV: async () => [],
  };
  return exchange;
}

const staleAfterMs = 30_000;

describe('a ccxt outage', () => {
  let t: TestApp;
  const exchange = flakyExchange();
  beforeAll(async () => {
    registeredExchanges.set('flaky', () => exchange);
    t = await startTestApp({ marketFeed: 'ccxt:flaky' });
    await travelTo(t, nextUtc(t.clock.now(), 3, 12));
  }, 120_000);
  afterAll(async () => {
    registeredExchanges.delete('flaky');
    await t.close();
  });

  const info = async (code: string) =>
    (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;
  const readyz = async () =>
    (await t.app.inject({ method: 'GET', url: '/readyz' })).json<{
      feeds: Array<{ name: string; status: string; ageSeconds: number | null }>;
    }>();
  const ageMetric = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/feed_tick_age_seconds\{source="ccxt:flaky"\} (\S+)/.exec(text)?.[1]);
  };
  /** Runs feed steps until the ccxt poll (every 5 s) has fetched and the engine judged. */
  const pollAt = async (atMs: number) => {
    await stepTo(t, atMs);
    await new Promise((r) => setTimeout(r, 50)); // the fetch resolves on the next turn
    await stepTo(t, atMs + 1);
  };

  it('goes stale, pauses the real book, and settles at the first live tick after it answers again', async () => {
    await pollAt(t.clock.now() + 5_000);
    expect((await info('BTCUSDT')).priceStatus).toBe('live');
    expect((await readyz()).feeds).toEqual([{ name: 'ccxt:flaky', status: 'live', ageSeconds: 0 }]);

    const who = await registerUser(t);
    await fundReal(t, who.id, '10000');
    const opened = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '60' }), { book: 'YES' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const id = opened.body.result.id;

    exchange.down = true;
    // Past the staleness limit and past the contract's 60 s term.
    await pollAt(t.clock.now() + staleAfterMs + 36_000);
    const stale = await info('BTCUSDT');
    expect(stale.priceStatus).toBe('stale');
    expect((await readyz()).feeds[0]?.status).toBe('stale');
    expect(await ageMetric()).toBeGreaterThan(staleAfterMs / 1000);
    const refusedOpen = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '60' }), {
      book: 'YES',
    });
    expect({ status: refusedOpen.status, code: refusedOpen.body.code }).toEqual({
      status: 503,
      code: '10161',
    });
    const refusedClose = await closeOption(t, who.token, id, { book: 'YES' });
    expect(refusedClose.body.code).toBe('10161');
    // The term (60 s) ran out during the outage: still open, nothing settles on the frozen price.
    const during = await client(t.app, { token: who.token, book: 'YES' }).get<OptionsContract>(
      `/api/swx/customer/order/getOptionsOrderById/${id}`,
    );
    expect(during.body.result.status).toBe('open');

    exchange.down = false;
    const backAt = t.clock.now();
    await pollAt(backAt + 5_000);
    expect((await info('BTCUSDT')).priceStatus).toBe('live');
    const after = await client(t.app, { token: who.token, book: 'YES' }).get<OptionsContract>(
      `/api/swx/customer/order/getOptionsOrderById/${id}`,
    );
    expect(after.body.result).toMatchObject({ status: 'closed', closeReason: 'expiry' });
    const tick = (
      await client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${after.body.result.closeTickId ?? ''}`)
    ).body.result;
    expect(tick.source).toBe('live');
    expect(tick.at).toBeGreaterThan(backAt);
  });
});

describe('a live replay that ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    const file = path.join(os.tmpdir(), `tw-live-replay-${process.pid}.ndjson`);
    const lines = [JSON.stringify({ replay: { source: 'live', recordedFrom: 'ccxt:binance' } })];
    for (let s = 0; s <= 20; s++)
      lines.push(JSON.stringify({ code: 'BTCUSDT', price: `${64000 + s}.00`, offsetMs: s * 1000 }));
    writeFileSync(file, lines.join('\n'));
    t = await startTestApp({ marketFeed: `replay:${file}` });
  }, 120_000);
  afterAll(async () => t.close());

  it('is live while it plays and stale once its last tick is older than price_stale_after_s', async () => {
    const start = t.clock.now();
    await stepTo(t, start + 10_000);
    const info = async () =>
      (await client(t.app).get<MarketInfo>('/api/swx/customer/index/getMarketInfo/BTCUSDT')).body.result;
    expect((await info()).priceStatus).toBe('live');
    await stepTo(t, start + 20_000 + staleAfterMs + 1_000);
    expect(await info()).toMatchObject({ priceStatus: 'stale', nowPrice: '64020.00' });
  });
});
