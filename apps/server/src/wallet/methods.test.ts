import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { loadSecrets } from '../platform/secrets.ts';
import { kycStatuses, withdrawalMethodsMax } from '@tradewind/contract';
import { withdrawalMethods } from './methods-tables.ts';
import { cardContext } from './methods.ts';
import {
  adminLogin,
  base,
  fundReal,
  setCooldownHours,
  setKycStatus,
  trc20Address,
} from './withdraw-testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  // The cool-down is withdraw-allowlist.test.ts's subject; here a saved card is withdrawn to at once.
  await setCooldownHours(t, 0);
});
afterAll(async () => t.close());

const card = '4111 1111 1111 1111';
const cardDigits = '4111111111111111';
const bank = { type: 'bank', bankName: 'Bank of Tests', holderName: 'Ada Lovelace', cardNumber: card };

async function customer() {
  const u = await registerUser(t);
  return { ...u, api: client(t.app, { token: u.token, book: 'YES' }) };
}
type Customer = Awaited<ReturnType<typeof customer>>;
type Api = Customer['api'];
/** Saves with the customer's login password, as the app sends it. */
const save = (u: Customer, body: Record<string, unknown>) =>
  u.api.post<Record<string, string>>(`${base}/withdrawalType/save`, {
    body: { password: u.password, ...body },
  });
const listOf = (api: Api) => api.post<Record<string, string>[]>(`${base}/withdrawalType/list`);

