// The Pyth source (source-pyth.ts) and `MARKET_FEED` composition, against a Hermes-compatible server that
// the test starts on loopback. It answers with response bodies copied from Pyth's public documentation:
// - fixtures/pyth-hermes-api-reference.json: the example answer of GET /v2/updates/price/latest on
//   https://docs.pyth.network/api-reference/pyth-core/hermes/latest_price_updates (generated from the schema
//   examples in github.com/pyth-network/pyth-crosschain apps/hermes/server/src/api/types.rs): BTC/USD
//   2920679499999 × 10^-8, conf 509500001, published 1717632000.
// - fixtures/pyth-hermes-fetch-guide.json: the sample output of "How to fetch price updates",
//   https://docs.pyth.network/price-feeds/core/fetch-price-updates (pyth-crosschain
//   apps/developer-hub/content/docs/price-feeds/core/fetch-price-updates.mdx, commit b0eca920b649): BTC/USD
//   6140993501000 × 10^-8 and ETH/BTC 4959503 × 10^-8 (conf 5465), published 1714746101.
// Pyth publishes no such example for a forex, metal or stock feed, so the server answers a mapped feed id
// with one of these documented entries under the requested id (`served` below): Pyth's numbers, our id.
//
// The real Hermes is asked only with PYTH_LIVE=1 and when it answers a 2 s probe (this machine has no
// internet, and nothing here sends a request off the machine unless asked to).
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MarketInfo, Tick as TickAnswer } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { pythFeeds } from './pyth-feeds.ts';
import { registeredExchanges, type ExchangeLike } from './source-ccxt.ts';
import { PythSource, pythDecimal, pythToMinor } from './source-pyth.ts';

type HermesEntry = { id: string; price: { price: string; conf: string; expo: number; publish_time: number } };
type HermesBody = { binary: unknown; parsed: HermesEntry[] };
const readBody = (file: string): HermesBody =>
  JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8')) as HermesBody;
const apiReference = readBody('pyth-hermes-api-reference.json');
const guide = readBody('pyth-hermes-fetch-guide.json');
const [refBtc] = apiReference.parsed;
const [guideBtc, guideEthBtc] = guide.parsed;
if (!refBtc || !guideBtc || !guideEthBtc) throw new Error('the documented bodies changed shape');

const feedId = (code: string): string => {
  const feed = pythFeeds.get(code);
  if (!feed) throw new Error(`${code} has no Pyth feed`);
  return feed.id;
};

/** Which documented entry the server answers for a feed id. */
const served = new Map<string, HermesEntry>([
  [feedId('EURUSD'), guideEthBtc],
  [feedId('XAUUSD'), guideBtc],
  [feedId('AAPL'), refBtc],
]);

type Hermes = {
  url: string;
  requests: Array<{ query: URLSearchParams; headers: IncomingHttpHeaders }>;
  mode: 'answer' | 'fail';
  close: () => Promise<void>;
};

