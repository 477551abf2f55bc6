// The settlement engine on a recorded tape whose ticks are chosen to hit each case: take-profit, stop-loss,
// close-out at 50 % margin, the negative-balance cap on a gap, expiry at the first tick at or after the
// term's end. Each contract must close at the expected tick (asserted by the kept tick's time and price),
// exactly once, with the ledger balanced; an engine that was down catches up at the ticks it missed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionsContract, Tick, UserInfoWithBook } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import { auditLedger } from '../ledger/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { notifications } from '../notifications/tables.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { SettlementEngine } from './engine.ts';
import { buy, quoteBody, stepTo } from './testing.ts';

/** [offset ms, price] per instrument; every instrument's first tick (offset 0) is the price it opens at. */
const tape: Record<string, Array<[number, string]>> = {
  // up, TP 60300: 60310 at +3 s is the first tick at or beyond it (closes at the tick's price, past the level)
  BTCUSDT: [
    [0, '60000'],
    [1000, '60100'],
    [2000, '60250'],
    [3000, '60310'],
    [4000, '60500'],
  ],
  // down, SL 3030: 3035 at +2 s
  ETHUSDT: [
    [0, '3000'],
    [1000, '3010'],
    [2000, '3035'],
    [3000, '3100'],
  ],
  // up ×2, 1 lot of 1 SOL: margin 50, equity at 50 % when P&L ≤ −25, i.e. at 75 or below: 74.9 at +4 s
  SOLUSDT: [
    [0, '100'],
    [1000, '90'],
    [2000, '80'],
    [3000, '76'],
    [4000, '74.9'],
    [5000, '60'],
  ],
  // up ×2, 1 lot of 1 BNB: margin 250; the gap to 200 loses 300, capped at the margin
  BNBUSDT: [
    [0, '500'],
    [1000, '490'],
    [2000, '200'],
  ],
  // up, 60 s term: expires at +60 s, closes at the first tick at or after it (+61.5 s)
  XRPUSDT: [
    [0, '0.5'],
    [10_000, '0.501'],
    [59_000, '0.502'],
    [61_500, '0.503'],
    [70_000, '0.504'],
  ],
};

const cases = {
  BTCUSDT: { direction: 'up', lots: '0.01', leverage: 1, takeProfit: '60300', stopLoss: '59700' },
  ETHUSDT: { direction: 'down', lots: '0.01', leverage: 1, takeProfit: '2900', stopLoss: '3030' },
  SOLUSDT: { direction: 'up', lots: '1', leverage: 2 },
  BNBUSDT: { direction: 'up', lots: '1', leverage: 2 },
  XRPUSDT: { direction: 'up', lots: '1', leverage: 1, termId: '60' },
} as const;

const expected: Record<string, { offset: number; price: string; reason: string; pnl: string }> = {
  BTCUSDT: { offset: 3000, price: '60310.00', reason: 'tp', pnl: '3.1' },
  ETHUSDT: { offset: 2000, price: '3035.00', reason: 'sl', pnl: '-0.35' },
  SOLUSDT: { offset: 4000, price: '74.900', reason: 'margin', pnl: '-25.1' },
  BNBUSDT: { offset: 2000, price: '200.000', reason: 'margin', pnl: '-250' },
  XRPUSDT: { offset: 61_500, price: '0.503000', reason: 'expiry', pnl: '3' },
};

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tw-engine-'));
  file = path.join(dir, 'tape.ndjson');
  const lines = Object.entries(tape).flatMap(([code, ticks]) =>
    ticks.map(([offsetMs, price]) => JSON.stringify({ code, price, offsetMs })),
  );
  await writeFile(file, `${lines.join('\n')}\n`);
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

type Opened = Record<string, OptionsContract>;

async function openAll(t: TestApp, token: string): Promise<Opened> {
  const opened: Opened = {};
  for (const [code, over] of Object.entries(cases)) {
    const res = await buy(t, token, await quoteBody(t, code, over));
    expect(res.status, `${code}: ${JSON.stringify(res.body)}`).toBe(200);
    opened[code] = res.body.result;
  }
  return opened;
}

async function contract(t: TestApp, token: string, id: string): Promise<OptionsContract> {
  const res = await client(t.app, { token, book: 'NO' }).get<OptionsContract>(
    `/api/swx/customer/order/getOptionsOrderById/${id}`,
  );
  return res.body.result;
}

async function closeEntries(t: TestApp, id: string): Promise<number> {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'contract_close'), eq(journalEntries.ref, `contract:${id}`)));
  return row?.n ?? 0;
}

