// The withdrawal allowlist (issue 25): adding a payout method needs the login password and makes it usable only
// after `withdraw_method_cooldown_h`, with an e-mail; removing is immediate; a password change or reset pauses
// withdrawals for the same cool-down. Each refusal leaves the ledger as it was.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminParam, WithdrawalMethod } from '@tradewind/contract';
import { adminToken, client, lastCodeMailedTo, startTestApp, type TestApp } from '../test/harness.ts';
import { outboxMailsTo } from '../test/mime.ts';
import { auditLedger } from '../ledger/service.ts';
import { totpCode, totpPeriodMs } from '../platform/totp.ts';
import { defaultParams } from '../settings/defaults.ts';
import { withdrawalMethods } from './methods-tables.ts';
import { withdrawals } from './withdraw-tables.ts';
import {
  base,
  realBalances,
  setCooldownHours,
  trc20Address,
  withdraw,
  withdrawer,
  type Withdrawer,
} from './withdraw-testing.ts';

const hourMs = 3_600_000;
/** A second well-formed TRC20 address (the USDC contract on TRON). */
const otherAddress = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/**
 * A funded, verified customer whose first method is usable now (withdrawer saves it at 0 hours); then the
 * cool-down is back at its default of 24 hours.
 */
async function customer(): Promise<Withdrawer> {
  const w = await withdrawer(t, '100');
  await setCooldownHours(t, Number(defaultParams.withdraw_method_cooldown_h));
  return w;
}

const save = (w: Withdrawer, body: Record<string, unknown>) =>
  w.api.post<WithdrawalMethod>(`${base}/withdrawalType/save`, { body });
const listOf = async (w: Withdrawer) =>
  (await w.api.post<WithdrawalMethod[]>(`${base}/withdrawalType/list`)).body.result;
const methodRows = (w: Withdrawer) =>
  t.ctx.db
    .select()
    .from(withdrawalMethods)
    .where(eq(withdrawalMethods.userId, Number(w.id)));
const withdrawalRows = (w: Withdrawer) =>
  t.ctx.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, Number(w.id)));
const pauseOf = async (w: Withdrawer) =>
  (await w.api.get<{ pausedUntil: number | null }>(`${base}/withdrawalPause`)).body.result.pausedUntil;

/** The payout-method mails to `w`, decoded (the first is their setup method's). */
const methodMailsTo = async (w: Withdrawer) =>
  (await outboxMailsTo(t.dataDir, w.email)).filter((m) => m.subject.includes('payout method'));

/** The refusal, and proof nothing moved: balances, withdrawal rows and the ledger as before. */
async function expectRefusedWithNothingPosted(
  w: Withdrawer,
  body: Record<string, unknown>,
  code: string,
  key?: string,
): Promise<string> {
  const before = await realBalances(t, w.id);
  const rows = (await withdrawalRows(w)).length;
  const res = await withdraw(w, body, key);
  expect([res.status, res.body.code]).toEqual([409, code]);
  expect(await realBalances(t, w.id)).toEqual(before);
  expect(await withdrawalRows(w)).toHaveLength(rows);
  expect(await auditLedger(t.ctx.db)).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
  return (res.body as { message: string }).message;
}

