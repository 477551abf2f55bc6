import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { wsPriceItem, type WsPriceItem } from '@tradewind/contract';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let url: string;
let driver: NodeJS.Timeout;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/ws`;
  // Time moves a second every 200 ms, so the crypto pairs tick continuously.
  driver = setInterval(() => {
    t.clock.advance(1000);
    void t.app.market.step();
  }, 200);
});
afterAll(async () => {
  clearInterval(driver);
  await t.close();
});

type Received = { atMs: number; items: WsPriceItem[] };

function open(
  headers: Record<string, string> = {},
): Promise<{ ws: WebSocket; received: Received[]; openedAtMs: number }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const received: Received[] = [];
    ws.on('message', (data) => {
      received.push({ atMs: performance.now(), items: JSON.parse(String(data)) as WsPriceItem[] });
    });
    ws.once('open', () => resolve({ ws, received, openedAtMs: performance.now() }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const end = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe('/api/ws', () => {
  it('delivers a JSON array of {code, price, zdf, source} within a second of connecting', async () => {
    const { ws, received, openedAtMs } = await open();
    await until(() => received.length > 0, 1000);
    const first = received[0];
    expect(first && first.atMs - openedAtMs).toBeLessThan(1000);
    expect(first?.items.length).toBeGreaterThan(350);
    for (const item of first?.items ?? []) expect(() => wsPriceItem.parse(item)).not.toThrow();
    // The walk prices every instrument here: each pushed price says it is simulated.
    expect(first?.items.every((item) => item.source === 'simulated')).toBe(true);
    ws.close();
  });

  it('pushes changes at most every 500 ms', async () => {
    // The server's own send times, per socket: that is where the spacing is enforced.
    const sentAt: number[] = [];
    const spy = (socket: WebSocket) => {
      const send = socket.send.bind(socket);
      socket.send = ((...args: Parameters<typeof send>) => {
        sentAt.push(performance.now());
        return send(...args);
      }) as typeof socket.send;
    };
    t.app.websocketServer.once('connection', spy);
    const { ws, received } = await open();
    await sleep(3200);
    ws.close();
    expect(sentAt.length).toBeGreaterThanOrEqual(4);
    const serverGaps = sentAt.slice(1).map((at, i) => at - (sentAt[i] ?? 0));
    expect(Math.min(...serverGaps)).toBeGreaterThanOrEqual(500);
    // What the client sees matches, give or take delivery jitter (this test shares the server's event loop).
    const clientGaps = received.slice(1).map((r, i) => r.atMs - (received[i]?.atMs ?? 0));
    expect(Math.min(...clientGaps)).toBeGreaterThanOrEqual(400);
    // After the first (full) message, only instruments that changed are sent.
    const codes = received.slice(1).flatMap((r) => r.items.map((i) => i.code));
    expect(codes).toContain('BTCUSDT');
  });

  it('narrows the pushes to the subscribed codes and ignores malformed messages', async () => {
    const { ws, received } = await open();
    await until(() => received.length > 0, 1000);
    ws.send('not json');
    ws.send(JSON.stringify({ op: 'sub', codes: Array.from({ length: 201 }, (_, i) => `X${i}`) }));
    ws.send(JSON.stringify({ op: 'unsub' }));
    ws.send(JSON.stringify({ op: 'sub', codes: ['btcusdt', 'ETHUSDT', 'NOPE'] }));
    const mark = received.length;
    await sleep(1700);
    ws.close();
    const after = received.slice(mark + 1);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after)
      expect(r.items.every((i) => i.code === 'BTCUSDT' || i.code === 'ETHUSDT')).toBe(true);
  });

  it('accepts the public origin and refuses a foreign one', async () => {
    const own = await open({ origin: t.config.publicUrl });
    own.ws.close();
    await expect(open({ origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });
});
