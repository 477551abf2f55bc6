// Contracts under concurrency (issue 9 "Proof"): many buys racing for one real-book balance open exactly as
// many as it pays for and never overdraw; one Idempotency-Key replayed at once opens one contract; a manual
// close racing the settlement engine, or itself, closes once (one contract_close entry); a demo reset racing
// buys leaves no open contract without its margin. On PGlite the requests interleave between transactions;
// on PostgreSQL (TEST_DATABASE_URL) they also run in parallel inside the database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { OptionsContract, Page } from '@tradewind/contract';
import { sum } from '@tradewind/contract/money';
import { client, registerUser, type TestApp } from '../test/harness.ts';
import { fundReal } from '../wallet/withdraw-testing.ts';
import { buy, closeOption, quoteBody, startMidweekApp, stepTo } from './testing.ts';
import { costOf, entriesOf, expectAuditBalanced, money, usdt, userInfo } from './rules-testing.ts';
import { optionOrders } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startMidweekApp();
}, 120_000);
afterAll(async () => t.close());

const contractsOf = (userId: string, book: 'demo' | 'real') =>
  t.ctx.db
    .select()
    .from(optionOrders)
    .where(and(eq(optionOrders.userId, Number(userId)), eq(optionOrders.book, book)));

const getContract = (token: string, id: string) =>
  client(t.app, { token, book: 'NO' }).get<OptionsContract>(
    `/api/swx/customer/order/getOptionsOrderById/${id}`,
  );

describe('racing buys', () => {
  it('50 concurrent buys on a real balance that pays for exactly k open k, and cash never goes negative', async () => {
    const who = await registerUser(t);
    const lots = '0.01';
    const leverage = 2;
    const { totalMinor, marginMinor } = await costOf(t, 'BTCUSDT', lots, leverage);
    const k = 7;
    // One minor unit short of the (k + 1)-th contract.
    const funds = BigInt(k + 1) * totalMinor - 1n;
    await fundReal(t, who.id, money(funds));
    expect(usdt((await userInfo(t, who.token, 'YES')).balance)).toBe(funds);

    const body = await quoteBody(t, 'BTCUSDT', { lots, leverage, termId: '86400' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => buy(t, who.token, body, { book: 'YES' })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(k);
    expect(codes.filter((c) => c !== '200')).toEqual(Array.from({ length: 50 - k }, () => '10011'));
    for (const a of answers.filter((x) => x.body.code === '200')) {
      expect(usdt(a.body.result.margin) + usdt(a.body.result.fee)).toBe(totalMinor);
    }

    const rows = await contractsOf(who.id, 'real');
    expect(rows.filter((r) => r.status === 'open')).toHaveLength(k);
    const info = await userInfo(t, who.token, 'YES');
    expect(usdt(info.balance)).toBe(funds - BigInt(k) * totalMinor);
    expect(usdt(info.balance)).toBeGreaterThanOrEqual(0n);
    expect(usdt(info.balance)).toBeLessThan(totalMinor);
    expect(usdt(info.frozen)).toBe(BigInt(k) * marginMinor);
    await expectAuditBalanced(t);
  });

  it('one Idempotency-Key sent 10 times at once opens one contract, and all 10 answers are equal', async () => {
    const who = await registerUser(t);
    const key = `same-${randomUUID()}`;
    const body = await quoteBody(t, 'ETHUSDT', { termId: '86400' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(t, who.token, body, { key })));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    const first = answers[0]?.body;
    for (const a of answers) expect(a.body).toEqual(first);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] !== 'true')).toHaveLength(1);
    const rows = await contractsOf(who.id, 'demo');
    expect(rows.map((r) => String(r.id))).toEqual([first?.result.id]);
    expect(await entriesOf(t, String(rows[0]?.id), 'contract_open')).toHaveLength(1);
    const info = await userInfo(t, who.token, 'NO');
    expect(usdt(info.frozen)).toBe(usdt(first?.result.margin ?? '0'));
    await expectAuditBalanced(t);
  });
});