describe('adding a payout method', () => {
  it('needs the login password: none 10036, a wrong one 10143, and nothing is saved or mailed', async () => {
    const w = await customer();
    const mails = (await methodMailsTo(w)).length;
    const address = { type: 'usdt', network: 'TRC20', address: otherAddress };
    const none = await save(w, address);
    expect([none.status, none.body.code]).toEqual([400, '10036']);
    const wrong = await save(w, { ...address, password: 'not my password' });
    expect([wrong.status, wrong.body.code]).toEqual([400, '10143']);
    const card = { type: 'bank', bankName: 'B', holderName: 'H', cardNumber: '4111111111111111' };
    expect((await save(w, { ...card, password: 'wrong' })).body.code).toBe('10143');
    expect(await methodRows(w)).toHaveLength(1);
    expect(await methodMailsTo(w)).toHaveLength(mails);
  });

  it('with two-factor on, needs its code too: none 10113, a wrong one 10165, a right one saves', async () => {
    const w = await customer();
    const totp = client(t.app, { token: w.token });
    const { secret } = (await totp.post<{ secret: string }>('/api/swx/customer/security/totp/enrol')).body
      .result;
    const code = () => {
      t.clock.advance(totpPeriodMs); // a fresh step: each code is accepted once
      return totpCode(secret, t.clock.now());
    };
    expect(
      (await totp.post('/api/swx/customer/security/totp/confirm', { body: { code: code() } })).body.code,
    ).toBe('200');
    const address = { type: 'usdt', network: 'TRC20', address: otherAddress, password: w.password };
    const none = await save(w, address);
    expect([none.body.code, none.body.result]).toEqual(['10113', { secondFactor: ['totp'] }]);
    expect((await save(w, { ...address, otp: '000000' })).body.code).toBe('10165');
    expect(await methodRows(w)).toHaveLength(1);
    const saved = await save(w, { ...address, otp: code() });
    expect(saved.body.code).toBe('200');
    expect(saved.body.result.usableAt).toBe(t.clock.now() + 24 * hourMs);
  });

  it('is usable the parameter’s hours later, and the customer is mailed when', async () => {
    const w = await customer();
    await setCooldownHours(t, 30);
    const res = await save(w, {
      type: 'usdt',
      network: 'TRC20',
      address: otherAddress,
      password: w.password,
    });
    expect(res.body.code).toBe('200');
    expect(res.body.result.usableAt).toBe(t.clock.now() + 30 * hourMs);
    expect((await listOf(w)).find((m) => m.id === res.body.result.id)?.usableAt).toBe(
      res.body.result.usableAt,
    );
    const mails = await methodMailsTo(w);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.body).toContain(`${res.body.result.label}. Withdrawals to it are possible from`);
    expect(mails[1]?.body).toContain(`from ${minuteText(res.body.result.usableAt)}.`);
    // Saving the very same method again answers it unchanged: no new cool-down, no second mail.
    t.clock.advance(hourMs);
    const again = await save(w, {
      type: 'usdt',
      network: 'TRC20',
      address: otherAddress,
      password: w.password,
    });
    expect(again.body.result).toEqual(res.body.result);
    expect(await methodMailsTo(w)).toHaveLength(2);
  });

  it('at 0 hours is usable at once', async () => {
    const w = await customer();
    await setCooldownHours(t, 0);
    const res = await save(w, {
      type: 'usdt',
      network: 'TRC20',
      address: otherAddress,
      password: w.password,
    });
    expect(res.body.result.usableAt).toBe(t.clock.now());
    expect((await withdraw(w, { amount: '20', methodId: res.body.result.id })).body.code).toBe('200');
  });
});

describe('withdrawing to a new method', () => {
  it('is refused with 10163 and the time until the cool-down passes, nothing posted; then it works', async () => {
    const w = await customer();
    const res = await save(w, {
      type: 'usdt',
      network: 'TRC20',
      address: otherAddress,
      password: w.password,
    });
    const { id, usableAt } = res.body.result;
    const message = await expectRefusedWithNothingPosted(w, { amount: '20', methodId: id }, '10163');
    expect(message).toBe(`This payout method can be used from ${minuteText(usableAt)}`);
    t.clock.advance(usableAt - 1 - t.clock.now());
    const key = randomUUID();
    await expectRefusedWithNothingPosted(w, { amount: '20', methodId: id }, '10163', key);
    t.clock.advance(1);
    // A retry under the refused request's key replays its answer, as for every business refusal; a new
    // request (a new key) is judged now.
    const replayed = await withdraw(w, { amount: '20', methodId: id }, key);
    expect([replayed.body.code, replayed.headers['idempotent-replayed']]).toEqual(['10163', 'true']);
    const placed = await withdraw(w, { amount: '20', methodId: id });
    expect(placed.body.code).toBe('200');
    expect(await realBalances(t, w.id)).toEqual({ cash: '80', hold: '20' });
  });

  it('a method removed is gone at once; saved again it is new, with a cool-down of its own', async () => {
    const w = await customer();
    const removed = await w.api.post(`${base}/withdrawalType/remove`, { body: { id: w.methodId } });
    expect(removed.body.code).toBe('200');
    expect(await listOf(w)).toEqual([]);
    expect((await withdraw(w, { amount: '20' })).body.code).toBe('10025');
    expect((await w.api.post(`${base}/withdrawalType/remove`, { body: { id: w.methodId } })).body.code).toBe(
      '10025',
    );
    const back = await save(w, {
      type: 'usdt',
      network: 'TRC20',
      address: trc20Address,
      password: w.password,
    });
    expect(back.body.result.id).not.toBe(w.methodId);
    expect(back.body.result.usableAt).toBe(t.clock.now() + 24 * hourMs);
    await expectRefusedWithNothingPosted(w, { amount: '20', methodId: back.body.result.id }, '10163');
  });

  it('a removal racing withdrawals: each withdrawal came wholly before it or is refused 10025', async () => {
    const w = await customer();
    const remove = w.api.post(`${base}/withdrawalType/remove`, { body: { id: w.methodId } });
    const answers = await Promise.all([
      withdraw(w, { amount: '20' }),
      remove,
      withdraw(w, { amount: '20' }),
      withdraw(w, { amount: '20' }),
    ]);
    expect(answers[1].body.code).toBe('200');
    const placed = answers.filter((a, i) => i !== 1 && a.body.code === '200').length;
    expect(answers.filter((a, i) => i !== 1 && a.body.code !== '200').map((a) => a.body.code)).toEqual(
      Array(3 - placed).fill('10025'),
    );
    expect(await withdrawalRows(w)).toHaveLength(placed);
    expect(await realBalances(t, w.id)).toEqual({
      cash: String(100 - 20 * placed),
      hold: String(20 * placed),
    });
    expect((await withdraw(w, { amount: '20' })).body.code).toBe('10025');
  });

  it('another customer cannot remove my method', async () => {
    const [mine, theirs] = [await customer(), await customer()];
    const res = await theirs.api.post(`${base}/withdrawalType/remove`, { body: { id: mine.methodId } });
    expect(res.body.code).toBe('10025');
    expect(await listOf(mine)).toHaveLength(1);
  });
});

