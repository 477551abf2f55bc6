// Replacing a staff account's authenticator (issue 25, M-10): a session alone cannot; it takes the password
// and a current code of the enrolled authenticator (or a recovery code), each used up like at sign-in. A new
// account changes its generated password before it enrols at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  adminSignIn,
  client,
  secondFactor,
  secureAdmin,
  startTestApp,
  type SecuredAdmin,
  type TestApp,
} from '../test/harness.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { totpCode } from '../platform/totp.ts';
import { createStaff } from './staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const stepMs = 30_000;
const as = (token: string) => client(t.app, { token });
const enrol = (token: string, body?: Record<string, unknown>) =>
  as(token).post<{ secret: string; otpauthUrl: string }>('/admin/api/me/totp/enrol', body ? { body } : {});
const secretOf = async (id: string) =>
  (
    await t.ctx.db
      .select()
      .from(admins)
      .where(eq(admins.id, Number(id)))
  )[0];

describe('replacing an enrolled authenticator', () => {
  let fin: SecuredAdmin;
  beforeAll(async () => {
    fin = await secureAdmin(t, 'finance');
    t.clock.advance(2 * stepMs);
  });

  it('refuses a session alone (10179, HTTP 400), or the password or a code alone, changing nothing', async () => {
    const before = await secretOf(fin.id);
    for (const body of [undefined, {}, { password: fin.password }, { otp: secondFactor(t, fin) }]) {
      const res = await enrol(fin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('10179');
    }
    const after = await secretOf(fin.id);
    expect(after?.totpSecret).toBe(before?.totpSecret);
    expect(after?.totpPendingSecret).toBe(before?.totpPendingSecret);
  });

  it('refuses a wrong password (10143) and a wrong or spent code (10179), each an audit row', async () => {
    t.clock.advance(stepMs);
    const wrongPassword = await enrol(fin.token, { password: 'not it', otp: secondFactor(t, fin) });
    expect(wrongPassword.body.code).toBe('10143');
    const wrongCode = await enrol(fin.token, { password: fin.password, otp: '000000' });
    expect(wrongCode.body.code).toBe('10179');
    // A code already used for a sign-in is spent.
    t.clock.advance(stepMs);
    const code = totpCode(fin.secret ?? '', t.clock.now());
    const signedIn = await client(t.app).post('/admin/api/login', {
      body: { userName: fin.userName, password: fin.password, otp: code },
    });
    expect(signedIn.status).toBe(200);
    expect((await enrol(fin.token, { password: fin.password, otp: code })).body.code).toBe('10179');
    const rows = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `admin:${fin.id}`), eq(auditLog.action, 'admin.totp.reenrol.fail')));
    expect(rows.map((r) => (r.after as { reason: string }).reason)).toEqual(['password', 'otp', 'otp']);
    expect((await secretOf(fin.id))?.totpPendingSecret).toBeNull();
  });

  it('replaces it with the password and a current code: the old authenticator stops, new recovery codes', async () => {
    t.clock.advance(stepMs);
    const started = await enrol(fin.token, { password: fin.password, otp: secondFactor(t, fin) });
    expect(started.status).toBe(200);
    const secret = started.body.result.secret;
    t.clock.advance(stepMs);
    const confirmed = await as(fin.token).post<{ recoveryCodes: string[] }>('/admin/api/me/totp/confirm', {
      body: { code: totpCode(secret, t.clock.now()) },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result.recoveryCodes).toHaveLength(10);
    t.clock.advance(stepMs);
    const old = await client(t.app).post('/admin/api/login', {
      body: {
        userName: fin.userName,
        password: fin.password,
        otp: totpCode(fin.secret ?? '', t.clock.now()),
      },
    });
    expect(old.body.code).toBe('10113');
    fin.secret = secret;
    fin.recoveryCodes = confirmed.body.result.recoveryCodes;
    expect((await adminSignIn(t, fin)).length).toBeGreaterThan(40);
  });

  it('takes a recovery code in place of the code (a lost phone), once', async () => {
    const [code] = fin.recoveryCodes.splice(0, 1);
    const started = await enrol(fin.token, { password: fin.password, otp: code });
    expect(started.status).toBe(200);
    expect((await enrol(fin.token, { password: fin.password, otp: code })).body.code).toBe('10179');
  });
});

describe('a first enrolment', () => {
  it('needs no proof once the password is the operator’s own', async () => {
    const support = await secureAdmin(t, 'support', { totp: false });
    expect((await enrol(support.token)).status).toBe(200);
  });

  it('waits for the generated password to be changed (10178)', async () => {
    const actor = await secureAdmin(t, 'superadmin');
    const created = await createStaff(
      t.ctx,
      { id: Number(actor.id), userName: actor.userName, role: 'superadmin' },
      {
        userName: 'fresh_colleague',
        role: 'finance',
      },
    );
    const login = await client(t.app).post<{ token: string }>('/admin/api/login', {
      body: { userName: 'fresh_colleague', password: created.password },
    });
    const token = login.body.result.token;
    const res = await enrol(token);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('10178');
    expect((await secretOf(created.staff.id))?.totpPendingSecret).toBeNull();
    const changed = await as(token).post('/admin/api/me/password', {
      body: { oldPassword: created.password, password: 'a colleague’s own password 7' },
    });
    expect(changed.status).toBe(200);
    expect((await enrol(token)).status).toBe(200);
  });
});