describe('racing closes', () => {
  it('a manual close racing the engine’s expiry of the same contract closes it once', async () => {
    const who = await registerUser(t);
    // The shortest term (60 s): the engine expires each at the first tick at or after its expiry.
    const opened: OptionsContract[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '60' }));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      opened.push(res.body.result);
    }
    const expiry = Math.max(...opened.map((c) => c.expiresAt));
    const [, ...manual] = await Promise.all([
      stepTo(t, expiry + 2_000),
      ...opened.map((c) => closeOption(t, who.token, c.id)),
    ]);
    await t.app.orders.engine.idle();
    const reasons = new Set<string>();
    for (const [i, c] of opened.entries()) {
      const final = (await getContract(who.token, c.id)).body.result;
      expect(final.status).toBe('closed');
      reasons.add(final.closeReason ?? '');
      // Whoever came second answered the contract as the first closed it.
      expect(manual[i]?.status, JSON.stringify(manual[i]?.body)).toBe(200);
      expect(manual[i]?.body.result).toMatchObject({
        status: 'closed',
        closeReason: final.closeReason,
        closeTickId: final.closeTickId,
        pnl: final.pnl,
      });
      expect(await entriesOf(t, c.id, 'contract_close')).toHaveLength(1);
    }
    expect([...reasons].every((r) => r === 'manual' || r === 'expiry')).toBe(true);
    const info = await userInfo(t, who.token, 'NO');
    expect(info.frozen).toBe('0');
    await expectAuditBalanced(t);
  });

  it('ten concurrent closes of one contract under different keys close it once', async () => {
    const who = await registerUser(t);
    const res = await buy(t, who.token, await quoteBody(t, 'BTCUSDT', { termId: '86400' }));
    expect(res.status).toBe(200);
    const c = res.body.result;
    await stepTo(t, t.clock.now() + 3_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => closeOption(t, who.token, c.id)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    for (const a of answers) expect(a.body.result).toEqual(answers[0]?.body.result);
    expect(answers[0]?.body.result).toMatchObject({ status: 'closed', closeReason: 'manual' });
    expect(await entriesOf(t, c.id, 'contract_close')).toHaveLength(1);
    const info = await userInfo(t, who.token, 'NO');
    expect(usdt(info.balance)).toBe(
      100_000_000_000n - usdt(c.fee) + usdt(answers[0]?.body.result.pnl ?? '0'),
    );
    await expectAuditBalanced(t);
  });
});

describe('a demo reset racing buys', () => {
  /**
   * The demo book after the dust settles: the margin account holds the margins of the open contracts (none,
   * if the reset closed the late ones too), cash is 100,000 less what those contracts cost, each closes.
   */
  async function expectEveryOpenContractBacked(who: { token: string; id: string }) {
    const open = (await contractsOf(who.id, 'demo')).filter((r) => r.status === 'open');
    const info = await userInfo(t, who.token, 'NO');
    // A reset never empties a margin that an open contract will pay back at its close, and never hands
    // back the cash an open contract's margin and fee were paid with.
    expect(usdt(info.frozen)).toBe(sum(open.map((r) => r.marginMinor)));
    expect(usdt(info.balance)).toBe(100_000_000_000n - sum(open.map((r) => r.marginMinor + r.feeMinor)));
    for (const r of open) {
      const closed = await closeOption(t, who.token, String(r.id));
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    }
    const list = await client(t.app, { token: who.token, book: 'NO' }).get<Page<OptionsContract>>(
      '/api/swx/customer/order/listOptionsOrder',
      { query: { status: 'open' } },
    );
    expect(list.body.result.total).toBe(0);
    expect((await userInfo(t, who.token, 'NO')).frozen).toBe('0');
    await expectAuditBalanced(t);
  }

  it('a buy committed after the reset closed the positions but before it reset the balances', async () => {
    const who = await registerUser(t);
    const body = await quoteBody(t, 'BTCUSDT', { termId: '86400' });
    expect((await buy(t, who.token, body)).status).toBe(200);
    // Deterministically in the window: a hook that runs after the orders domain closed the positions
    // (it registered first) and before the reset's transaction; one buy, through the API.
    let once = true;
    const between = async (userId: number) => {
      if (userId !== Number(who.id) || !once) return;
      once = false;
      const res = await buy(t, who.token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    t.ctx.beforeDemoReset.push(between);
    try {
      const reset = await client(t.app, { token: who.token }).post('/api/swx/customer/user/resetDemo');
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    } finally {
      t.ctx.beforeDemoReset.splice(t.ctx.beforeDemoReset.indexOf(between), 1);
    }
    await expectEveryOpenContractBacked(who);
  });

  it('six buys racing a reset', async () => {
    const who = await registerUser(t);
    const body = await quoteBody(t, 'BTCUSDT', { termId: '86400' });
    for (let i = 0; i < 3; i++) expect((await buy(t, who.token, body)).status).toBe(200);
    const [reset, ...buys] = await Promise.all([
      client(t.app, { token: who.token }).post('/api/swx/customer/user/resetDemo'),
      ...Array.from({ length: 6 }, () => buy(t, who.token, body)),
    ]);
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    for (const b of buys) expect(b.status, JSON.stringify(b.body)).toBe(200);
    await expectEveryOpenContractBacked(who);
  });
});
