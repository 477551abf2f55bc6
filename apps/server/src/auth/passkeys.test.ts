// Passkeys (issue 25) against the real WebAuthn verification, with a software authenticator: adding one
// (password required), signing in without a password, a challenge used once and only for its ceremony, the
// signature counter, removing one, and one customer's credential never serving another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { SoftwareAuthenticator, type Ceremony } from '../test/software-authenticator.ts';

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await startTestApp();
  origin = new URL(t.config.publicUrl).origin;
});
afterAll(async () => t.close());

const security = '/api/swx/customer/security/passkey';
type User = Awaited<ReturnType<typeof registerUser>>;
type Options = Ceremony & { allowCredentials?: { id: string }[]; excludeCredentials?: { id: string }[] };

async function registerOptions(u: User, password = u.password) {
  return client(t.app, { token: u.token }).post<Options>(`${security}/registerOptions`, {
    body: { password },
  });
}

/** Adds a passkey held by a fresh software authenticator to `u`'s account. */
async function addPasskey(u: User, name?: string) {
  const device = new SoftwareAuthenticator(origin);
  const options = await registerOptions(u);
  expect(options.body.code).toBe('200');
  const res = await client(t.app, { token: u.token }).post<{ id: string; name: string }>(
    `${security}/register`,
    {
      body: { response: device.attest(options.body.result), ...(name ? { name } : {}) },
    },
  );
  expect(res.body.code).toBe('200');
  return { device, passkey: res.body.result };
}

const loginOptions = (userName?: string) =>
  client(t.app).post<Options>('/api/swx/customer/login/passkeyOptions', {
    body: userName ? { userName } : {},
  });
const passkeyLogin = (response: unknown) =>
  client(t.app).post<{ token: string; userInfo: { id: string } }>('/api/swx/customer/login/passkey', {
    body: { response },
  });
const list = (u: User) =>
  client(t.app, { token: u.token }).get<{ id: string; name: string; lastUsedAt: number | null }[]>(
    `${security}/list`,
  );

