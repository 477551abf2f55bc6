// Back-office sign-in (issue 13): the bootstrap admin's first sign-in, TOTP as the second factor (10113),
// recovery codes, the "secure your account first" gate (10114), My account, sessions and the idle timeout,
// the failure windows (a wait, never a lock for a right password and code: issue 25 M-9), and the audit
// rows of successes and failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminSignIn,
  bootstrapAdminPassword,
  client,
  roomyRateLimits,
  secondFactor,
  secureAdmin,
  startTestApp,
  type SecuredAdmin,
  type TestApp,
} from '../test/harness.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { adminRecoveryCodes } from './tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { createAdmin } from './service.ts';
import { totpCode } from '../platform/totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type LoginAnswer = {
  token: string;
  admin: {
    id: string;
    userName: string;
    role: string;
    mustChangePassword: boolean;
    totpEnrolled: boolean;
    totpRequired: boolean;
  };
};
const loginAs = (body: Record<string, unknown>, ip?: string) =>
  client(t.app).post<LoginAnswer>('/admin/api/login', { body, ...(ip ? { ip } : {}) });
const as = (token: string) => client(t.app, { token });
const auditOf = (adminId: string | number, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `admin:${adminId}`), eq(auditLog.action, action)));
const stepMs = 30_000;

