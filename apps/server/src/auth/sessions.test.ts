// Session tokens: bearer forms, forged, idle and absolute expiry, revocation, and what is stored.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { sessions } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const day = 24 * 60 * 60_000;
const getUserInfo = (token: string) => client(t.app, { token }).post('/api/swx/customer/user/getUserInfo');

describe('session tokens', () => {
  it('are at least 128 random bits, different on every login', async () => {
    const u = await registerUser(t, 'tok_bits');
    const again = await login(t, u.userName, u.password);
    // base64url: 6 bits per character
    expect(u.token.length * 6).toBeGreaterThanOrEqual(128);
    expect(again.body.result.token).not.toBe(u.token);
  });

  it('are accepted bare and with the Bearer prefix', async () => {
    const u = await registerUser(t, 'tok_bearer');
    expect((await getUserInfo(u.token)).status).toBe(200);
    expect((await getUserInfo(`Bearer ${u.token}`)).status).toBe(200);
  });

  it('answers 401 to a forged token', async () => {
    const res = await getUserInfo('Zm9yZ2VkLXRva2VuLXRoYXQtbm8tc2VydmVyLWV2ZXItaXNzdWVk');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: '401', message: 'Please log in again', result: null });
  });

  it('answers 401 to the hash of a real token presented as a token', async () => {
    const u = await registerUser(t, 'tok_hash');
    const hash = createHash('sha256').update(u.token).digest('hex');
    expect((await getUserInfo(hash)).status).toBe(401);
  });

  it('answers 401 without an Authorization header', async () => {
    const res = await client(t.app).post('/api/swx/customer/user/getUserInfo');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it('expire after 14 idle days', async () => {
    const u = await registerUser(t, 'tok_idle');
    t.clock.advance(14 * day);
    expect((await getUserInfo(u.token)).status).toBe(401);
  });

  it('stay alive while used, within the idle limit', async () => {
    const u = await registerUser(t, 'tok_active');
    for (let i = 0; i < 2; i++) {
      t.clock.advance(13 * day);
      expect((await getUserInfo(u.token)).status).toBe(200);
    }
  });

  it('expire 30 days after login even when used every day', async () => {
    const u = await registerUser(t, 'tok_absolute');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * day - 1);
      expect((await getUserInfo(u.token)).status).toBe(200);
    }
    t.clock.advance(3);
    expect((await getUserInfo(u.token)).status).toBe(401);
  });

  it('answer 401 once revoked by logout', async () => {
    const u = await registerUser(t, 'tok_revoked');
    await client(t.app, { token: u.token }).post('/api/swx/customer/login/logout');
    const res = await getUserInfo(u.token);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it('are stored only as their SHA-256 hex digest', async () => {
    const u = await registerUser(t, 'tok_stored');
    const rows = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, Number(u.id)));
    expect(rows).toHaveLength(1);
    const stored = rows[0]?.tokenHash;
    expect(stored).not.toBe(u.token);
    expect(stored).toBe(createHash('sha256').update(u.token).digest('hex'));
    const all = await t.ctx.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(all.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });
});
