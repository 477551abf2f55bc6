// Rotating SECRET_KEY: methods saved under the old key stay readable and findable while SECRET_KEY_PREVIOUS
// is set, the rotation re-seals card numbers and recomputes fingerprints under the new key once, and after
// it the new key alone reads everything.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { secretsFromKey } from '../platform/secrets.ts';
import { withdrawalMethods } from './methods-tables.ts';
import { cardContext, methodIdentity, saveMethod } from './methods.ts';
import { rotateMethodSecrets } from './rotate-secrets.ts';
import { base, trc20Address } from './withdraw-testing.ts';

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { SECRET_KEY: oldKey.toString('base64') });
});
afterAll(async () => t.close());

const cardDigits = '4111111111111111';
const bank = {
  type: 'bank',
  bankName: 'Bank of Tests',
  holderName: 'Ada Lovelace',
  cardNumber: cardDigits,
} as const;
const usdt = { type: 'usdt', network: 'TRC20', address: trc20Address } as const;

async function rowsOf(userId: number) {
  return t.ctx.db.select().from(withdrawalMethods).where(eq(withdrawalMethods.userId, userId));
}

describe('rotating SECRET_KEY', () => {
  it('re-seals and re-fingerprints under the new key, once, with the old key kept for reading meanwhile', async () => {
    const u = await registerUser(t);
    const userId = Number(u.id);
    const api = client(t.app, { token: u.token, book: 'YES' });
    for (const body of [bank, usdt])
      expect(
        (await api.post(`${base}/withdrawalType/save`, { body: { ...body, password: u.password } })).body
          .code,
      ).toBe('200');
    const before = await rowsOf(userId);
    expect(before).toHaveLength(2);

    const during = secretsFromKey(newKey, oldKey);
    const bankRow = before.find((r) => r.type === 'bank');
    expect(during.decrypt(bankRow?.cardSealed ?? '', cardContext(userId))).toBe(cardDigits);
    expect(() => secretsFromKey(newKey).decrypt(bankRow?.cardSealed ?? '', cardContext(userId))).toThrow();
    // A node already on the new key finds the method saved under the old one: no duplicate.
    const again = await saveMethod(t.ctx, during, userId, { ...bank, password: u.password });
    expect(again.id).toBe(String(bankRow?.id));
    expect(await rowsOf(userId)).toHaveLength(2);

    const first = await rotateMethodSecrets(t.ctx.db, during, { batch: 1 });
    expect(first).toEqual({ checked: 2, resealed: 1, refingerprinted: 2, unreadable: [] });
    expect(await rotateMethodSecrets(t.ctx.db, during)).toMatchObject({ resealed: 0, refingerprinted: 0 });

    const after = secretsFromKey(newKey);
    const rows = await rowsOf(userId);
    const sealed = rows.find((r) => r.type === 'bank')?.cardSealed ?? '';
    expect(sealed).not.toBe(bankRow?.cardSealed);
    expect(after.decrypt(sealed, cardContext(userId))).toBe(cardDigits);
    expect(rows.find((r) => r.type === 'bank')?.fingerprint).toBe(
      after.fingerprint(methodIdentity.bank(bank.bankName, bank.holderName, cardDigits)),
    );
    expect(rows.find((r) => r.type === 'usdt')?.fingerprint).toBe(
      after.fingerprint(methodIdentity.usdt(usdt.network, usdt.address)),
    );
  });

  it('reports a row that opens under neither key and leaves it alone', async () => {
    const u = await registerUser(t);
    const userId = Number(u.id);
    await saveMethod(t.ctx, secretsFromKey(oldKey), userId, {
      ...bank,
      holderName: 'Grace Hopper',
      password: u.password,
    });
    const [row] = await rowsOf(userId);
    const result = await rotateMethodSecrets(t.ctx.db, secretsFromKey(newKey, randomBytes(32)));
    expect(result.unreadable).toContain(row?.id);
    expect((await rowsOf(userId))[0]).toEqual(row);
  });
});