/** Answers GET /v2/updates/price/latest like Hermes: the known ids, an unknown one 404 unless ignored. */
async function startHermes(): Promise<Hermes> {
  const hermes: Hermes = { url: '', requests: [], mode: 'answer', close: () => Promise.resolve() };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    hermes.requests.push({ query: url.searchParams, headers: req.headers });
    if (url.pathname !== '/v2/updates/price/latest') return void res.writeHead(404).end();
    if (hermes.mode === 'fail') return void res.writeHead(503).end('upstream unavailable');
    const ids = url.searchParams.getAll('ids[]');
    const unknown = ids.filter((id) => !served.has(id));
    if (unknown.length > 0 && url.searchParams.get('ignore_invalid_price_ids') !== 'true')
      return void res.writeHead(404).end(`Price ids not found: ${unknown.join(', ')}`);
    const parsed = ids.flatMap((id) => {
      const entry = served.get(id);
      return entry ? [{ ...entry, id }] : [];
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ binary: guide.binary, parsed }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  hermes.url = `http://127.0.0.1:${port}`;
  hermes.close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
  return hermes;
}

/** A recorded exchange (as in ccxt.test.ts) that lists BTC/USDT and ETH/USDT. */
const ccxtFixture = JSON.parse(
  readFileSync(new URL('./fixtures/ccxt-binance.json', import.meta.url), 'utf8'),
) as {
  markets: Awaited<ReturnType<ExchangeLike['loadMarkets']>>;
  tickers: Array<Awaited<ReturnType<ExchangeLike['fetchTickers']>>>;
};
const recordedExchange = (): ExchangeLike => ({
  loadMarkets: async () => ccxtFixture.markets,
  fetchTickers: async () => ccxtFixture.tickers[0] ?? {},
  fetchOHLCV: async () => [],
});

describe('Pyth prices as minor units', () => {
  it('converts price × 10^expo exactly at the scale, rounding half-even once', () => {
    expect(pythToMinor(2_920_679_499_999n, -8, 2)).toBe(2_920_679n); // 29206.79499999 → 29206.79
    expect(pythToMinor(6_140_993_501_000n, -8, 2)).toBe(6_140_994n); // 61409.93501 → 61409.94
    expect(pythToMinor(4_959_503n, -8, 5)).toBe(4_960n); // 0.04959503 → 0.04960
    expect(pythToMinor(125n, -2, 1)).toBe(12n); // 1.25 → 1.2 (tie to even)
    expect(pythToMinor(135n, -2, 1)).toBe(14n); // 1.35 → 1.4
    expect(pythToMinor(108_512n, -5, 5)).toBe(108_512n); // same scale: untouched
    expect(pythToMinor(12n, 2, 2)).toBe(120_000n); // a positive exponent
  });

  it('stays exact where a float would not: a 19-digit price', () => {
    // 9223372036854775.807 → …776; as a JS number the price is already 9223372036854775808.
    expect(pythToMinor(9_223_372_036_854_775_807n, -5, 2)).toBe(9_223_372_036_854_776n);
    expect(BigInt(Number(9_223_372_036_854_775_807n))).not.toBe(9_223_372_036_854_775_807n);
  });

  it('refuses non-positive prices and amounts beyond the 63-bit column', () => {
    expect(pythToMinor(0n, -8, 2)).toBeUndefined();
    expect(pythToMinor(-5n, -8, 2)).toBeUndefined();
    expect(pythToMinor(10n ** 20n, 0, 2)).toBeUndefined();
  });

  it('writes the confidence as an exact decimal', () => {
    expect(pythDecimal(509_500_001n, -8)).toBe('5.09500001');
    expect(pythDecimal(5_465n, -8)).toBe('0.00005465');
    expect(pythDecimal(3n, 2)).toBe('300');
  });
});

describe('MARKET_FEED and PYTH_HERMES_URL', () => {
  const refused = (env: Record<string, string>): string => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.message;
      throw err;
    }
    throw new Error(`accepted ${JSON.stringify(env)}`);
  };

  it('accepts sim, one source, or a list in order of precedence', () => {
    expect(loadConfig({}).marketFeed).toBe('sim');
    expect(loadConfig({ MARKET_FEED: 'pyth' }).marketFeed).toBe('pyth');
    expect(loadConfig({ MARKET_FEED: 'ccxt:binance, pyth' }).marketFeed).toBe('ccxt:binance,pyth');
    expect(loadConfig({ MARKET_FEED: 'replay:ticks.ndjson,pyth' }).marketFeed).toBe(
      'replay:ticks.ndjson,pyth',
    );
    expect(loadConfig({}).pythHermesUrl).toBe('https://hermes.pyth.network');
    expect(loadConfig({ PYTH_HERMES_URL: 'http://127.0.0.1:9/hermes/' }).pythHermesUrl).toBe(
      'http://127.0.0.1:9/hermes',
    );
  });

  it.each(['yahoo', 'pyth,pyth', 'sim,pyth', 'ccxt:binance,', 'ccxt:Binance', 'replay:a,replay:b'])(
    'refuses MARKET_FEED=%s with one line naming it',
    (value) => {
      const message = refused({ MARKET_FEED: value });
      expect(message).toMatch(/^invalid configuration: MARKET_FEED: /);
      expect(message).not.toContain('\n');
    },
  );

  it('refuses a Hermes URL that is not http(s)', () => {
    expect(refused({ PYTH_HERMES_URL: 'ftp://hermes.example' })).toContain('PYTH_HERMES_URL');
  });
});

