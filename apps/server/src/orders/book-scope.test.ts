// Review findings on contracts (issue 25): closeOptions and getOptionsOrderById answer only in the book the
// `virtually` header names, a repeated header is refused (400), and a take-profit or stop-loss beyond what
// its column holds is refused with 10105 instead of overflowing it (L-13, a 500 before).
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes, type OptionsContract } from '@tradewind/contract';
import { registerUser, type TestApp } from '../test/harness.ts';
import { buy, quoteBody, startMidweekApp } from './testing.ts';

let t: TestApp;
let who: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await startMidweekApp({});
  who = await registerUser(t);
}, 120_000);
afterAll(async () => t.close());

const order = '/api/swx/customer/order';
/** One request; `virtually` as given, twice when two values are given (inject sends one line each). */
async function rawCall(method: 'GET' | 'POST', url: string, virtually: string[]) {
  const headers: Record<string, string | string[]> = {
    authorization: who.token,
    'idempotency-key': randomUUID(),
  };
  if (virtually.length === 1) headers.virtually = virtually[0] ?? '';
  if (virtually.length > 1) headers.virtually = virtually;
  const res = await t.app.inject({ method, url, headers });
  return { status: res.statusCode, body: res.json() as { code: string; result: OptionsContract } };
}

async function demoContract(): Promise<OptionsContract> {
  const res = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '86400' }));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

describe('the virtually header on one contract', () => {
  it('reads and closes a demo contract only in the demo book', async () => {
    const c = await demoContract();
    const asReal = await rawCall('GET', `${order}/getOptionsOrderById/${c.id}`, ['YES']);
    expect(asReal.status).toBe(404);
    expect(asReal.body.code).toBe(codes.notFound);
    const closeAsReal = await rawCall('POST', `${order}/closeOptions/${c.id}`, ['YES']);
    expect(closeAsReal.status).toBe(404);
    const still = await rawCall('GET', `${order}/getOptionsOrderById/${c.id}`, ['NO']);
    expect(still.body.result.status).toBe('open');
    const closed = await rawCall('POST', `${order}/closeOptions/${c.id}`, ['NO']);
    expect(closed.status).toBe(200);
    expect(closed.body.result.status).toBe('closed');
  });

  it('refuses a repeated header with 400 instead of reading it as demo', async () => {
    const c = await demoContract();
    for (const [method, url] of [
      ['GET', `${order}/getOptionsOrderById/${c.id}`],
      ['POST', `${order}/closeOptions/${c.id}`],
      ['GET', `${order}/listOptionsOrder`],
    ] as const) {
      const res = await rawCall(method, url, ['YES', 'YES']);
      expect(res.status, url).toBe(400);
      expect(res.body.code).toBe(codes.paramsEmpty);
    }
    expect((await rawCall('GET', `${order}/getOptionsOrderById/${c.id}`, ['NO'])).body.result.status).toBe(
      'open',
    );
  });

  it('refuses two header lines sent over HTTP (Node joins them into "YES, YES")', async () => {
    const c = await demoContract();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: `${order}/getOptionsOrderById/${c.id}` },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.setHeader('authorization', who.token);
      req.setHeader('virtually', ['YES', 'YES']);
      req.once('error', reject);
      req.end();
    });
    expect(status).toBe(400);
  });
});

describe('L-13: take-profit and stop-loss beyond their column', () => {
  it('refuses 15 to 20 digit levels with 10105, never a 500', async () => {
    for (const digits of [15, 16, 17, 18, 19, 20]) {
      const huge = '9'.repeat(digits);
      for (const levels of [{ takeProfit: huge }, { stopLoss: huge, direction: 'down' as const }]) {
        const res = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '86400', ...levels }));
        expect(res.status, `${digits} digits ${JSON.stringify(levels)}`).not.toBe(500);
        if (res.status !== 200) expect(res.body.code).toBe(codes.tpSlUnreasonable);
      }
    }
    const overflow = await buy(
      t,
      who.token,
      await quoteBody(t, 'BTCUSDT', { termId: '86400', takeProfit: '9'.repeat(20) }),
    );
    expect(overflow.status).toBe(400);
    expect(overflow.body.code).toBe(codes.tpSlUnreasonable);
  });
});