describe('after a security change', () => {
  it('a password change pauses withdrawals for the cool-down (10177), said by withdrawalPause', async () => {
    const w = await customer();
    expect(await pauseOf(w)).toBeNull();
    const password = 'a new long passphrase 7';
    const changed = await w.api.post('/api/swx/customer/user/repassword', {
      body: { oldPassword: w.password, password },
    });
    expect(changed.body.code).toBe('200');
    const until = t.clock.now() + 24 * hourMs;
    expect(await pauseOf(w)).toBe(until);
    const moved = { ...w, password };
    const message = await expectRefusedWithNothingPosted(moved, { amount: '20' }, '10177');
    expect(message).toBe(`Withdrawals are paused after a security change until ${minuteText(until)}`);
    t.clock.advance(24 * hourMs);
    expect(await pauseOf(w)).toBeNull();
    expect((await withdraw(moved, { amount: '20' })).body.code).toBe('200');
  });

  it('turning two-factor off pauses them too', async () => {
    const w = await customer();
    const totp = client(t.app, { token: w.token });
    const base2fa = '/api/swx/customer/security/totp';
    const { secret } = (await totp.post<{ secret: string }>(`${base2fa}/enrol`)).body.result;
    const code = () => {
      t.clock.advance(totpPeriodMs);
      return totpCode(secret, t.clock.now());
    };
    expect((await totp.post(`${base2fa}/confirm`, { body: { code: code() } })).body.code).toBe('200');
    expect((await withdraw(w, { amount: '20', otp: code() })).body.code).toBe('200');
    const off = await totp.post(`${base2fa}/disable`, { body: { password: w.password, otp: code() } });
    expect(off.body.code).toBe('200');
    expect(await pauseOf(w)).toBe(t.clock.now() + 24 * hourMs);
    await expectRefusedWithNothingPosted(w, { amount: '20' }, '10177');
  });

  it('a password reset pauses them too', async () => {
    const w = await customer();
    const api = client(t.app);
    await api.post('/api/swx/customer/login/sendCode', { body: { email: w.email, purpose: 'reset' } });
    const { code } = await lastCodeMailedTo(t.dataDir, w.email);
    const password = 'a reset long passphrase 8';
    const reset = await api.post('/api/swx/customer/login/resetPassword', {
      body: { email: w.email, code, password },
    });
    expect(reset.body.code).toBe('200');
    const login = await api.post<{ token: string }>('/api/swx/customer/login/login', {
      body: { userName: w.userName, password },
    });
    const again = { ...w, password, api: client(t.app, { token: login.body.result.token, book: 'YES' }) };
    await expectRefusedWithNothingPosted(again, { amount: '20' }, '10177');
  });
});

describe('withdraw_method_cooldown_h', () => {
  // Signed in per edit: the tests above moved the clock past a staff session's life.
  const edit = async (value: string) =>
    client(t.app, { token: await adminToken(t) }).post<AdminParam>(
      '/admin/api/params/withdraw_method_cooldown_h',
      {
        body: { value, reason: 'allowlist test' },
      },
    );

  it('is public, 24 hours by default', async () => {
    expect(defaultParams.withdraw_method_cooldown_h).toBe('24');
    const res = await client(t.app).get<{ value: string }>(
      '/api/swx/customer/index/getParamByKey/withdraw_method_cooldown_h',
    );
    expect(res.body.result.value).toBe('24');
  });

  it.each(['-1', '169', '1.5', 'a day'])('refuses %j under the field', async (value) => {
    const res = await edit(value);
    expect(res.status).toBe(400);
    expect(res.body.code).not.toBe('200');
  });

  it.each(['0', '168'])('accepts %j', async (value) => {
    expect((await edit(value)).body.code).toBe('200');
  });
});

/** The time as the refusal's message writes it: UTC, to the minute, rounded up. */
function minuteText(ms: number): string {
  const iso = new Date(Math.ceil(ms / 60_000) * 60_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}