describe('MARKET_FEED=ccxt:<exchange>,pyth against a Hermes-compatible server', () => {
  let hermes: Hermes;
  let t: TestApp;
  beforeAll(async () => {
    hermes = await startHermes();
    registeredExchanges.set('pythmix', recordedExchange);
    t = await startTestApp({ marketFeed: 'ccxt:pythmix,pyth', pythHermesUrl: hermes.url });
    // The first step ran at start; one more drains a Hermes answer that came after its 200 ms wait.
    t.clock.advance(5_000);
    await t.app.market.step();
  });
  afterAll(async () => {
    registeredExchanges.delete('pythmix');
    await t.close();
    await hermes.close();
  });

  const info = async (code: string) =>
    (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;
  const sourceName = (code: string) => t.app.market.feed.sourceOf(code).name;

  it('gives crypto to the exchange, forex, metals and US stocks to Pyth, the rest to the walk', async () => {
    expect(sourceName('BTCUSDT')).toBe('ccxt:pythmix');
    expect(sourceName('EURUSD')).toBe('pyth');
    expect(sourceName('XAUUSD')).toBe('pyth');
    expect(sourceName('AAPL')).toBe('pyth');
    expect(sourceName('LUNAUSDT')).toBe('sim'); // not listed by the exchange; Pyth maps no crypto
    expect(sourceName('GBPJPY')).toBe('sim'); // `coming_soon` at Pyth
    expect(sourceName('USOIL')).toBe('sim'); // no perpetual feed
    expect((await info('EURUSD')).source).toBe('live');
    expect((await info('CORN')).source).toBe('simulated');
  });

  it('asks Hermes for exactly the mapped feeds of the instruments it covers', () => {
    const request = hermes.requests.at(0);
    const asked = new Set(hermes.requests.flatMap((r) => r.query.getAll('ids[]')));
    const covered = [...pythFeeds.keys()].filter((code) => sourceName(code) === 'pyth');
    expect(covered.length).toBe(pythFeeds.size);
    expect(asked).toEqual(new Set(covered.map(feedId)));
    expect(request?.query.get('parsed')).toBe('true');
    expect(request?.query.get('ignore_invalid_price_ids')).toBe('true');
    expect(request?.headers.authorization).toBeUndefined();
  });

  it("prices each instrument from Pyth's documented numbers at its own scale, stamped with the publish time", async () => {
    expect((await info('EURUSD')).nowPrice).toBe('0.04960');
    expect((await info('XAUUSD')).nowPrice).toBe('61409.94');
    expect((await info('AAPL')).nowPrice).toBe('29206.79');
    expect((await info('BTCUSDT')).nowPrice).toBe('104231.57'); // the exchange, not Pyth's BTC/USD
    const last = t.app.market.feed.snapshot.get('EURUSD')?.lastPrice;
    expect(last?.atMs).toBe(guideEthBtc.price.publish_time * 1000);
  });

  it("keeps Pyth's publish time, confidence and feed id with the tick, and getTick shows them", async () => {
    const kept = await t.app.market.feed.keepLatestTick('EURUSD');
    const tick = (await client(t.app).get<TickAnswer>(`/api/swx/customer/index/getTick/${kept?.tickId}`)).body
      .result;
    expect(tick).toMatchObject({
      code: 'EURUSD',
      price: '0.04960',
      at: 1_714_746_101_000,
      source: 'live',
      feed: 'pyth',
      meta: { feedId: feedId('EURUSD'), publishTime: 1_714_746_101, conf: '0.00005465' },
    });
  });

  it("keeps the exchange's own timestamp with a ccxt tick", async () => {
    const kept = await t.app.market.feed.keepLatestTick('BTCUSDT');
    const tick = (await client(t.app).get<TickAnswer>(`/api/swx/customer/index/getTick/${kept?.tickId}`)).body
      .result;
    expect(tick.meta).toEqual({ exchange: 'pythmix', exchangeTimeMs: 1_748_790_000_123 });
  });

  it('does not send a price again that Pyth has not republished', async () => {
    t.clock.advance(5_000);
    const ticks = await t.app.market.step();
    expect(ticks.filter((x) => sourceName(x.code) === 'pyth')).toEqual([]);
  });

  it('a failing Hermes: the feed emits nothing for Pyth and the price keeps its age', async () => {
    hermes.mode = 'fail';
    const before = hermes.requests.length;
    t.clock.advance(5_000);
    const ticks = await t.app.market.step();
    hermes.mode = 'answer';
    expect(hermes.requests.length).toBeGreaterThan(before);
    expect(ticks.filter((x) => sourceName(x.code) === 'pyth')).toEqual([]);
    expect(t.app.market.feed.snapshot.get('EURUSD')?.lastPrice?.atMs).toBe(1_714_746_101_000);
  });
});

describe('the Pyth source on its own', () => {
  let hermes: Hermes;
  let t: TestApp;
  beforeAll(async () => {
    hermes = await startHermes();
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
    await hermes.close();
  });

  const eurusd = () => {
    const i = t.app.market.feed.catalogue.get('EURUSD');
    if (!i) throw new Error('EURUSD is not in the catalogue');
    return i;
  };

  it('logs a failed poll and emits nothing', async () => {
    hermes.mode = 'fail';
    const warn = vi.fn();
    const source = new PythSource({ baseUrl: hermes.url, pollEveryMs: 5_000, log: { warn } });
    await source.start([eurusd()]);
    expect(await source.poll(0)).toEqual([]);
    await source.close();
    hermes.mode = 'answer';
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'pyth', err: expect.any(Error) }),
      'pyth: fetching prices failed',
    );
  });

  it('logs an unreachable Hermes the same way', async () => {
    const warn = vi.fn();
    const closed = await startHermes();
    await closed.close(); // nothing listens on its port any more
    const source = new PythSource({ baseUrl: closed.url, pollEveryMs: 5_000, log: { warn } });
    await source.start([eurusd()]);
    expect(await source.poll(0)).toEqual([]);
    await source.close();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('sends the API key as a bearer token when one is configured', async () => {
    const source = new PythSource({
      baseUrl: hermes.url,
      apiKey: 'k-123',
      pollEveryMs: 5_000,
      log: { warn: vi.fn() },
    });
    await source.start([eurusd()]);
    const ticks = await source.poll(0);
    await source.close();
    expect(ticks.map((x) => x.code)).toEqual(['EURUSD']);
    expect(hermes.requests.at(-1)?.headers.authorization).toBe('Bearer k-123');
  });
});