describe('first sign-in of the bootstrap admin', () => {
  let token: string;
  let password: string;

  it('must change the generated password: signed in, but only My account answers (10114 elsewhere)', async () => {
    password = await bootstrapAdminPassword(t.dataDir);
    const res = await loginAs({ userName: 'admin', password });
    expect(res.status).toBe(200);
    expect(res.body.result.admin).toEqual({
      id: expect.any(String),
      userName: 'admin',
      role: 'superadmin',
      mustChangePassword: true,
      totpEnrolled: false,
      totpRequired: true,
    });
    token = res.body.result.token;
    const users = await as(token).get('/admin/api/users');
    expect(users.status).toBe(403);
    expect(users.body).toEqual({
      code: '10114',
      message: 'Secure your account first: change your password and set up two-factor sign-in',
      result: null,
    });
    // Even a route with its own guard (the loan agreement reader) and a money decision refuse it.
    expect((await as(token).get('/admin/api/loans/1/agreement')).body.code).toBe('10114');
    expect((await as(token).post('/admin/api/adjustments/1/approve')).body.code).toBe('10114');
    const me = await as(token).get<Record<string, unknown>>('/admin/api/me');
    expect(me.status).toBe(200);
    expect(me.body.result).toMatchObject({
      userName: 'admin',
      mustChangePassword: true,
      recoveryCodesLeft: 0,
    });
  });

  it('refuses a wrong old password (10143) and the same password again (10147), changing nothing', async () => {
    const wrong = await as(token).post('/admin/api/me/password', {
      body: { oldPassword: 'not the password', password: 'a brand new password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('10143');
    const same = await as(token).post('/admin/api/me/password', {
      body: { oldPassword: password, password },
    });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('10147');
    const short = await as(token).post('/admin/api/me/password', {
      body: { oldPassword: password, password: 'eleven char' },
    });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('10164');
    expect(short.body.result).toEqual({ fields: { password: 'Use at least 12 characters' } });
    expect((await loginAs({ userName: 'admin', password })).status).toBe(200);
  });

  it('changes the password: other sessions end, this one stays, still gated until TOTP is enrolled', async () => {
    const other = (await loginAs({ userName: 'admin', password })).body.result.token;
    const res = await as(token).post<Record<string, unknown>>('/admin/api/me/password', {
      body: { oldPassword: password, password: 'bootstrap chosen password' },
    });
    const old = password;
    password = 'bootstrap chosen password';
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Operation successful');
    expect(res.body.result).toMatchObject({ mustChangePassword: false, totpEnrolled: false });
    expect((await as(other).get('/admin/api/me')).status).toBe(401);
    expect((await as(token).get('/admin/api/me')).status).toBe(200);
    expect((await as(token).get('/admin/api/users')).body.code).toBe('10114');
    expect((await loginAs({ userName: 'admin', password: old })).body.code).toBe('10004');
    // The session opened here and the one the previous test opened.
    const [row] = await auditOf(res.body.result.id as string, 'admin.password.change');
    expect(row).toMatchObject({
      before: { mustChangePassword: true },
      after: { mustChangePassword: false, otherSessionsRevoked: 2 },
    });
  });

  it('enrols TOTP: a secret and an otpauth URL, confirmed by a code (wrong: 10091), ten recovery codes', async () => {
    const other = (await loginAs({ userName: 'admin', password })).body.result.token;
    const enrol = await as(token).post<{ secret: string; otpauthUrl: string }>('/admin/api/me/totp/enrol');
    expect(enrol.status).toBe(200);
    const { secret, otpauthUrl } = enrol.body.result;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Tradewind:admin');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      issuer: 'Tradewind',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Not enrolled until confirmed: the sign-in still takes the password alone.
    expect((await loginAs({ userName: 'admin', password })).status).toBe(200);
    const now = t.clock.now();
    const wrong = await as(token).post('/admin/api/me/totp/confirm', {
      body: { code: totpCode(secret, now + 5 * stepMs) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('10091');
    const ok = await as(token).post<{ recoveryCodes: string[] }>('/admin/api/me/totp/confirm', {
      body: { code: totpCode(secret, now) },
    });
    expect(ok.status).toBe(200);
    const codes = ok.body.result.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    // Stored as keyed hashes only.
    const stored = await t.ctx.db.select().from(adminRecoveryCodes);
    expect(stored).toHaveLength(10);
    for (const s of stored) for (const c of codes) expect(s.codeHash).not.toContain(c.replace('-', ''));
    const [row] = await t.ctx.db.select().from(admins).where(eq(admins.userName, 'admin'));
    expect(row?.totpSecret).not.toContain(secret);
    expect(row?.totpSecret).toMatch(/^v1\./);
    // Secured: decisions answer now; the sessions signed in without the factor have ended.
    expect((await as(token).get('/admin/api/users')).status).toBe(200);
    expect((await as(other).get('/admin/api/me')).status).toBe(401);
    const me = await as(token).get<Record<string, unknown>>('/admin/api/me');
    expect(me.body.result).toMatchObject({
      totpEnrolled: true,
      mustChangePassword: false,
      recoveryCodesLeft: 10,
    });
  });

  it('refuses a confirm without an enrolment started (10146)', async () => {
    const fresh = await secureAdmin(t, 'support', { totp: false });
    const res = await as(fresh.token).post('/admin/api/me/totp/confirm', { body: { code: '123456' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10146');
  });
});

describe('the second factor at sign-in', () => {
  let fin: SecuredAdmin;
  beforeAll(async () => {
    fin = await secureAdmin(t, 'finance');
    t.clock.advance(5 * stepMs);
  });

  it('asks for the code (10113, HTTP 401) when it is missing, without recording a failure', async () => {
    const before = (await auditOf(fin.id, 'admin.login.fail')).length;
    const res = await loginAs({ userName: fin.userName, password: fin.password });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      code: '10113',
      message: 'Enter the 6-digit code from your authenticator app (or a recovery code)',
      result: null,
    });
    expect(await auditOf(fin.id, 'admin.login.fail')).toHaveLength(before);
  });

  it('refuses a wrong code with 10113 and records the failure', async () => {
    const secret = fin.secret ?? '';
    const res = await loginAs({
      userName: fin.userName,
      password: fin.password,
      otp: totpCode(secret, t.clock.now() + 10 * stepMs),
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('10113');
    const rows = await auditOf(fin.id, 'admin.login.fail');
    expect(rows.at(-1)).toMatchObject({ adminId: Number(fin.id), after: { reason: 'otp' } });
  });

  it('checks the password before the code: a wrong password is 10004 whatever the code', async () => {
    const res = await loginAs({
      userName: fin.userName,
      password: 'wrong password',
      otp: totpCode(fin.secret ?? '', t.clock.now()),
    });
    expect(res.body.code).toBe('10004');
    const rows = await auditOf(fin.id, 'admin.login.fail');
    expect(rows.at(-1)).toMatchObject({ after: { reason: 'password' } });
  });

  it('accepts the current code once: the same code again, or an older one, is 10113', async () => {
    const code = totpCode(fin.secret ?? '', t.clock.now());
    const first = await loginAs({ userName: fin.userName, password: fin.password, otp: code });
    expect(first.status).toBe(200);
    expect(first.body.result.admin).toMatchObject({ totpEnrolled: true, mustChangePassword: false });
    expect((await as(first.body.result.token).get('/admin/api/audit')).status).toBe(200);
    const again = await loginAs({ userName: fin.userName, password: fin.password, otp: code });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('10113');
    const older = totpCode(fin.secret ?? '', t.clock.now() - stepMs);
    expect((await loginAs({ userName: fin.userName, password: fin.password, otp: older })).body.code).toBe(
      '10113',
    );
    const [ok] = (await auditOf(fin.id, 'admin.login')).slice(-1);
    expect(ok?.after).toMatchObject({ factor: 'totp', sessionId: expect.any(String) });
  });

  it('takes one code of two sign-ins at the same moment once', async () => {
    t.clock.advance(stepMs);
    const code = totpCode(fin.secret ?? '', t.clock.now());
    const body = { userName: fin.userName, password: fin.password, otp: code };
    const answers = await Promise.all([loginAs(body), loginAs(body), loginAs(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
  });

  it('accepts the next step (a phone a little ahead) and, later, a new step', async () => {
    t.clock.advance(stepMs);
    const ahead = totpCode(fin.secret ?? '', t.clock.now() + stepMs);
    expect((await loginAs({ userName: fin.userName, password: fin.password, otp: ahead })).status).toBe(200);
    // The current step is now older than the last accepted one: refused until time moves on.
    const current = totpCode(fin.secret ?? '', t.clock.now());
    expect((await loginAs({ userName: fin.userName, password: fin.password, otp: current })).status).toBe(
      401,
    );
    t.clock.advance(2 * stepMs);
    expect((await adminSignIn(t, fin)).length).toBeGreaterThan(40);
  });

  it('takes a recovery code once in place of the code (any case, with or without its dash)', async () => {
    const [code, second] = fin.recoveryCodes.splice(0, 2);
    const first = await loginAs({ userName: fin.userName, password: fin.password, otp: code });
    expect(first.status).toBe(200);
    const reused = await loginAs({ userName: fin.userName, password: fin.password, otp: code });
    expect(reused.status).toBe(401);
    expect(reused.body.code).toBe('10113');
    const typed = (second ?? '').toUpperCase().replace('-', '');
    expect((await loginAs({ userName: fin.userName, password: fin.password, otp: typed })).status).toBe(200);
    const [ok] = (await auditOf(fin.id, 'admin.login')).slice(-1);
    expect(ok?.after).toMatchObject({ factor: 'recovery' });
    const me = await as(first.body.result.token).get<{ recoveryCodesLeft: number }>('/admin/api/me');
    expect(me.body.result.recoveryCodesLeft).toBe(8);
  });

  it('refuses another admin’s recovery code', async () => {
    const other = await secureAdmin(t, 'compliance');
    const res = await loginAs({
      userName: fin.userName,
      password: fin.password,
      otp: other.recoveryCodes[0],
    });
    expect(res.body.code).toBe('10113');
  });
});

describe('sign-in records and refusals', () => {
  it('records a success with the session, the address and the factor', async () => {
    await createAdmin(t.ctx, 'audited_support', 'support password 1', 'support');
    const res = await loginAs({ userName: 'audited_support', password: 'support password 1' }, '192.0.2.7');
    expect(res.status).toBe(200);
    // Support needs no TOTP: a chosen password is enough to be secured.
    expect(res.body.result.admin).toMatchObject({ totpRequired: false, totpEnrolled: false });
    expect((await as(res.body.result.token).get('/admin/api/users')).status).toBe(200);
    const [row] = await auditOf(res.body.result.admin.id, 'admin.login');
    expect(row).toMatchObject({
      adminId: Number(res.body.result.admin.id),
      after: { factor: 'password', ip: '192.0.2.7' },
    });
  });

  it('records a wrong password against the account; an unknown name leaves no row (it names no admin)', async () => {
    const [{ id } = { id: 0 }] = await t.ctx.db
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.userName, 'audited_support'));
    expect((await loginAs({ userName: 'audited_support', password: 'guess' })).body.code).toBe('10004');
    expect(await auditOf(id, 'admin.login.fail')).toHaveLength(1);
    const count = async () => (await t.ctx.db.select().from(auditLog)).length;
    const before = await count();
    const unknown = await loginAs({ userName: 'nobody_here', password: 'guess' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('10004');
    expect(await count()).toBe(before);
  });

  it('refuses a disabled account with the same answer as a wrong password, and records why', async () => {
    const id = await createAdmin(t.ctx, 'gone_support', 'support password 1', 'support');
    await t.ctx.db
      .update(admins)
      .set({ disabledAt: new Date(t.clock.now()) })
      .where(eq(admins.id, id));
    const res = await loginAs({ userName: 'gone_support', password: 'support password 1' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10004');
    expect((await auditOf(id, 'admin.login.fail'))[0]?.after).toMatchObject({ reason: 'disabled' });
  });
});

describe('sessions', () => {
  it('lists my live sessions with the current one marked, and revokes one (404 for not mine)', async () => {
    const me = await secureAdmin(t, 'compliance');
    const second = await adminSignIn(t, me, { headers: { 'user-agent': 'Second Browser' } });
    const list = await as(me.token).get<Array<{ id: string; current: boolean; userAgent: string | null }>>(
      '/admin/api/me/sessions',
    );
    expect(list.status).toBe(200);
    expect(list.body.result).toHaveLength(2);
    expect(list.body.result.filter((s) => s.current)).toHaveLength(1);
    const other = list.body.result.find((s) => !s.current);
    expect(other?.userAgent).toBe('Second Browser');
    const stranger = await secureAdmin(t, 'support', { totp: false });
    const notMine = await as(stranger.token).post(`/admin/api/me/sessions/${other?.id}/revoke`);
    expect(notMine.status).toBe(404);
    expect((await as(second).get('/admin/api/me')).status).toBe(200);
    const revoked = await as(me.token).post(`/admin/api/me/sessions/${other?.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect((await as(second).get('/admin/api/me')).status).toBe(401);
    expect((await as(me.token).get<unknown[]>('/admin/api/me/sessions')).body.result).toHaveLength(1);
    expect(await auditOf(me.id, 'admin.session.revoke')).toHaveLength(1);
  });

  it('ends a session after 30 idle minutes; each call keeps it alive', async () => {
    const me = await secureAdmin(t, 'support', { totp: false });
    t.clock.advance(29 * 60_000);
    expect((await as(me.token).get('/admin/api/users')).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await as(me.token).get('/admin/api/me')).status).toBe(200);
    t.clock.advance(30 * 60_000 + 1);
    const res = await as(me.token).get('/admin/api/me');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('401');
  });

  it('signs out while the account is not secured yet', async () => {
    await createAdmin(t.ctx, 'leaving_finance', 'finance password 1', 'finance');
    const { token } = (await loginAs({ userName: 'leaving_finance', password: 'finance password 1' })).body
      .result;
    expect((await as(token).get('/admin/api/users')).body.code).toBe('10114');
    expect((await as(token).post('/admin/api/logout')).status).toBe(200);
    expect((await as(token).get('/admin/api/me')).status).toBe(401);
  });
});

describe('sign-in failure windows (M-9): failures only, a wait instead of a lock', () => {
  let narrow: TestApp;
  beforeAll(async () => {
    narrow = await startTestApp({
      rateLimits: {
        ...roomyRateLimits,
        adminSignIn: {
          accountIp: { max: 3, windowMs: 60_000 },
          ip: { max: 8, windowMs: 60_000 },
          account: { max: 6, windowMs: 60_000 },
        },
      },
    });
  });
  afterAll(async () => narrow.close());
  const attempt = (body: Record<string, unknown>, ip: string) =>
    client(narrow.app).post<LoginAnswer>('/admin/api/login', { body, ip });
  const narrowAudit = (adminId: string, action: string) =>
    narrow.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `admin:${adminId}`), eq(auditLog.action, action)));
  /** The owner's right password with a fresh code of their authenticator. */
  const owned = (a: SecuredAdmin) => {
    narrow.clock.advance(stepMs);
    return { userName: a.userName, password: a.password, otp: secondFactor(narrow, a) };
  };
  const expectWait = (res: { status: number; body: { code: string }; headers: Record<string, unknown> }) => {
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('10104');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  it('makes an address that keeps guessing one account wait; the owner signs in from there all the same', async () => {
    const owner = await secureAdmin(narrow, 'superadmin');
    const guess = { userName: owner.userName, password: 'a wrong guess' };
    for (let i = 0; i < 3; i++) expect((await attempt(guess, '198.51.100.1')).body.code).toBe('10004');
    expectWait(await attempt(guess, '198.51.100.1'));
    // While it waits, the address learns nothing: a right password without a code, or with a wrong one, is
    // the same wait as a wrong password, and no code is asked for.
    expectWait(await attempt({ userName: owner.userName, password: owner.password }, '198.51.100.1'));
    expectWait(await attempt({ ...owned(owner), otp: '000000' }, '198.51.100.1'));
    expectWait(await attempt({ ...owned(owner), password: 'a wrong guess' }, '198.51.100.1'));
    const home = await attempt(owned(owner), '198.51.100.1');
    expect(home.status).toBe(200);
    expect(home.body.result.token).toEqual(expect.any(String));
    expect((await attempt(owned(owner), '198.51.100.2')).status).toBe(200);
    // Another address is not waiting: it gets the usual answers.
    expect((await attempt(guess, '198.51.100.3')).body.code).toBe('10004');
  });

  it('slows one account guessed from many addresses, yet its owner signs in with password and code', async () => {
    const owner = await secureAdmin(narrow, 'finance');
    const guess = { userName: owner.userName, password: 'a wrong guess' };
    for (let i = 0; i < 6; i++) expect((await attempt(guess, `203.0.113.${10 + i}`)).body.code).toBe('10004');
    expectWait(await attempt(guess, '203.0.113.20'));
    expectWait(await attempt({ userName: owner.userName, password: owner.password }, '203.0.113.21'));
    expectWait(await attempt({ ...owned(owner), otp: '000000' }, '203.0.113.22'));
    const res = await attempt(owned(owner), '203.0.113.23');
    expect(res.status).toBe(200);
    const [row] = (await narrowAudit(owner.id, 'admin.login')).slice(-1);
    expect(row?.after).toMatchObject({ factor: 'totp', ip: '203.0.113.23' });
    // A recovery code is a second factor too.
    expect((await attempt({ ...owned(owner), otp: owner.recoveryCodes[0] }, '203.0.113.24')).status).toBe(
      200,
    );
  });

  it('counts failures only: ten sign-ins and ten first steps from one address leave it free', async () => {
    const owner = await secureAdmin(narrow, 'compliance');
    for (let i = 0; i < 10; i++) expect((await attempt(owned(owner), '192.0.2.50')).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const first = await attempt({ userName: owner.userName, password: owner.password }, '192.0.2.50');
      expect(first.body.code).toBe('10113');
    }
    const guess = { userName: owner.userName, password: 'a wrong guess' };
    for (let i = 0; i < 3; i++) expect((await attempt(guess, '192.0.2.50')).body.code).toBe('10004');
    expectWait(await attempt(guess, '192.0.2.50'));
  });

  it('makes an address guessing many names wait (unknown names count), not the others', async () => {
    for (let i = 0; i < 8; i++)
      expect((await attempt({ userName: `nobody_${i}`, password: 'guess' }, '192.0.2.77')).body.code).toBe(
        '10004',
      );
    expectWait(await attempt({ userName: 'nobody_9', password: 'guess' }, '192.0.2.77'));
    expect((await attempt({ userName: 'nobody_9', password: 'guess' }, '192.0.2.78')).body.code).toBe(
      '10004',
    );
  });

  it('lets a password alone pass no wait: nothing tells the owner of an account without TOTP from a guesser', async () => {
    const support = await secureAdmin(narrow, 'support', { totp: false });
    const guess = { userName: support.userName, password: 'a wrong guess' };
    for (let i = 0; i < 3; i++) expect((await attempt(guess, '192.0.2.90')).body.code).toBe('10004');
    expectWait(await attempt(guess, '192.0.2.90'));
    expectWait(await attempt({ userName: support.userName, password: support.password }, '192.0.2.90'));
    expect(
      (await attempt({ userName: support.userName, password: support.password }, '192.0.2.91')).status,
    ).toBe(200);
  });
});

describe('the harness helper', () => {
  it('signs a secured admin in again with a fresh code each time, then with recovery codes', async () => {
    const a = await secureAdmin(t, 'superadmin');
    const tokens = [await adminSignIn(t, a), await adminSignIn(t, a)];
    expect(new Set(tokens).size).toBe(2);
    // The enrolment spent this step and the sign-ins the next one, then a recovery code.
    expect(a.recoveryCodes).toHaveLength(9);
    expect(secondFactor(t, a)).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  });
});
