import { afterEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import Fastify from 'fastify';
import type { WsPriceItem } from '@tradewind/contract';
import { PriceHub } from './hub.ts';

const log = Fastify({ logger: false }).log;
const item = (code: string): WsPriceItem => ({
  code,
  price: '1.00',
  zdf: '0.00',
  source: 'simulated',
  priceStatus: 'simulated',
});
const codes = ['AAAUSDT', 'BBBUSDT', 'CCCUSDT'];

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

async function serve(options: { pingEveryMs?: number; bufferLimitBytes?: number }) {
  const hub = new PriceHub({
    intervalMs: 100,
    pingEveryMs: options.pingEveryMs ?? 30_000,
    bufferLimitBytes: options.bufferLimitBytes ?? 1 << 20,
    clientsMax: 10,
    itemOf: item,
    allCodes: () => codes,
    known: (c) => (codes.includes(c.toUpperCase()) ? c.toUpperCase() : undefined),
    log,
  });
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  wss.on('connection', (socket) => hub.add(socket));
  hub.start();
  cleanup.push(() => {
    hub.stop();
    for (const c of wss.clients) c.terminate();
    wss.close();
  });
  return { hub, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PriceHub', () => {
  it('terminates a peer that stops answering pings', async () => {
    const { hub, url } = await serve({ pingEveryMs: 50 });
    const silent = new WebSocket(url, { autoPong: false });
    const polite = new WebSocket(url);
    const closed = new Promise((r) => silent.once('close', r));
    await closed;
    expect(polite.readyState).toBe(WebSocket.OPEN);
    expect(hub.size).toBe(1);
    polite.close();
  });

  it('drops a client whose send buffer is over the limit instead of buffering', async () => {
    const { hub, url } = await serve({ bufferLimitBytes: 0 });
    const ws = new WebSocket(url);
    await new Promise((r) => ws.once('open', r));
    await sleep(20);
    // Pretend the network stalls: whatever was queued for this client stays unsent.
    for (const client of (hub as unknown as { clients: Set<{ socket: { bufferedAmount: number } }> })
      .clients) {
      Object.defineProperty(client.socket, 'bufferedAmount', { get: () => 1 });
    }
    const closed = new Promise((r) => ws.once('close', r));
    hub.mark(codes);
    await closed;
    expect(hub.size).toBe(0);
  });

  it('sends only changed instruments after the first full message', async () => {
    const { hub, url } = await serve({});
    const ws = new WebSocket(url);
    const messages: WsPriceItem[][] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d)) as WsPriceItem[]));
    await sleep(150);
    hub.mark(['BBBUSDT']);
    await sleep(150);
    ws.close();
    expect(messages[0]?.map((i) => i.code)).toEqual(codes);
    expect(messages[1]?.map((i) => i.code)).toEqual(['BBBUSDT']);
  });
});
