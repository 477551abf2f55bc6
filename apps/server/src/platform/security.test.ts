// What an attacker would look for: hashes at rest, security headers, CORS closed to other origins.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { users } from '../users/tables.ts';
import { sessions } from '../auth/tables.ts';
import { adminSessions } from '../admin/tables.ts';
import { admins } from '../platform/staff-tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('secrets at rest', () => {
  it('stores customer passwords as argon2id with the OWASP parameters', async () => {
    const u = await registerUser(t, 'sec_hash');
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, Number(u.id)));
    expect(row?.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(row?.passwordHash).not.toContain(u.password);
  });

  it('stores the back-office password as argon2id too', async () => {
    const rows = await t.ctx.db.select({ passwordHash: admins.passwordHash }).from(admins);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.passwordHash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$'))).toBe(true);
  });

  it('stores no session token in clear, only its SHA-256 hex', async () => {
    const u = await registerUser(t, 'sec_token');
    const rows = await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, Number(u.id)));
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(u.token).digest('hex')]);
    expect(rows[0]?.tokenHash).not.toBe(u.token);
  });

  it('stores no back-office token in clear', async () => {
    const token = await adminToken(t);
    const rows = await t.ctx.db.select({ tokenHash: adminSessions.tokenHash }).from(adminSessions);
    const hashes = rows.map((r) => r.tokenHash);
    expect(hashes).not.toContain(token);
    expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
  });
});

describe('response headers', () => {
  it("include helmet's security headers on API answers", async () => {
    const res = await client(t.app).get('/api/swx/customer/login/checkUserNameOrPhone', {
      query: { userName: 'head_check' },
    });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('include them on error answers too', async () => {
    const res = await client(t.app).get('/api/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });
});

describe('CORS', () => {
  it('gives a preflight from another origin no access-control-allow-origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/swx/customer/login/login',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, authorization',
      },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('gives a cross-origin request no access-control-allow-origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/swx/customer/login/checkUserNameOrPhone?userName=cors_check',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
