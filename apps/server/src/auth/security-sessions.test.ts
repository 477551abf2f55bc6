// The security page's sessions (list, sign out one, all others), device recognition with the new-device
// e-mail and its one-time sign-out link, and the anti-phishing phrase in every e-mail (issue 25).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecuritySession } from '@tradewind/contract';
import { client, mailedCode, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { outboxMailsTo } from '../test/mime.ts';
import { isKnownDevice } from './devices.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const windows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const security = '/api/swx/customer/security';
const newDeviceSubject = 'New sign-in to your account — was this you?';

type SignedIn = { token: string; deviceToken?: string };

/** A password sign-in from `ip` with `userAgent`, sending `deviceToken` when given. */
async function signIn(
  u: { userName: string; password: string },
  opts: { ip?: string; userAgent?: string; deviceToken?: string } = {},
): Promise<SignedIn> {
  const res = await client(t.app).post<SignedIn>('/api/swx/customer/login/login', {
    body: {
      userName: u.userName,
      password: u.password,
      ...(opts.deviceToken ? { deviceToken: opts.deviceToken } : {}),
    },
    ...(opts.ip ? { ip: opts.ip } : {}),
    headers: opts.userAgent ? { 'user-agent': opts.userAgent } : {},
  });
  expect(res.body.code).toBe('200');
  return res.body.result;
}

const listSessions = async (token: string) =>
  (await client(t.app, { token }).get<SecuritySession[]>(`${security}/sessions`)).body.result;
const userInfoStatus = async (token: string) =>
  (await client(t.app, { token }).post('/api/swx/customer/user/getUserInfo')).status;
const newDeviceMails = async (email: string) =>
  (await outboxMailsTo(t.dataDir, email)).filter((m) => m.subject === newDeviceSubject);

describe('the session list', () => {
  it('lists the active sessions with device, browser, IP and times, marking the current one', async () => {
    const u = await registerUser(t, 'sess_list');
    t.clock.advance(5 * 60_000);
    const phone = await signIn(u, { ip: '203.0.113.7', userAgent: iphone });
    const list = await listSessions(u.token);
    expect(list).toHaveLength(2);
    const [newest, first] = list;
    expect(newest).toMatchObject({
      current: false,
      device: 'iPhone · iOS 17.1',
      browser: 'Safari 17',
      ip: '203.0.113.7',
    });
    expect(newest?.createdAt).toBe(t.clock.now());
    expect(first).toMatchObject({ current: true, ip: '127.0.0.1' });
    expect(first?.createdAt).toBeLessThan(newest?.createdAt ?? 0);
    // Seen from the other side, the other one is current.
    const fromPhone = await listSessions(phone.token);
    expect(fromPhone.find((s) => s.current)?.id).toBe(newest?.id);
  });

  it('leaves out sessions signed out, idle too long or past their end', async () => {
    const u = await registerUser(t, 'sess_active');
    const other = await signIn(u);
    await client(t.app, { token: other.token }).post('/api/swx/customer/login/logout');
    expect(await listSessions(u.token)).toHaveLength(1);
    const idle = await signIn(u);
    t.clock.advance(13 * 24 * 60 * 60_000);
    expect((await listSessions(u.token)).map((s) => s.current)).toEqual([true, false]);
    t.clock.advance(2 * 24 * 60 * 60_000);
    expect(await listSessions(u.token)).toHaveLength(1);
    expect(await userInfoStatus(idle.token)).toBe(401);
  });

  it('answers 401 without a session', async () => {
    expect((await client(t.app).get(`${security}/sessions`)).status).toBe(401);
  });
});

describe('signing sessions out', () => {
  it('signs one own session out: it is 401 at once, the others go on', async () => {
    const u = await registerUser(t, 'sess_revoke');
    const other = await signIn(u, { userAgent: windows });
    const target = (await listSessions(u.token)).find((s) => !s.current);
    const res = await client(t.app, { token: u.token }).post(`${security}/sessions/${target?.id}/revoke`);
    expect(res.body.code).toBe('200');
    expect(await userInfoStatus(other.token)).toBe(401);
    expect(await userInfoStatus(u.token)).toBe(200);
    expect(await listSessions(u.token)).toHaveLength(1);
  });

  it("refuses another customer's session id with 10111 and leaves it signed in", async () => {
    const owner = await registerUser(t, 'sess_owner');
    const intruder = await registerUser(t, 'sess_intruder');
    const [ownerSession] = await listSessions(owner.token);
    const res = await client(t.app, { token: intruder.token }).post(
      `${security}/sessions/${ownerSession?.id}/revoke`,
    );
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('10111');
    expect(await userInfoStatus(owner.token)).toBe(200);
    const unknown = await client(t.app, { token: intruder.token }).post(
      `${security}/sessions/999999999/revoke`,
    );
    expect(unknown.body.code).toBe('10111');
  });

  it('signs every other session out and keeps the current one', async () => {
    const u = await registerUser(t, 'sess_others');
    const a = await signIn(u);
    const b = await signIn(u, { userAgent: iphone });
    const stranger = await registerUser(t, 'sess_stranger');
    const res = await client(t.app, { token: a.token }).post(`${security}/sessions/revokeOthers`);
    expect(res.body.code).toBe('200');
    expect(await userInfoStatus(a.token)).toBe(200);
    expect(await userInfoStatus(b.token)).toBe(401);
    expect(await userInfoStatus(u.token)).toBe(401);
    expect(await userInfoStatus(stranger.token)).toBe(200);
    expect((await listSessions(a.token)).map((s) => s.current)).toEqual([true]);
  });
});

describe('devices', () => {
  it('are minted at sign-up and known on the next sign-in that sends the token back', async () => {
    const api = client(t.app);
    const email = 'dev_known@example.com';
    const code = await mailedCode(t, email, 'register');
    const reg = await api.post<{ token: string; deviceToken: string; userInfo: { id: string } }>(
      '/api/swx/customer/login/register',
      { body: { userName: 'dev_known', email, password: 'correct horse battery', code } },
    );
    const { deviceToken, userInfo } = reg.body.result;
    expect(deviceToken).toMatch(/^[\w-]{43}$/);
    const u = { userName: 'dev_known', password: 'correct horse battery' };
    expect(await isKnownDevice(t.ctx.db, Number(userInfo.id), deviceToken)).toBe(true);
    const again = await signIn(u, { deviceToken });
    expect(again.deviceToken).toBe(deviceToken);
    // Sign-up and a known device mail nothing.
    expect(await newDeviceMails(email)).toHaveLength(0);
  });

  it("counts no token, an unknown one or another customer's as a new device", async () => {
    const a = await registerUser(t, 'dev_a');
    const b = await registerUser(t, 'dev_b');
    const fromA = await signIn(a);
    const fromB = await signIn(b, { deviceToken: fromA.deviceToken });
    expect(fromB.deviceToken).not.toBe(fromA.deviceToken);
    expect(await isKnownDevice(t.ctx.db, Number(b.id), fromA.deviceToken)).toBe(false);
    expect(await isKnownDevice(t.ctx.db, Number(a.id), fromA.deviceToken)).toBe(true);
    expect(await isKnownDevice(t.ctx.db, Number(a.id), 'not-a-token')).toBe(false);
    expect(await isKnownDevice(t.ctx.db, Number(a.id), undefined)).toBe(false);
    expect(await newDeviceMails(b.email)).toHaveLength(1);
  });
});

describe('the new-device e-mail', () => {
  it('names the device, IP and time, and its link signs that session out once', async () => {
    const u = await registerUser(t, 'mail_newdev');
    const phone = await signIn(u, { ip: '198.51.100.23', userAgent: iphone });
    const [mail, ...more] = await newDeviceMails(u.email);
    expect(more).toHaveLength(0);
    expect(mail?.body).toContain('Device: Safari 17 · iPhone · iOS 17.1');
    expect(mail?.body).toContain('IP address: 198.51.100.23');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
    expect(mail?.body).toContain(`Time: ${when.format(t.clock.now())} UTC`);
    const link = /(https?:\/\/\S+\/security\/revoke\?token=([\w%-]+))/.exec(mail?.body ?? '');
    expect(link?.[1]).toContain(`${t.config.publicUrl}/security/revoke?token=`);
    const token = decodeURIComponent(link?.[2] ?? '');

    const use = () => client(t.app).post(`${security}/signOutLink`, { body: { token } });
    expect((await use()).body.code).toBe('200');
    expect(await userInfoStatus(phone.token)).toBe(401);
    expect(await userInfoStatus(u.token)).toBe(200);
    // Used twice: refused, and the customer's other sessions are untouched.
    const second = await use();
    expect(second.status).toBe(404);
    expect(second.body.code).toBe('10175');
    expect(await userInfoStatus(u.token)).toBe(200);
    expect((await client(t.app).post(`${security}/signOutLink`, { body: { token: 'x' } })).body.code).toBe(
      '10175',
    );
  });

  it('signs out once when its link is used twice at the same moment', async () => {
    const u = await registerUser(t, 'mail_race');
    const phone = await signIn(u, { userAgent: iphone });
    const [mail] = await newDeviceMails(u.email);
    const token = decodeURIComponent(/revoke\?token=([\w%-]+)/.exec(mail?.body ?? '')?.[1] ?? '');
    const answers = await Promise.all(
      [1, 2].map(() => client(t.app).post(`${security}/signOutLink`, { body: { token } })),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10175', '200']);
    expect(await userInfoStatus(phone.token)).toBe(401);
  });

  it('is not sent for a known device', async () => {
    const u = await registerUser(t, 'mail_known');
    const first = await signIn(u);
    expect(await newDeviceMails(u.email)).toHaveLength(1);
    await signIn(u, { deviceToken: first.deviceToken });
    await signIn(u, { deviceToken: first.deviceToken, userAgent: windows });
    expect(await newDeviceMails(u.email)).toHaveLength(1);
  });

  it("comes in the customer's language", async () => {
    const email = 'mail_de@example.com';
    const code = await mailedCode(t, email, 'register');
    await client(t.app, { lang: 'de' }).post('/api/swx/customer/login/register', {
      body: { userName: 'mail_de', email, password: 'correct horse battery', code },
    });
    await signIn({ userName: 'mail_de', password: 'correct horse battery' });
    const [mail] = (await outboxMailsTo(t.dataDir, email)).filter((m) =>
      m.subject.startsWith('Neue Anmeldung'),
    );
    expect(mail?.subject).toBe('Neue Anmeldung bei Ihrem Konto – waren Sie das?');
    expect(mail?.body).toContain('IP-Adresse: 127.0.0.1');
  });
});

describe('the anti-phishing phrase', () => {
  const setPhrase = (token: string, phrase: unknown) =>
    client(t.app, { token }).post(`${security}/antiPhishing`, { body: { phrase } });

  it('is 4 to 32 characters once trimmed, refused at its field otherwise', async () => {
    const u = await registerUser(t, 'phish_len');
    for (const phrase of ['abc', '   abc   ', 'x'.repeat(33), '']) {
      const res = await setPhrase(u.token, phrase);
      expect(res.status).toBe(400);
      expect(res.body.result).toHaveProperty('fields.phrase');
    }
    expect((await setPhrase(u.token, '  blue heron  ')).body.code).toBe('200');
    const read = await client(t.app, { token: u.token }).get<{ phrase: string }>(`${security}/antiPhishing`);
    expect(read.body.result).toEqual({ phrase: 'blue heron' });
    expect((await setPhrase(u.token, 'x'.repeat(32))).body.code).toBe('200');
  });

  it('stands at the top of a verification-code e-mail and of the new-device e-mail', async () => {
    const u = await registerUser(t, 'phish_mail');
    const [signUp] = await outboxMailsTo(t.dataDir, u.email);
    expect(signUp?.body).not.toContain('anti-phishing');
    await setPhrase(u.token, 'blue heron 42');

    await mailedCode(t, u.email, 'reset');
    const reset = (await outboxMailsTo(t.dataDir, u.email)).at(-1);
    expect(reset?.subject).toMatch(/password reset code/);
    expect(reset?.body.startsWith('Your anti-phishing code: blue heron 42\n\n')).toBe(true);

    await signIn(u, { userAgent: windows });
    const [newDevice] = await newDeviceMails(u.email);
    expect(newDevice?.body.startsWith('Your anti-phishing code: blue heron 42\n\n')).toBe(true);
  });

  it("is one customer's own: another's mails do not carry it", async () => {
    const a = await registerUser(t, 'phish_own');
    const b = await registerUser(t, 'phish_other');
    await setPhrase(a.token, 'only mine');
    await signIn(b);
    const [mail] = await newDeviceMails(b.email);
    expect(mail?.body).not.toContain('only mine');
  });
});