/** Each contract closed at its expected tick, with its reason and capped P&L, and booked exactly once. */
async function expectSettled(t: TestApp, token: string, opened: Opened, startMs: number, codes: string[]) {
  for (const code of codes) {
    const c = await contract(t, token, opened[code]?.id ?? '');
    const want = expected[code];
    if (!want) throw new Error(code);
    expect([code, c.status, c.closeReason, c.closePrice, c.pnl]).toEqual([
      code,
      'closed',
      want.reason,
      want.price,
      want.pnl,
    ]);
    const tick = (await client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${c.closeTickId}`)).body
      .result;
    expect([code, tick.at, tick.price]).toEqual([code, startMs + want.offset, want.price]);
    expect(c.closeAt).toBe(startMs + want.offset);
    expect(await closeEntries(t, c.id)).toBe(1);
  }
}

describe('settlement on a recorded tape', () => {
  let t: TestApp;
  let token: string;
  let startMs: number;
  let opened: Opened;
  beforeAll(async () => {
    t = await startTestApp({ marketFeed: `replay:${file}` });
    startMs = t.app.market.snapshot.get('BTCUSDT')?.lastPrice?.atMs ?? 0;
    token = (await registerUser(t)).token;
    opened = await openAll(t, token);
  });
  afterAll(async () => t.close());

  it('opens each contract at the tape’s first tick', () => {
    expect(Object.values(opened).map((c) => [c.code, c.openAt])).toEqual(
      Object.keys(cases).map((code) => [code, startMs]),
    );
  });

  it('closes at TP, SL, close-out and the capped gap, each at the first tick that reaches its level', async () => {
    for (const offset of [1000, 2000, 3000, 4000, 5000]) await stepTo(t, startMs + offset);
    await expectSettled(t, token, opened, startMs, ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'BNBUSDT']);
    expect((await contract(t, token, opened.XRPUSDT?.id ?? '')).status).toBe('open');
  });

  it('expires at the first tick at or after the end of the term, not before', async () => {
    await stepTo(t, startMs + 59_000);
    expect((await contract(t, token, opened.XRPUSDT?.id ?? '')).status).toBe('open');
    await stepTo(t, startMs + 62_000);
    await expectSettled(t, token, opened, startMs, ['XRPUSDT']);
  });

  it('returns margin ± capped P&L to cash, notifies each engine close, and balances the ledger', async () => {
    const info = (
      await client(t.app, { token, book: 'NO' }).post<UserInfoWithBook>('/api/swx/customer/user/getUserInfo')
    ).body.result;
    let fees = 0n;
    let pnl = 0n;
    for (const code of Object.keys(cases)) {
      fees += parseDecimal(opened[code]?.fee ?? '0', 6);
      pnl += parseDecimal(expected[code]?.pnl ?? '0', 6);
    }
    expect(parseDecimal(info.balance, 6)).toBe(parseDecimal('100000', 6) - fees + pnl);
    expect(info.frozen).toBe('0');
    const [notes] = await t.ctx.db.select({ n: count() }).from(notifications);
    expect(notes?.n).toBe(5);
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });

  it('reports its closes by reason on /metrics', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    for (const [reason, n] of [
      ['tp', 1],
      ['sl', 1],
      ['margin', 2],
      ['expiry', 1],
    ] as const)
      expect(text).toContain(`contracts_settled_total{reason="${reason}"} ${n}`);
    expect(text).toContain('contracts_open_watched 0');
  });
});

describe('an engine that was down', () => {
  let t: TestApp;
  let token: string;
  let startMs: number;
  let opened: Opened;
  beforeAll(async () => {
    t = await startTestApp({ marketFeed: `replay:${file}` });
    startMs = t.app.market.snapshot.get('BTCUSDT')?.lastPrice?.atMs ?? 0;
    token = (await registerUser(t)).token;
    opened = await openAll(t, token);
  });
  afterAll(async () => t.close());

  it('catches up at the ticks that should have closed each contract, exactly once, with two successors', async () => {
    // The leader's engine stops with every contract open; the tape plays on without it.
    await t.app.orders.engine.stop();
    for (const offset of [1000, 3000, 5000, 62_000]) await stepTo(t, startMs + offset);
    expect((await contract(t, token, opened.BTCUSDT?.id ?? '')).status).toBe('open');
    // Two successors at once (a leader change racing a restart): each judges every contract from its
    // opening; the row lock lets one close it and the other find it closed.
    const successors = [new SettlementEngine(t.ctx, t.app.market), new SettlementEngine(t.ctx, t.app.market)];
    for (const s of successors) s.start();
    await stepTo(t, startMs + 80_000);
    await Promise.all(successors.map((s) => s.idle()));
    await expectSettled(t, token, opened, startMs, Object.keys(cases));
    await Promise.all(successors.map((s) => s.stop()));
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });
});
