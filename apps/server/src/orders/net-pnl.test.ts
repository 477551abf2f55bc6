// The result after the opening fee (issue 23), on a live recording whose ticks are chosen: every contract
// names its net P&L (P&L − fee) to the minor unit while open and once closed, in either book; the engine's
// close notification names the book, the instrument and direction, the net result and the fee, in the
// reader's language; a take-profit or stop-loss on the wrong side is refused with the bound for the
// direction at its field (10105), Down as helpfully as Up.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionsContract } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import { notifications } from '../notifications/tables.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { fundReal } from '../wallet/withdraw-testing.ts';
import { buy, quoteBody, stepTo, type Book } from './testing.ts';

/** [offset ms, price]: BTC opens at 60000 and reaches 60310 at +3 s; ETH opens at 3000 and reaches 3035. */
const tape: Record<string, Array<[number, string]>> = {
  BTCUSDT: [
    [0, '60000'],
    [1000, '60100'],
    [2000, '60250'],
    [3000, '60310'],
  ],
  ETHUSDT: [
    [0, '3000'],
    [1000, '3010'],
    [2000, '3035'],
    [3000, '3040'],
  ],
};

type Notice = { kind: string; title: string; body: string };

let dir: string;
let t: TestApp;
let customer: Awaited<ReturnType<typeof registerUser>>;
let startMs: number;
/** Demo: BTC up 0.01 lot ×1, TP 60300. Real: ETH down 0.01 lot ×1, SL 3030. */
let demo: OptionsContract;
let real: OptionsContract;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tw-net-pnl-'));
  const file = path.join(dir, 'tape.ndjson');
  const lines = [JSON.stringify({ replay: { source: 'live', recordedFrom: 'ccxt:binance' } })];
  for (const [code, ticks] of Object.entries(tape))
    for (const [offsetMs, price] of ticks) lines.push(JSON.stringify({ code, price, offsetMs }));
  await writeFile(file, `${lines.join('\n')}\n`);
  t = await startTestApp({ marketFeed: `replay:${file}` });
  startMs = t.app.market.snapshot.get('BTCUSDT')?.lastPrice?.atMs ?? 0;
  customer = await registerUser(t);
  await fundReal(t, customer.id, '1000');
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const open = async (code: string, over: Parameters<typeof quoteBody>[2], book: Book) => {
  const res = await buy(t, customer.token, await quoteBody(t, code, { lots: '0.01', leverage: 1, ...over }), {
    book,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

const read = async (c: OptionsContract, book: Book) =>
  (
    await client(t.app, { token: customer.token, book }).get<OptionsContract>(
      `/api/swx/customer/order/getOptionsOrderById/${c.id}`,
    )
  ).body.result;

const notices = async (lang: string) =>
  (
    await client(t.app, { token: customer.token }).get<{ list: Notice[] }>(
      '/api/swx/customer/user/listNotification',
      { lang },
    )
  ).body.result.list;

describe('TP/SL on the wrong side of the open price (10105)', () => {
  const refusal = async (direction: 'up' | 'down', over: Record<string, string>, lang: string) => {
    const body = await quoteBody(t, 'BTCUSDT', { direction, lots: '0.01', leverage: 1, ...over });
    const res = await client(t.app, { token: customer.token, book: 'NO', lang }).post<{
      fields: Record<string, string>;
    }>('/api/swx/customer/order/buyOptions', { body, headers: { 'idempotency-key': randomUUID() } });
    expect(res.body.code).toBe('10105');
    return res.body.result.fields;
  };

  it('Down names the bound at each wrong field, as Up does', async () => {
    expect(await refusal('down', { takeProfit: '60500', stopLoss: '59000' }, 'en')).toEqual({
      takeProfit: 'For Down, the take-profit must be below the open price, 60000.00',
      stopLoss: 'For Down, the stop-loss must be above the open price, 60000.00',
    });
    expect(await refusal('up', { takeProfit: '59000' }, 'en')).toEqual({
      takeProfit: 'For Up, the take-profit must be above the open price, 60000.00',
    });
    expect(await refusal('down', { stopLoss: '59999' }, 'ar')).toEqual({
      stopLoss: 'في الهبوط يجب أن يكون وقف الخسارة فوق سعر الفتح 60000.00',
    });
  });
});

describe('net P&L after the opening fee', () => {
  beforeAll(async () => {
    demo = await open('BTCUSDT', { direction: 'up', takeProfit: '60300', termId: '86400' }, 'NO');
    real = await open('ETHUSDT', { direction: 'down', stopLoss: '3030', termId: '86400' }, 'YES');
  });

  it('is P&L − fee at open: minus the fee, in either book', () => {
    // 0.01 BTC × 60000 = 600 USDT notional, 0.1 % fee = 0.6; 0.01 ETH × 3000 = 30, fee 0.03.
    expect([demo.book, demo.pnl, demo.fee, demo.netPnl]).toEqual(['demo', '0', '0.6', '-0.6']);
    expect([real.book, real.pnl, real.fee, real.netPnl]).toEqual(['real', '0', '0.03', '-0.03']);
  });

  it('follows the latest price while open', async () => {
    await stepTo(t, startMs + 1000);
    const [btc, eth] = [await read(demo, 'NO'), await read(real, 'YES')];
    // BTC +100 × 0.01 = +1 → net 0.4; ETH down, +10 × 0.01 = −0.1 → net −0.13.
    expect([btc.pnl, btc.netPnl]).toEqual(['1', '0.4']);
    expect([eth.pnl, eth.netPnl]).toEqual(['-0.1', '-0.13']);
    for (const c of [btc, eth])
      expect(parseDecimal(c.netPnl, 6)).toBe(parseDecimal(c.pnl, 6) - parseDecimal(c.fee, 6));
  });

  it('is booked to the unit at the close (TP in demo, SL in real)', async () => {
    for (const offset of [2000, 3000]) await stepTo(t, startMs + offset);
    const [btc, eth] = [await read(demo, 'NO'), await read(real, 'YES')];
    expect([btc.status, btc.closeReason, btc.pnl, btc.netPnl]).toEqual(['closed', 'tp', '3.1', '2.5']);
    expect([eth.status, eth.closeReason, eth.pnl, eth.netPnl]).toEqual(['closed', 'sl', '-0.35', '-0.38']);
  });

  it('the close notification stores the book, the direction, the net result and the fee', async () => {
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, Number(customer.id)), eq(notifications.kind, 'contractSettledTp')));
    expect(row?.params).toMatchObject({
      book: 'demo',
      direction: 'up',
      instrument: 'BTC/USDT',
      net: '+2.5',
      pnl: '3.1',
      fee: '0.6',
    });
  });

  it('names the book, the contract and the net amount with its fee, in the reader’s language', async () => {
    const en = await notices('en');
    const tp = en.find((n) => n.kind === 'contractSettledTp');
    const sl = en.find((n) => n.kind === 'contractSettledSl');
    expect(tp?.body).toMatch(
      /^Demo book: BTC\/USDT Up closed at its take-profit, at 60,?310\.00\. Net P&L \+2\.50 USDT \(\+3\.10 USDT before the 0\.60 USDT fee\)/,
    );
    expect(sl?.body).toMatch(
      /^Real book: ETH\/USDT Down closed at its stop-loss, at 3,?035\.00\. Net P&L -0\.38 USDT \(-0\.35 USDT before the 0\.03 USDT fee\)/,
    );
    const ar = (await notices('ar')).find((n) => n.kind === 'contractSettledSl');
    expect(ar?.body).toContain('الحساب الحقيقي');
    expect(ar?.body).toContain('هبوط');
    expect(ar?.body).not.toMatch(/\{\{|Real book|Down/);
  });
});
