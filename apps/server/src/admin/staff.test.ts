// Staff accounts (manageStaff): a colleague created with a password shown once and changed at the first
// sign-in, disabled and enabled, re-roled, reset (password, and TOTP for a lost phone), signed out
// everywhere; never on one's own account; each change one audit row with before, after and the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { StaffRow } from '@tradewind/contract';
import {
  adminSignIn,
  client,
  secureAdmin,
  secureSession,
  startTestApp,
  type SecuredAdmin,
  type TestApp,
} from '../test/harness.ts';
import { auditLog } from '../platform/audit-tables.ts';

let t: TestApp;
let boss: SecuredAdmin;
beforeAll(async () => {
  t = await startTestApp();
  boss = await secureAdmin(t, 'superadmin');
});
afterAll(async () => t.close());

const as = (token: string) => client(t.app, { token });
const staffApi = () => as(boss.token);
const loginAs = (body: Record<string, unknown>) =>
  client(t.app).post<{ token: string; admin: Record<string, unknown> }>('/admin/api/login', { body });
const auditOf = (id: string, action: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.target, `admin:${id}`), eq(auditLog.action, action)));

type Created = { staff: StaffRow; password: string };
async function create(userName: string, role: string): Promise<Created> {
  const res = await staffApi().post<Created>('/admin/api/staff', { body: { userName, role } });
  if (res.status !== 200) throw new Error(`staff not created: ${JSON.stringify(res.body)}`);
  return res.body.result;
}

/** A created colleague who has signed in, chosen a password and (for a deciding role) enrolled TOTP. */
async function onboard(userName: string, role: string): Promise<SecuredAdmin> {
  const { password } = await create(userName, role);
  const signedIn = await loginAs({ userName, password });
  return secureSession(t, signedIn.body.result.token, password, { totp: role !== 'support' });
}