describe('bank card methods', () => {
  it('saves a Luhn-valid card sealed at rest and shows only its last four digits', async () => {
    const u = await customer();
    const saved = await save(u, bank);
    expect(saved.body.result).toEqual({
      id: expect.any(String),
      type: 'bank',
      label: 'Bank of Tests **** 1111',
      bankName: 'Bank of Tests',
      holderName: 'Ada Lovelace',
      cardMasked: '**** 1111',
      usableAt: t.clock.now(),
    });
    const listed = await listOf(u.api);
    expect(listed.body.result).toEqual([saved.body.result]);

    const [row] = await t.ctx.db
      .select()
      .from(withdrawalMethods)
      .where(eq(withdrawalMethods.id, Number(saved.body.result.id)));
    expect(row?.cardSealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(cardDigits);
    expect(JSON.stringify(row)).not.toContain('41111111');
    // The key this app generated into DATA_DIR opens it, and only as this user's.
    const secrets = await loadSecrets(t.config, () => undefined);
    expect(secrets.decrypt(row?.cardSealed ?? '', cardContext(Number(u.id)))).toBe(cardDigits);
    expect(() => secrets.decrypt(row?.cardSealed ?? '', cardContext(Number(u.id) + 1))).toThrow();
  });

  it('never returns the full number: not on save, list, withdrawal, withdrawal list or review queue', async () => {
    const u = await customer();
    await setKycStatus(t.ctx.db, u.id, kycStatuses.verified);
    await fundReal(t, u.id, '20');
    const bodies: unknown[] = [];
    const saved = await save(u, bank);
    bodies.push(saved.body, (await listOf(u.api)).body);
    const placed = await u.api.post(`${base}/withdrawal`, {
      body: { methodId: saved.body.result.id, amount: '12', password: u.password, quotedFee: '1' },
      headers: { 'idempotency-key': `card-${u.id}-1` },
    });
    expect(placed.body.code).toBe('200');
    bodies.push(placed.body, (await u.api.get(`${base}/listWithdrwal`)).body);
    bodies.push(
      (await client(t.app, { token: await adminLogin(t, 'finance') }).get('/admin/api/reviews/withdrawals'))
        .body,
    );
    for (const body of bodies) {
      const text = JSON.stringify(body);
      expect(text).not.toContain(cardDigits);
      expect(text).not.toContain('4111 1111 1111');
    }
  });

  it('refuses a wrong check digit, too few or too many digits, and letters, on the card number field', async () => {
    const u = await customer();
    for (const cardNumber of [
      '4111 1111 1111 1112',
      '41111111111',
      '4111 1111 1111 1111 1111',
      '4111-1111-abcd-1111',
    ]) {
      const res = await save(u, { ...bank, cardNumber });
      expect(res.status, cardNumber).toBe(400);
      expect(res.body.code).toBe('10000');
      expect(res.body.result).toEqual({
        fields: { cardNumber: 'This card number is not valid; check the digits' },
      });
    }
    expect((await listOf(u.api)).body.result).toEqual([]);
  });

  it('refuses a missing field, an unknown field and an unknown type', async () => {
    const u = await customer();
    const missing = await save(u, { type: 'bank', bankName: 'B', holderName: 'H' });
    expect(missing.status).toBe(400);
    expect(missing.body.result).toEqual({ fields: { cardNumber: expect.any(String) } });
    const extra = await save(u, { ...bank, cvv: '123' });
    expect(extra.status).toBe(400);
    expect(extra.body.result).toMatchObject({ fields: { cvv: 'Unknown field' } });
    const mixed = await save(u, { ...bank, network: 'TRC20' });
    expect(mixed.status).toBe(400);
    const unknown = await save(u, { type: 'paypal', address: 'a@b.c' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('10000');
  });
});

describe('USDT address methods', () => {
  it('saves a TRC20 address and shows it in full', async () => {
    const u = await customer();
    const res = await save(u, { type: 'usdt', network: 'TRC20', address: trc20Address });
    expect(res.body.result).toEqual({
      id: expect.any(String),
      type: 'usdt',
      label: 'USDT TRC20 TR7NHq…Lj6t',
      network: 'TRC20',
      address: trc20Address,
      usableAt: t.clock.now(),
    });
  });

  it('refuses a TRC20 address with a broken checksum or of another format', async () => {
    const u = await customer();
    for (const address of [
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T',
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    ]) {
      const res = await save(u, { type: 'usdt', network: 'TRC20', address });
      expect(res.status, address).toBe(400);
      expect(res.body.result).toEqual({ fields: { address: 'This is not a valid TRC20 address' } });
    }
  });

  it('saves an ERC20 address in its checksummed spelling, all lower case accepted', async () => {
    const u = await customer();
    const res = await save(u, {
      type: 'usdt',
      network: 'ERC20',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
    expect(res.body.result).toMatchObject({
      network: 'ERC20',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    const same = await save(u, {
      type: 'usdt',
      network: 'ERC20',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(same.body.result.id).toBe(res.body.result.id);
  });

  it('refuses an ERC20 address whose mixed case breaks the EIP-55 checksum, or that is not 40 hex digits', async () => {
    const u = await customer();
    const bad = await save(u, {
      type: 'usdt',
      network: 'ERC20',
      address: '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toEqual({
      fields: { address: 'The address checksum does not match; check it for typos' },
    });
    const short = await save(u, {
      type: 'usdt',
      network: 'ERC20',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1bea',
    });
    expect(short.body.result).toEqual({ fields: { address: 'This is not a valid ERC20 address' } });
    const network = await save(u, { type: 'usdt', network: 'BEP20', address: trc20Address });
    expect(network.status).toBe(400);
    expect(network.body.result).toMatchObject({ fields: { network: expect.any(String) } });
  });

  it('answers the localized field message in the request language', async () => {
    const u = await customer();
    const res = await u.api.post(`${base}/withdrawalType/save`, {
      body: { type: 'usdt', network: 'TRC20', address: 'Tnope' },
      lang: 'de',
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { address: expect.stringContaining('TRC20') } });
  });
});

describe('ownership and bounds', () => {
  it('saving the same method twice answers the first; another customer never sees it', async () => {
    const a = await customer();
    const b = await customer();
    const first = await save(a, bank);
    const again = await save(a, { ...bank, cardNumber: cardDigits });
    expect(again.body.result.id).toBe(first.body.result.id);
    const otherHolder = await save(a, { ...bank, holderName: 'Charles Babbage' });
    expect(otherHolder.body.result.id).not.toBe(first.body.result.id);
    const theirs = await save(b, bank);
    expect(theirs.body.result.id).not.toBe(first.body.result.id);
    expect((await listOf(a.api)).body.result.map((m) => m.id)).toEqual([
      first.body.result.id,
      otherHolder.body.result.id,
    ]);
    expect((await listOf(b.api)).body.result.map((m) => m.id)).toEqual([theirs.body.result.id]);
  });

  it(`keeps at most ${withdrawalMethodsMax} methods per customer`, async () => {
    const u = await customer();
    for (let i = 0; i < withdrawalMethodsMax; i++) {
      const res = await save(u, { ...bank, holderName: `Holder ${i}` });
      expect(res.body.code).toBe('200');
    }
    const over = await save(u, { ...bank, holderName: 'One too many' });
    expect(over.status).toBe(400);
    expect(over.body.result).toEqual({
      fields: { type: `You can save at most ${withdrawalMethodsMax} withdrawal methods` },
    });
    expect((await save(u, { ...bank, holderName: 'Holder 0' })).body.code).toBe('200'); // already saved
  });

  it(`forty different methods saved at once leave exactly ${withdrawalMethodsMax}`, async () => {
    const u = await customer();
    const answers = await Promise.all(
      Array.from({ length: 2 * withdrawalMethodsMax }, (_, i) =>
        save(u, { ...bank, holderName: `Racer ${i}` }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === '200')).toHaveLength(withdrawalMethodsMax);
    expect(codes.filter((c) => c === '10000')).toHaveLength(withdrawalMethodsMax);
    const stored = await t.ctx.db
      .select()
      .from(withdrawalMethods)
      .where(eq(withdrawalMethods.userId, Number(u.id)));
    expect(stored).toHaveLength(withdrawalMethodsMax);
    expect((await listOf(u.api)).body.result).toHaveLength(withdrawalMethodsMax);
  });

  it('the same method saved ten times at once is stored once and answered with one id', async () => {
    const u = await customer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(u, bank)));
    expect(answers.every((a) => a.body.code === '200')).toBe(true);
    expect(new Set(answers.map((a) => a.body.result.id)).size).toBe(1);
    expect((await listOf(u.api)).body.result).toHaveLength(1);
  });
});
