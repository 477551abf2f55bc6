// API answers compressed for clients that accept it, on the real app: the large market list shrinks, small
// answers and clients without Accept-Encoding get plain JSON, and the WebSocket still upgrades when the
// handshake (as a browser's does) accepts brotli.
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { compressMinBytes } from './compression.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const cryptoList = '/api/swx/customer/index/listMarketByType?type=2';

function get(url: string, acceptEncoding?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('API compression', () => {
  it('sends the crypto list as brotli at under a third of its JSON size', async () => {
    const plain = await get(cryptoList);
    const br = await get(cryptoList, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const decoded = JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as { result: unknown[] };
    expect(decoded.result.length).toBe((plain.json() as { result: unknown[] }).result.length);
  });

  it('sends gzip to a client that does not accept brotli', async () => {
    const gz = await get(cryptoList, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('code', '200');
  });

  it('sends plain JSON to a client that accepts no encoding', async () => {
    const plain = await get(cryptoList);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('code', '200');
  });

  it(`leaves answers under ${compressMinBytes} bytes as they are`, async () => {
    const res = await get('/healthz', 'br');
    expect(res.rawPayload.length).toBeLessThan(compressMinBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('still upgrades the WebSocket when the handshake accepts brotli', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`, {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    const first = await new Promise<string>((resolve, reject) => {
      ws.once('message', (data) => resolve(String(data)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
    ws.close();
    // A JSON array of price items, in the clear: WebSocket frames are not HTTP bodies.
    expect(Array.isArray(JSON.parse(first))).toBe(true);
  });
});
