import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketItem } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const user = '/api/swx/customer/user';
const codesOf = (items: MarketItem[]) => items.map((i) => i.code);

describe('watchlist', () => {
  it('adds, lists and removes instruments, in the order they were added', async () => {
    const { token } = await registerUser(t);
    const api = client(t.app, { token });
    expect((await api.get<MarketItem[]>(`${user}/listWatch`)).body.result).toEqual([]);
    await api.post(`${user}/watch`, { body: { code: 'ETHUSDT' } });
    t.clock.advance(1000);
    const added = await api.post<MarketItem[]>(`${user}/watch`, { body: { code: 'eurusd' } });
    expect(codesOf(added.body.result)).toEqual(['ETHUSDT', 'EURUSD']);
    const listed = (await api.get<MarketItem[]>(`${user}/listWatch`)).body.result;
    expect(codesOf(listed)).toEqual(['ETHUSDT', 'EURUSD']);
    expect(listed[0]).toMatchObject({ appName: 'ETH/USDT', type: 2, source: 'simulated' });
    expect(listed[0]?.hundred.length).toBeGreaterThan(0);
    const removed = await api.post<MarketItem[]>(`${user}/unwatch`, { body: { code: 'ETHUSDT' } });
    expect(codesOf(removed.body.result)).toEqual(['EURUSD']);
  });

  it('treats watching twice as watching once', async () => {
    const { token } = await registerUser(t);
    const api = client(t.app, { token });
    await api.post(`${user}/watch`, { body: { code: 'AAPL' } });
    const again = await api.post<MarketItem[]>(`${user}/watch`, { body: { code: 'AAPL' } });
    expect(again.status).toBe(200);
    expect(codesOf(again.body.result)).toEqual(['AAPL']);
  });

  it('keeps each user their own list', async () => {
    const alice = client(t.app, { token: (await registerUser(t)).token });
    const bob = client(t.app, { token: (await registerUser(t)).token });
    await alice.post(`${user}/watch`, { body: { code: 'XAUUSD' } });
    await bob.post(`${user}/watch`, { body: { code: 'US500' } });
    expect(codesOf((await alice.get<MarketItem[]>(`${user}/listWatch`)).body.result)).toEqual(['XAUUSD']);
    expect(codesOf((await bob.get<MarketItem[]>(`${user}/listWatch`)).body.result)).toEqual(['US500']);
  });

  it('refuses an unknown code with 10111 and changes nothing', async () => {
    const api = client(t.app, { token: (await registerUser(t)).token });
    const res = await api.post(`${user}/watch`, { body: { code: 'NOPEUSDT' } });
    expect([res.status, res.body.code]).toEqual([404, '10111']);
    const off = await api.post(`${user}/unwatch`, { body: { code: 'NOPEUSDT' } });
    expect([off.status, off.body.code]).toEqual([404, '10111']);
    expect((await api.get<MarketItem[]>(`${user}/listWatch`)).body.result).toEqual([]);
  });

  it('refuses a malformed code and extra fields with 400', async () => {
    const api = client(t.app, { token: (await registerUser(t)).token });
    expect((await api.post(`${user}/watch`, { body: { code: 'BTC/USDT' } })).status).toBe(400);
    expect((await api.post(`${user}/watch`, { body: { code: 'BTCUSDT', extra: 1 } })).status).toBe(400);
  });

  it('needs a session', async () => {
    const res = await client(t.app).get(`${user}/listWatch`);
    expect([res.status, res.body.code]).toEqual([401, '401']);
    expect((await client(t.app).post(`${user}/watch`, { body: { code: 'BTCUSDT' } })).status).toBe(401);
  });
});