describe('adding a passkey', () => {
  it('needs the password: a session alone gets 10143 and no challenge', async () => {
    const u = await registerUser(t);
    const res = await registerOptions(u, 'not the password');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10143');
  });

  it('offers a discoverable, user-verified credential for PUBLIC_URL’s host and keeps it under its name', async () => {
    const u = await registerUser(t);
    const options = await registerOptions(u);
    expect(options.body.result).toMatchObject({
      rp: { id: new URL(origin).hostname },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const { device, passkey } = await addPasskey(u, 'My phone');
    expect(passkey.name).toBe('My phone');
    expect((await list(u)).body.result).toEqual([
      { id: passkey.id, name: 'My phone', createdAt: expect.any(Number), lastUsedAt: null },
    ]);
    // A second ceremony lists the one held, so the authenticator does not make it twice.
    expect((await registerOptions(u)).body.result.excludeCredentials).toEqual([
      expect.objectContaining({ id: device.id }),
    ]);
  });

  it('refuses an attestation made for another origin, and a challenge used twice', async () => {
    const u = await registerUser(t);
    const options = (await registerOptions(u)).body.result;
    const api = client(t.app, { token: u.token });
    const device = new SoftwareAuthenticator(origin);
    const phished = await api.post(`${security}/register`, {
      body: { response: device.attest(options, { origin: 'https://evil.example' }) },
    });
    expect(phished.body.code).toBe('10168');
    // The refused try spent the challenge: the same challenge, now signed right, is refused too.
    const again = await api.post(`${security}/register`, { body: { response: device.attest(options) } });
    expect(again.body.code).toBe('10168');
    expect((await list(u)).body.result).toEqual([]);
  });

  it('refuses a challenge issued to another customer or for a sign-in', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const forA = (await registerOptions(a)).body.result;
    const device = new SoftwareAuthenticator(origin);
    const res = await client(t.app, { token: b.token }).post(`${security}/register`, {
      body: { response: device.attest(forA) },
    });
    expect(res.body.code).toBe('10168');
    const signIn = (await loginOptions()).body.result;
    const res2 = await client(t.app, { token: b.token }).post(`${security}/register`, {
      body: { response: device.attest({ ...signIn, rp: { id: new URL(origin).hostname } }) },
    });
    expect(res2.body.code).toBe('10168');
  });

  it('refuses a credential another account already holds with 10169', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const { device } = await addPasskey(a);
    const options = (await registerOptions(b)).body.result;
    const res = await client(t.app, { token: b.token }).post(`${security}/register`, {
      body: { response: device.attest(options) },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10169');
    expect((await list(b)).body.result).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('answers a session like a password login, with or without a user name', async () => {
    const u = await registerUser(t);
    const { device, passkey } = await addPasskey(u);
    const named = (await loginOptions(u.userName)).body.result;
    expect(named.allowCredentials).toEqual([expect.objectContaining({ id: device.id })]);
    const res = await passkeyLogin(device.assert(named));
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.id).toBe(u.id);
    const me = await client(t.app, { token: res.body.result.token }).post(
      '/api/swx/customer/user/getUserInfo',
    );
    expect(me.status).toBe(200);
    // Discoverable: no name, the browser picks the passkey.
    const anonymous = (await loginOptions()).body.result;
    expect(anonymous.allowCredentials).toEqual([]);
    expect((await passkeyLogin(device.assert(anonymous))).body.result.userInfo.id).toBe(u.id);
    const [row] = (await list(u)).body.result;
    expect(row).toMatchObject({ id: passkey.id, lastUsedAt: t.clock.now() });
  });

  it('gives an unknown name the same empty list as no name', async () => {
    expect((await loginOptions('no_such_customer')).body.result.allowCredentials).toEqual([]);
  });

  it('refuses a replayed assertion: the challenge is used once', async () => {
    const u = await registerUser(t);
    const { device } = await addPasskey(u);
    const assertion = device.assert((await loginOptions()).body.result);
    expect((await passkeyLogin(assertion)).body.code).toBe('200');
    const replay = await passkeyLogin(assertion);
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ code: '10168', result: null });
  });

  it('refuses a challenge the server never issued, an expired one and one issued for adding a passkey', async () => {
    const u = await registerUser(t);
    const { device } = await addPasskey(u);
    expect((await passkeyLogin(device.assert({ challenge: 'bm90LWlzc3VlZA' }))).body.code).toBe('10168');
    const stale = (await loginOptions()).body.result;
    t.clock.advance(5 * 60_000 + 1);
    expect((await passkeyLogin(device.assert(stale))).body.code).toBe('10168');
    const forRegistering = (await registerOptions(u)).body.result;
    expect((await passkeyLogin(device.assert(forRegistering))).body.code).toBe('10168');
  });

  it('refuses an assertion for another origin or with a bad signature', async () => {
    const u = await registerUser(t);
    const { device } = await addPasskey(u);
    const phished = device.assert((await loginOptions()).body.result, { origin: 'https://evil.example' });
    expect((await passkeyLogin(phished)).body.code).toBe('10168');
    const forged = device.assert((await loginOptions()).body.result);
    forged.response.signature = new SoftwareAuthenticator(origin).assert({
      challenge: 'eA',
    }).response.signature;
    expect((await passkeyLogin(forged)).body.code).toBe('10168');
  });

  it('refuses a counter that does not move forward (a cloned authenticator)', async () => {
    const u = await registerUser(t);
    const { device } = await addPasskey(u);
    expect(
      (await passkeyLogin(device.assert((await loginOptions()).body.result, { counter: 5 }))).body.code,
    ).toBe('200');
    const clone = device.assert((await loginOptions()).body.result, { counter: 5 });
    expect((await passkeyLogin(clone)).body.code).toBe('10168');
    const older = device.assert((await loginOptions()).body.result, { counter: 3 });
    expect((await passkeyLogin(older)).body.code).toBe('10168');
    expect(
      (await passkeyLogin(device.assert((await loginOptions()).body.result, { counter: 6 }))).body.code,
    ).toBe('200');
  });

  it('answers a disabled customer 10005 after the passkey is verified, and no session', async () => {
    const u = await registerUser(t);
    const { device } = await addPasskey(u);
    const disabled = await client(t.app, { token: await adminToken(t) }).post(
      `/admin/api/users/${u.id}/status`,
      {
        body: { status: 2, reason: 'test: account under review' },
      },
    );
    expect(disabled.status).toBe(200);
    const res = await passkeyLogin(device.assert((await loginOptions()).body.result));
    expect(res.body).toMatchObject({ code: '10005', result: null });
  });

  it('lets one of two racing assertions of one challenge through', async () => {
    const u = await registerUser(t);
    const { device } = await addPasskey(u);
    const assertion = device.assert((await loginOptions()).body.result);
    const answers = await Promise.all([passkeyLogin(assertion), passkeyLogin(assertion)]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10168', '200']);
  });
});

describe('removing a passkey', () => {
  it('needs the password, and then the passkey signs in no more', async () => {
    const u = await registerUser(t);
    const { device, passkey } = await addPasskey(u);
    const api = client(t.app, { token: u.token });
    const wrong = await api.post(`${security}/${passkey.id}/remove`, {
      body: { password: 'not the password' },
    });
    expect(wrong.body.code).toBe('10143');
    expect((await list(u)).body.result).toHaveLength(1);
    const removed = await api.post(`${security}/${passkey.id}/remove`, { body: { password: u.password } });
    expect(removed.body.code).toBe('200');
    expect((await list(u)).body.result).toEqual([]);
    expect((await passkeyLogin(device.assert((await loginOptions()).body.result))).body.code).toBe('10168');
  });

  it('answers 10111 for another customer’s passkey and leaves it', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const { device, passkey } = await addPasskey(a);
    const res = await client(t.app, { token: b.token }).post(`${security}/${passkey.id}/remove`, {
      body: { password: b.password },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('10111');
    expect((await list(a)).body.result).toHaveLength(1);
    expect((await list(b)).body.result).toEqual([]);
    expect(
      (await passkeyLogin(device.assert((await loginOptions()).body.result))).body.result.userInfo.id,
    ).toBe(a.id);
  });
});
