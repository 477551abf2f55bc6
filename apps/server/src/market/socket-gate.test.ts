// L-12: the live-price WebSocket opens for our pages only, DNS rebinding refused, and for at most
// `wsPerIpMax` sockets per client address at once.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { originAllowed } from './socket-gate.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ wsPerIpMax: 3, publicUrl: 'https://trade.example.com' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** Opens a socket; resolves when open, rejects with the HTTP status of a refused upgrade. */
function open(headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
const closed = (ws: WebSocket) => new Promise<void>((resolve) => ws.once('close', () => resolve()));

describe('Origin', () => {
  it('refuses a page whose name merely matches Host (DNS rebinding)', async () => {
    const evil = `evil.example:${port}`;
    await expect(open({ origin: `http://${evil}`, host: evil })).rejects.toThrow('HTTP 403');
  });

  it('opens for PUBLIC_URL, for a page on the address itself, and for clients without Origin', async () => {
    const cases: Array<Record<string, string>> = [
      { origin: 'https://trade.example.com' },
      { origin: `http://127.0.0.1:${port}` },
      {},
    ];
    for (const headers of cases) {
      const ws = await open(headers);
      ws.close();
      await closed(ws);
    }
  });

  it('allows by rule', () => {
    const pub = 'https://trade.example.com';
    expect(originAllowed('https://trade.example.com', 'anything', pub)).toBe(true);
    expect(originAllowed('http://localhost:5173', 'localhost:5173', pub)).toBe(true);
    expect(originAllowed('http://[::1]:3000', '[::1]:3000', pub)).toBe(true);
    expect(originAllowed('http://evil.example', 'evil.example', pub)).toBe(false);
    expect(originAllowed('http://127.0.0.1:3000', 'evil.example', pub)).toBe(false);
    expect(originAllowed('not a url', 'x', pub)).toBe(false);
  });
});

describe('sockets per client address', () => {
  it('refuses the 4th with 429 and opens again once one closes', async () => {
    const held = [await open(), await open(), await open()];
    await expect(open()).rejects.toThrow('HTTP 429');
    const first = held.shift();
    first?.close();
    if (first) await closed(first);
    // The server counts the close once it has seen it.
    await new Promise((r) => setTimeout(r, 50));
    held.push(await open());
    for (const ws of held) ws.close();
    await Promise.all(held.map(closed));
  });

  it('closes upgrades racing past the check beyond the cap', async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        open().then((ws) =>
          new Promise<string>((resolve) => {
            // One that is admitted stays open; one closed by the cap closes with 1013 at once.
            const timer = setTimeout(() => resolve('open'), 300);
            ws.once('close', (code) => {
              clearTimeout(timer);
              resolve(String(code));
            });
          }).finally(() => ws.close()),
        ),
      ),
    );
    const open_ = answers.filter((a) => a.status === 'fulfilled' && a.value === 'open');
    expect(open_).toHaveLength(3);
  });
});