describe('creating a colleague', () => {
  it('answers the account and a generated password once; the colleague must change it first', async () => {
    const res = await staffApi().post<Created>('/admin/api/staff', {
      body: { userName: 'new.finance', role: 'finance' },
    });
    expect(res.status).toBe(200);
    const { staff, password } = res.body.result;
    expect(staff).toEqual({
      id: expect.any(String),
      userName: 'new.finance',
      role: 'finance',
      status: 'enabled',
      mustChangePassword: true,
      totpEnrolled: false,
      createdAt: t.clock.now(),
      disabledAt: null,
      lastLoginAt: null,
      activeSessions: 0,
    });
    expect(password).toMatch(/^[\w-]{16}$/);
    const [row] = await auditOf(staff.id, 'staff.create');
    expect(row).toMatchObject({
      adminId: Number(boss.id),
      before: null,
      after: { userName: 'new.finance', role: 'finance', status: 'enabled', mustChangePassword: true },
    });
    // The list shows the account; the password is in no answer but the first.
    const list = await staffApi().get<{ list: StaffRow[]; total: number }>('/admin/api/staff', {
      query: { keyword: 'new.fin' },
    });
    expect(list.body.result.list).toEqual([staff]);
    expect(JSON.stringify(list.body)).not.toContain(password);
    // First sign-in: only My account until the password is changed and TOTP enrolled.
    const signedIn = await loginAs({ userName: 'new.finance', password });
    expect(signedIn.body.result.admin).toMatchObject({ mustChangePassword: true, totpRequired: true });
    const token = signedIn.body.result.token;
    expect((await as(token).get('/admin/api/reviews/deposits')).body.code).toBe('10114');
    const secured = await secureSession(t, token, password);
    expect((await as(secured.token).get('/admin/api/reviews/deposits')).status).toBe(200);
    const after = await staffApi().get<{ list: StaffRow[] }>('/admin/api/staff', {
      query: { keyword: 'new.finance' },
    });
    expect(after.body.result.list[0]).toMatchObject({
      mustChangePassword: false,
      totpEnrolled: true,
      lastLoginAt: t.clock.now(),
      activeSessions: 1,
    });
  });

  it('refuses a user name already taken (10144, HTTP 409) and one of the wrong shape (400)', async () => {
    await create('taken_name', 'support');
    const again = await staffApi().post('/admin/api/staff', {
      body: { userName: 'taken_name', role: 'finance' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ code: '10144', message: 'This user name is already taken', result: null });
    for (const userName of ['Upper', 'ab', 'has space', '1digitfirst', 'x'.repeat(33)]) {
      const res = await staffApi().post('/admin/api/staff', { body: { userName, role: 'support' } });
      expect(res.status, userName).toBe(400);
    }
    const badRole = await staffApi().post('/admin/api/staff', {
      body: { userName: 'role_less', role: 'root' },
    });
    expect(badRole.status).toBe(400);
  });

  it('is for superadmins only: a finance token is 403 on every staff route', async () => {
    const finance = await secureAdmin(t, 'finance');
    const api = as(finance.token);
    expect((await api.get('/admin/api/staff')).status).toBe(403);
    expect(
      (await api.post('/admin/api/staff', { body: { userName: 'sneaky', role: 'superadmin' } })).status,
    ).toBe(403);
    expect(
      (await api.post(`/admin/api/staff/${boss.id}/status`, { body: { status: 'disabled', reason: 'coup' } }))
        .status,
    ).toBe(403);
  });
});

describe('changing a colleague', () => {
  it('disables: every session ends, sign-in is refused; enables again: sign-in works', async () => {
    const mate = await onboard('disable_me', 'compliance');
    const second = await adminSignIn(t, mate);
    const res = await staffApi().post<StaffRow>(`/admin/api/staff/${mate.id}/status`, {
      body: { status: 'disabled', reason: 'left the company' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      status: 'disabled',
      disabledAt: t.clock.now(),
      activeSessions: 0,
    });
    for (const token of [mate.token, second]) expect((await as(token).get('/admin/api/me')).status).toBe(401);
    t.clock.advance(60_000);
    const refused = await loginAs({ userName: mate.userName, password: mate.password });
    expect(refused.body.code).toBe('10004');
    const [row] = await auditOf(mate.id, 'staff.disable');
    expect(row).toMatchObject({
      adminId: Number(boss.id),
      before: { status: 'enabled' },
      after: { status: 'disabled', sessionsRevoked: 2 },
      reason: 'left the company',
    });
    const enabled = await staffApi().post<StaffRow>(`/admin/api/staff/${mate.id}/status`, {
      body: { status: 'enabled', reason: 'came back' },
    });
    expect(enabled.body.result).toMatchObject({ status: 'enabled', disabledAt: null });
    expect((await as(await adminSignIn(t, mate)).get('/admin/api/me')).status).toBe(200);
    expect((await auditOf(mate.id, 'staff.enable'))[0]).toMatchObject({
      before: { status: 'disabled' },
      after: { status: 'enabled' },
      reason: 'came back',
    });
  });

  it('needs a reason for every change', async () => {
    const { staff } = await create('reasonless', 'support');
    const url = `/admin/api/staff/${staff.id}`;
    const answers = await Promise.all([
      staffApi().post(`${url}/status`, { body: { status: 'disabled' } }),
      staffApi().post(`${url}/status`, { body: { status: 'disabled', reason: '   ' } }),
      staffApi().post(`${url}/reset-password`, { body: {} }),
      staffApi().post(`${url}/sign-out`, { body: {} }),
      staffApi().post(`${url}/role`, { body: { role: 'finance' } }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await auditOf(staff.id, 'staff.disable')).toEqual([]);
  });

  it('resets the password: a new one shown once, the old one and every session end, change required again', async () => {
    const mate = await onboard('reset_me', 'finance');
    const res = await staffApi().post<Created>(`/admin/api/staff/${mate.id}/reset-password`, {
      body: { reason: 'forgot it' },
    });
    expect(res.status).toBe(200);
    const { staff, password } = res.body.result;
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(staff).toMatchObject({ mustChangePassword: true, totpEnrolled: true, activeSessions: 0 });
    expect((await as(mate.token).get('/admin/api/me')).status).toBe(401);
    expect((await loginAs({ userName: mate.userName, password: mate.password })).body.code).toBe('10004');
    // TOTP stays: the new password and a code sign in, to My account only until the password is changed.
    const signedIn = await adminSignIn(t, { ...mate, password });
    expect((await as(signedIn).get('/admin/api/reviews/withdrawals')).body.code).toBe('10114');
    const me = await as(signedIn).get<Record<string, unknown>>('/admin/api/me');
    expect(me.body.result).toMatchObject({ mustChangePassword: true, totpEnrolled: true });
    expect((await auditOf(mate.id, 'staff.password.reset'))[0]).toMatchObject({
      before: { mustChangePassword: false, totpEnrolled: true },
      after: { mustChangePassword: true, totpEnrolled: true, sessionsRevoked: 1 },
      reason: 'forgot it',
    });
  });

  it('resets TOTP too for a lost phone: signs in without a code, to enrol again', async () => {
    const mate = await onboard('lost_phone', 'compliance');
    const res = await staffApi().post<Created>(`/admin/api/staff/${mate.id}/reset-password`, {
      body: { reason: 'phone stolen', resetTotp: true },
    });
    expect(res.body.result.staff).toMatchObject({ mustChangePassword: true, totpEnrolled: false });
    const signedIn = await loginAs({ userName: mate.userName, password: res.body.result.password });
    expect(signedIn.status).toBe(200);
    const me = await as(signedIn.body.result.token).get<Record<string, unknown>>('/admin/api/me');
    expect(me.body.result).toMatchObject({ totpEnrolled: false, recoveryCodesLeft: 0 });
    // The old recovery codes are gone with the old authenticator.
    const again = await secureSession(t, signedIn.body.result.token, res.body.result.password);
    const old = await loginAs({
      userName: mate.userName,
      password: again.password,
      otp: mate.recoveryCodes[0],
    });
    expect(old.body.code).toBe('10113');
    expect((await auditOf(mate.id, 'staff.password.reset'))[0]).toMatchObject({
      after: { totpEnrolled: false },
      reason: 'phone stolen',
    });
  });

  it('signs a colleague out everywhere, who can sign in again', async () => {
    const mate = await onboard('sign_me_out', 'support');
    const second = await adminSignIn(t, mate);
    const sessions = await staffApi().get<Array<{ id: string; current: boolean }>>(
      `/admin/api/staff/${mate.id}/sessions`,
    );
    expect(sessions.body.result).toHaveLength(2);
    expect(sessions.body.result.every((s) => !s.current)).toBe(true);
    const res = await staffApi().post<{ staff: StaffRow; revoked: number }>(
      `/admin/api/staff/${mate.id}/sign-out`,
      { body: { reason: 'laptop left on a train' } },
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ revoked: 2, staff: { activeSessions: 0, status: 'enabled' } });
    for (const token of [mate.token, second]) expect((await as(token).get('/admin/api/me')).status).toBe(401);
    expect((await auditOf(mate.id, 'staff.sign-out'))[0]).toMatchObject({
      before: { activeSessions: 2 },
      after: { activeSessions: 0, sessionsRevoked: 2 },
      reason: 'laptop left on a train',
    });
    expect((await adminSignIn(t, mate)).length).toBeGreaterThan(40);
  });

  it('changes a role: the next call is decided by the new one', async () => {
    const mate = await onboard('promote_me', 'support');
    expect((await as(mate.token).get('/admin/api/params')).status).toBe(403);
    const res = await staffApi().post<StaffRow>(`/admin/api/staff/${mate.id}/role`, {
      body: { role: 'compliance', reason: 'moved to compliance' },
    });
    expect(res.body.result.role).toBe('compliance');
    // Compliance decides KYC: without TOTP the same session is held to My account now.
    expect((await as(mate.token).get('/admin/api/reviews/kyc')).body.code).toBe('10114');
    expect((await auditOf(mate.id, 'staff.role'))[0]).toMatchObject({
      before: { role: 'support' },
      after: { role: 'compliance' },
      reason: 'moved to compliance',
    });
  });

  it('refuses every change on one’s own account (10145) and unknown ids (404)', async () => {
    const url = `/admin/api/staff/${boss.id}`;
    const answers = await Promise.all([
      staffApi().post(`${url}/status`, { body: { status: 'disabled', reason: 'me' } }),
      staffApi().post(`${url}/reset-password`, { body: { reason: 'me' } }),
      staffApi().post(`${url}/sign-out`, { body: { reason: 'me' } }),
      staffApi().post(`${url}/role`, { body: { role: 'support', reason: 'me' } }),
    ]);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual(Array(4).fill([400, '10145']));
    expect((await as(boss.token).get('/admin/api/me')).status).toBe(200);
    const unknown = await staffApi().post('/admin/api/staff/987654/status', {
      body: { status: 'disabled', reason: 'nobody' },
    });
    expect(unknown.status).toBe(404);
    expect((await staffApi().get('/admin/api/staff/987654/sessions')).status).toBe(404);
  });

  it('keeps two superadmins from disabling each other at once into none left', async () => {
    const other = await secureAdmin(t, 'superadmin');
    const [a, b] = await Promise.all([
      as(boss.token).post(`/admin/api/staff/${other.id}/status`, {
        body: { status: 'disabled', reason: 'x' },
      }),
      as(other.token).post(`/admin/api/staff/${boss.id}/status`, {
        body: { status: 'disabled', reason: 'y' },
      }),
    ]);
    // One of them goes first; the other's session was ended with its account (401), or it was refused.
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).not.toBe(200);
  });
});