/** The real Hermes, only when asked (PYTH_LIVE=1) and answering within 2 s. */
const liveUrl = process.env.PYTH_HERMES_URL ?? 'https://hermes.pyth.network';
const live =
  process.env.PYTH_LIVE === '1' &&
  (await fetch(`${liveUrl}/v2/updates/price/latest?ids[]=${feedId('EURUSD')}`, {
    signal: AbortSignal.timeout(2_000),
  }).then(
    (res) => res.ok,
    () => false,
  ));

describe.skipIf(!live)('the real Hermes (PYTH_LIVE=1)', () => {
  it('knows every mapped feed id and prices them', async () => {
    const ids = [...pythFeeds.values()].map((f) => f.id);
    // Without ignore_invalid_price_ids, Hermes refuses the whole request if any id is unknown to it.
    const query = ids.map((id) => `ids[]=${id}`).join('&');
    const headers: Record<string, string> = process.env.PYTH_API_KEY
      ? { authorization: `Bearer ${process.env.PYTH_API_KEY}` }
      : {};
    const res = await fetch(`${liveUrl}/v2/updates/price/latest?${query}&parsed=true`, { headers });
    expect(res.status).toBe(200);
    const body = (await res.json()) as HermesBody;
    expect(new Set(body.parsed.map((p) => p.id))).toEqual(new Set(ids));
    const source = new PythSource({
      baseUrl: liveUrl,
      apiKey: process.env.PYTH_API_KEY,
      pollEveryMs: 0,
      log: { warn: vi.fn() },
      feeds: new Map([['EURUSD', { symbol: 'FX.EUR/USD', id: feedId('EURUSD') }]]),
    });
    const t = await startTestApp();
    try {
      const i = t.app.market.feed.catalogue.get('EURUSD');
      if (!i) throw new Error('EURUSD is not in the catalogue');
      await source.start([i]);
      await source.poll(0);
      await new Promise((r) => setTimeout(r, 3_000));
      const [tick] = await source.poll(1);
      expect(tick?.priceMinor).toBeGreaterThan(50_000n); // EUR/USD above 0.5 at scale 5
    } finally {
      await source.close();
      await t.close();
    }
  }, 30_000);
});
