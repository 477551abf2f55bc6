// A replay file that declares itself a live recording: every price answer, the WebSocket and the home
// statistics say `live` for what it covers, and only for that.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  marketStats,
  type MarketInfo,
  type MarketItem,
  type MarketStats,
  type WsPriceItem,
} from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { catalogueRows } from './catalogue.ts';
import { parseReplay, ReplayError } from './source-replay.ts';
import { sourceKindOfName } from './source.ts';

const index = '/api/swx/customer/index';
const liveHeader = '{"replay":{"source":"live","recordedFrom":"ccxt:binance"}}';

/** One tick per instrument at its reference price, for every instrument but those in `leaveOut`. */
function recording(leaveOut: readonly string[]): string {
  const lines = catalogueRows(new Date(0))
    .filter((row) => !leaveOut.includes(row.code))
    .map((row) =>
      JSON.stringify({
        code: row.code,
        price: formatMinor(row.referencePriceMinor, row.priceScale ?? 2),
        offsetMs: 0,
      }),
    );
  return [liveHeader, ...lines].join('\n');
}

async function appOn(text: string): Promise<{ t: TestApp; dir: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tw-replay-live-'));
  const file = path.join(dir, 'recording.ndjson');
  await writeFile(file, text);
  return { t: await startTestApp({ marketFeed: `replay:${file}` }), dir };
}

describe('a replay recorded live, covering every instrument', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => ({ t, dir } = await appOn(recording([]))));
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('labels list items, instrument info and the statistics live', async () => {
    const items = (
      await client(t.app).get<MarketItem[]>(`${index}/listMarketByType`, { query: { type: '2' } })
    ).body.result;
    expect(items.length).toBeGreaterThan(350);
    expect(items.every((i) => i.source === 'live')).toBe(true);
    const info = (await client(t.app).get<MarketInfo>(`${index}/getMarketInfo/EURUSD`)).body.result;
    expect(info.source).toBe('live');
    const stats = marketStats.parse((await client(t.app).get<MarketStats>(`${index}/stats`)).body.result);
    expect(stats.source).toBe('live');
    expect(stats.platformVolume24h).toBe('0.00');
  });

  it('pushes live prices over the WebSocket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
    const first = await new Promise<WsPriceItem[]>((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.once('message', (data) => {
        resolve(JSON.parse(String(data)) as WsPriceItem[]);
        ws.close();
      });
      ws.once('error', reject);
    });
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((item) => item.source === 'live')).toBe(true);
  });

  it('keeps the ticks it uses under the name replay:live, read back as live', async () => {
    const kept = await t.app.market.keepLatestTick('BTCUSDT');
    expect(kept?.tickId).toMatch(/^\d+$/);
    expect(t.app.market.feed.sourceOf('BTCUSDT').name).toBe('replay:live');
    expect(sourceKindOfName('replay:live')).toBe('live');
    expect(sourceKindOfName('replay')).toBe('simulated');
    expect(sourceKindOfName('sim')).toBe('simulated');
    expect(sourceKindOfName('ccxt:binance')).toBe('live');
  });
});

describe('a replay recorded live, missing one instrument', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => ({ t, dir } = await appOn(recording(['XAUUSD']))));
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('leaves the missing one to the walk, labelled simulated, and so the statistics too', async () => {
    const metals = (
      await client(t.app).get<MarketItem[]>(`${index}/listMarketByType`, { query: { type: '5' } })
    ).body.result;
    expect(metals.find((i) => i.code === 'XAUUSD')?.source).toBe('simulated');
    expect(metals.find((i) => i.code === 'XAGUSD')?.source).toBe('live');
    const stats = (await client(t.app).get<MarketStats>(`${index}/stats`)).body.result;
    expect(stats.source).toBe('simulated');
  });
});

describe('the replay header', () => {
  it('makes a file live only when it names where it was recorded', () => {
    expect(parseReplay(`${liveHeader}\n{"code":"BTCUSDT","price":"1","offsetMs":0}`).source).toBe('live');
    expect(parseReplay('{"code":"BTCUSDT","price":"1","offsetMs":0}').source).toBe('simulated');
    expect(() =>
      parseReplay('{"replay":{"source":"live"}}\n{"code":"BTCUSDT","price":"1","offsetMs":0}'),
    ).toThrow(ReplayError);
    expect(() => parseReplay('{"replay":{"source":"real","recordedFrom":"x"}}')).toThrow(ReplayError);
  });
});
