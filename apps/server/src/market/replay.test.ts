// The replay source on a recorded tick file, and the tape it feeds: candles, kept ticks, retention.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Candle, MarketInfo } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { parseReplay, ReplayError, ReplaySource } from './source-replay.ts';
import { loadInstruments } from './catalogue.ts';
import { marketTicks } from './tables.ts';
import { Tape } from './tape.ts';

const file = fileURLToPath(new URL('./fixtures/replay-btc-eth.ndjson', import.meta.url));

let t: TestApp;
let startMs: number;
beforeAll(async () => {
  t = await startTestApp({ marketFeed: `replay:${file}` });
  startMs = t.app.market.snapshot.get('ETHUSDT')?.lastPrice?.atMs ?? 0;
});
afterAll(async () => t.close());

const info = async (code: string) =>
  (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;
const ones = async (code: string) =>
  (
    await client(t.app).get<Candle[]>('/api/swx/customer/index/getKValueByCodeAndDate', {
      query: { code, period: '1m', limit: '10' },
    })
  ).body.result;
const at = async (offsetMs: number) => {
  t.clock.advance(startMs + offsetMs - t.clock.now());
  return t.app.market.step();
};

describe('replay source', () => {
  it('plays the recorded ticks on the platform clock', async () => {
    expect(await info('BTCUSDT')).toMatchObject({ nowPrice: '67000.10', source: 'simulated' });
    const ticks = await at(2000);
    expect(ticks.filter((x) => x.code === 'BTCUSDT').map((x) => x.priceMinor)).toEqual([
      6_701_000n,
      6_699_045n,
    ]);
    expect((await info('BTCUSDT')).nowPrice).toBe('66990.45');
    expect((await info('ETHUSDT')).nowPrice).toBe('3201.55');
  });

  it('records 1-minute candles from the ticks, each minute its own', async () => {
    await at(131_000);
    const byMinute = new Map<number, number[]>();
    for (const [offset, price] of [
      [0, 67000.1],
      [1000, 67010],
      [2000, 66990.45],
      [3000, 67005],
      [65000, 67100],
      [70000, 67080.2],
      [130000, 67200],
    ] as const) {
      const minute = Math.floor((startMs + offset) / 60_000) * 60_000;
      byMinute.set(minute, [...(byMinute.get(minute) ?? []), price]);
    }
    const candles = await ones('BTCUSDT');
    expect(candles.map((c) => c.time)).toEqual([...byMinute.keys()]);
    for (const c of candles) {
      const prices = byMinute.get(c.time) ?? [];
      expect(Number(c.open)).toBe(prices[0]);
      expect(Number(c.close)).toBe(prices.at(-1));
      expect(Number(c.high)).toBe(Math.max(...prices));
      expect(Number(c.low)).toBe(Math.min(...prices));
    }
    expect((await info('BTCUSDT')).nowPrice).toBe('67200.00');
  });

  it('leaves instruments missing from the file to the walk', async () => {
    const sol = await info('SOLUSDT');
    expect(sol.source).toBe('simulated');
    expect((await ones('SOLUSDT')).length).toBeGreaterThan(0);
  });

  it('refuses a malformed record and a file naming an unknown instrument', async () => {
    expect(() => parseReplay('{"code":"BTCUSDT","price":"1.5"}')).toThrow(ReplayError);
    expect(() => parseReplay('{"code":"BTCUSDT","price":1.5,"offsetMs":0}')).toThrow(ReplayError);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-replay-'));
    const bad = path.join(dir, 'bad.ndjson');
    await writeFile(bad, '{"code":"NOPEUSDT","price":"1","offsetMs":0}\n');
    const source = new ReplaySource(bad);
    await expect(source.start(await loadInstruments(t.ctx.db), 0)).rejects.toThrow(
      'unknown instrument NOPEUSDT',
    );
    await rm(dir, { recursive: true, force: true });
  });
});

describe('tick tape', () => {
  it('keeps the latest tick with an id, once, and the retention job removes it after 7 days', async () => {
    const kept = await t.app.market.keepLatestTick('BTCUSDT');
    expect(kept).toMatchObject({ code: 'BTCUSDT', priceMinor: 6_720_000n });
    expect(kept?.tickId).toMatch(/^\d+$/);
    expect((await t.app.market.keepLatestTick('BTCUSDT'))?.tickId).toBe(kept?.tickId);
    const rows = await t.ctx.db
      .select()
      .from(marketTicks)
      .where(eq(marketTicks.id, Number(kept?.tickId)));
    expect(rows[0]).toMatchObject({ priceMinor: 6_720_000n, source: 'replay' });

    const tape = new Tape(t.ctx.db);
    await tape.prune(t.clock.now() + 6 * 86_400_000);
    expect(await t.ctx.db.select().from(marketTicks)).toHaveLength(1);
    await tape.prune(t.clock.now() + 8 * 86_400_000);
    expect(await t.ctx.db.select().from(marketTicks)).toHaveLength(0);
  });

  it('refuses to keep a tick of an unknown instrument', async () => {
    await expect(t.app.market.keepLatestTick('NOPEUSDT')).rejects.toMatchObject({ code: '10111' });
  });
});
