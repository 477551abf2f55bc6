// Google sign-in against a real OpenID Provider on loopback (oidc-provider, test/oidc-provider.ts): each
// sign-in starts server-side (state, nonce, PKCE verifier kept by the server), the test signs in at the
// provider's own login and consent pages, and the code comes back with the state it was issued for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  otherCode,
  registerUser,
  roomyRateLimits,
  startTestApp,
  type Session,
  type TestApp,
} from '../test/harness.ts';
import { totpCode, totpPeriodMs } from '../platform/totp.ts';
import { signInAtProvider, startOidcProvider, type TestProvider } from '../test/oidc-provider.ts';

const base = '/api/swx/customer/login';
const publicUrl = 'http://localhost:3000';
const redirectUri = `${publicUrl}/api/loginCallback/google`;

let provider: TestProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider({ redirectUri });
  t = await startTestApp(
    {},
    {
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
      GOOGLE_ISSUER: provider.issuer,
    },
  );
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

async function start(app = t.app): Promise<URL> {
  const res = await client(app).post<{ authorizationUrl: string }>(`${base}/googleStart`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return new URL(res.body.result.authorizationUrl);
}

/** The return URL's code and state, after signing in at the provider as `login`. */
type Returned = { code: string; state: string; iss?: string };

/** What the return URL carries (code, state, iss) after signing in at the provider as `login`. */
async function signIn(login: string, app = t.app): Promise<Returned> {
  const back = await signInAtProvider((await start(app)).toString(), login);
  expect(back.origin + back.pathname).toBe(redirectUri);
  const { code = '', state = '', iss } = Object.fromEntries(back.searchParams);
  return { code, state, ...(iss ? { iss } : {}) };
}

type GoogleBody = Partial<Returned> & { state: string; otp?: string; deviceToken?: string };
const loginByGoogle = (body: GoogleBody, app = t.app) =>
  client(app).post<Session & { deviceToken: string }>(`${base}/loginByGoogle`, {
    body: { ...body, redirectUri },
  });

describe('Google sign-in, configured', () => {
  it('answers googleConfig enabled, and each googleStart a URL with its own state, nonce and S256 challenge', async () => {
    const config = await client(t.app).get(`${base}/googleConfig`);
    expect(config.body).toEqual({ code: '200', message: 'Success', result: { enabled: true } });
    const [one, two] = [await start(), await start()];
    for (const url of [one, two]) {
      expect(url.origin).toBe(provider.issuer);
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        client_id: provider.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        code_challenge_method: 'S256',
      });
      expect(url.searchParams.get('scope')).toContain('openid');
      expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    }
    for (const key of ['state', 'nonce', 'code_challenge']) {
      expect(one.searchParams.get(key)).not.toBe(two.searchParams.get(key));
    }
  });

  it('signs a new user up on the first sign-in, with a token that works', async () => {
    const res = await loginByGoogle(await signIn('Gina.Google@Example.com'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.userInfo).toMatchObject({ email: 'gina.google@example.com', status: 1 });
    const info = await client(t.app, { token: res.body.result.token }).post<{
      book: string;
      balance: string;
    }>('/api/swx/customer/user/getUserInfo');
    expect(info.status).toBe(200);
    expect(info.body.result).toMatchObject({ book: 'demo', balance: '100000' });
  });

  it('opens the same account on a second sign-in with the same subject', async () => {
    const first = await loginByGoogle(await signIn('hugo.google@example.com'));
    const second = await loginByGoogle(await signIn('hugo.google@example.com'));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.result.userInfo.id).toBe(first.body.result.userInfo.id);
    expect(second.body.result.token).not.toBe(first.body.result.token);
  });

  it('links a password account with the same verified e-mail instead of creating another', async () => {
    const u = await registerUser(t, 'gil_password');
    const res = await loginByGoogle(await signIn('GIL_PASSWORD@example.com'));
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.id).toBe(u.id);
  });

  it('never links on an unverified e-mail, and opens no account with one', async () => {
    const u = await registerUser(t, 'ivy_password');
    const res = await loginByGoogle(await signIn(`unverified:${u.email}`));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: '10035', message: 'Google login failed', result: null });
  });

  it('refuses a replayed return URL: the flow is claimed once', async () => {
    const back = await signIn('jade.google@example.com');
    expect((await loginByGoogle(back)).status).toBe(200);
    const again = await loginByGoogle(back);
    expect([again.status, again.body.code]).toEqual([401, '10035']);
  });

  it('refuses a code minted for another flow, even with a state this server issued', async () => {
    const mine = await signIn('kai.google@example.com');
    const other = await signIn('kai.google@example.com');
    // The other flow's code with this flow's state: the PKCE verifier of this flow does not match.
    const swapped = await loginByGoogle({ ...mine, code: other.code });
    expect([swapped.status, swapped.body.code]).toEqual([401, '10035']);
  });

  it('refuses a state this server never issued, and a forged code', async () => {
    const real = await signIn('lea.google@example.com');
    const unknown = await loginByGoogle({ ...real, state: 'not-a-state-we-sent' });
    expect([unknown.status, unknown.body.code]).toEqual([401, '10035']);
    const forged = await loginByGoogle({ ...(await signIn('lea.google@example.com')), code: 'forged-code' });
    expect([forged.status, forged.body.code]).toEqual([401, '10035']);
  });

  it('refuses a flow older than ten minutes', async () => {
    const late = await signIn('max.google@example.com');
    t.clock.advance(11 * 60_000);
    const res = await loginByGoogle(late);
    expect([res.status, res.body.code]).toEqual([401, '10035']);
  });
});

describe('Google sign-in with two-factor on', () => {
  /** A fresh code of `secret`: the clock moves a step on first, so no step is spent. */
  function nextCode(secret: string): string {
    t.clock.advance(totpPeriodMs);
    return totpCode(secret, t.clock.now());
  }

  /** A password customer with TOTP on, whose e-mail Google signs in with (linked on the first sign-in). */
  async function withTotp(name: string) {
    const u = await registerUser(t, name);
    const api = client(t.app, { token: u.token });
    const enrolled = await api.post<{ secret: string }>('/api/swx/customer/security/totp/enrol');
    const { secret } = enrolled.body.result;
    const on = await api.post('/api/swx/customer/security/totp/confirm', {
      body: { code: nextCode(secret) },
    });
    expect(on.body.code).toBe('200');
    return { ...u, secret };
  }

  const sessionsOf = async (token: string) =>
    (await client(t.app, { token }).get<unknown[]>('/api/swx/customer/security/sessions')).body.result;

  it('holds a new device at 10113 with the factors, opens no session, and signs in once with the right code', async () => {
    const u = await withTotp('tess_totp');
    const back = await signIn(u.email);
    const held = await loginByGoogle(back);
    expect(held.body).toEqual({
      code: '10113',
      message: expect.any(String),
      result: { secondFactor: ['totp'] },
    });
    expect(held.body).not.toHaveProperty('result.token');
    expect(await sessionsOf(u.token)).toHaveLength(1);

    const wrong = await loginByGoogle({ state: back.state, otp: otherCode(nextCode(u.secret)) });
    expect(wrong.body.code).toBe('10165');
    const code = nextCode(u.secret);
    const done = await loginByGoogle({ state: back.state, otp: code });
    expect(done.body.code, JSON.stringify(done.body)).toBe('200');
    expect(done.body.result.userInfo.id).toBe(u.id);
    expect(await sessionsOf(done.body.result.token)).toHaveLength(2);

    // The held flow finished once: the same state again, with any code, is a spent flow.
    const again = await loginByGoogle({ state: back.state, otp: nextCode(u.secret) });
    expect([again.status, again.body.code]).toEqual([401, '10035']);
    // The return URL itself is spent too.
    expect((await loginByGoogle(back)).body.code).toBe('10035');
  });

  it('refuses a code already used, on another held flow', async () => {
    const u = await withTotp('toby_totp');
    const first = await signIn(u.email);
    expect((await loginByGoogle(first)).body.code).toBe('10113');
    const code = nextCode(u.secret);
    expect((await loginByGoogle({ state: first.state, otp: code })).body.code).toBe('200');
    const second = await signIn(u.email);
    expect((await loginByGoogle(second)).body.code).toBe('10113');
    expect((await loginByGoogle({ state: second.state, otp: code })).body.code).toBe('10165');
  });

  it('refuses a held flow after five minutes, and a state that was never held', async () => {
    const u = await withTotp('tina_totp');
    const back = await signIn(u.email);
    expect((await loginByGoogle(back)).body.code).toBe('10113');
    t.clock.advance(5 * 60_000);
    const late = await loginByGoogle({ state: back.state, otp: totpCode(u.secret, t.clock.now()) });
    expect([late.status, late.body.code]).toEqual([401, '10035']);

    // A flow that was never exchanged holds nobody: a code cannot skip the provider.
    const url = await start();
    const skipped = await loginByGoogle({
      state: url.searchParams.get('state') ?? '',
      otp: nextCode(u.secret),
    });
    expect(skipped.body.code).toBe('10035');
    expect(await sessionsOf(u.token)).toHaveLength(1);
  });

  it('asks no code on a device this customer signed in from before', async () => {
    const u = await withTotp('troy_totp');
    const back = await signIn(u.email);
    expect((await loginByGoogle(back)).body.code).toBe('10113');
    const done = await loginByGoogle({ state: back.state, otp: nextCode(u.secret) });
    const { deviceToken } = done.body.result;
    const known = await loginByGoogle({ ...(await signIn(u.email)), deviceToken });
    expect(known.body.code, JSON.stringify(known.body)).toBe('200');
    expect(known.body.result.userInfo.id).toBe(u.id);
  });

  it("counts wrong codes in the customer's login window", async () => {
    const tight = await startTestApp(
      {
        rateLimits: {
          ...roomyRateLimits,
          login: { ...roomyRateLimits.login, account: { max: 3, windowMs: 60 * 60_000 } },
        },
      },
      {
        PUBLIC_URL: publicUrl,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
        GOOGLE_ISSUER: provider.issuer,
      },
    );
    try {
      const u = await registerUser(tight, 'tara_totp');
      const api = client(tight.app, { token: u.token });
      const { secret } = (await api.post<{ secret: string }>('/api/swx/customer/security/totp/enrol')).body
        .result;
      tight.clock.advance(totpPeriodMs);
      await api.post('/api/swx/customer/security/totp/confirm', {
        body: { code: totpCode(secret, tight.clock.now()) },
      });
      const back = await signIn(u.email, tight.app);
      const held = await loginByGoogle(back, tight.app);
      expect(held.body.code).toBe('10113');
      const wrong = otherCode(totpCode(secret, tight.clock.now()));
      const state = back.state;
      for (let i = 0; i < 3; i++)
        expect((await loginByGoogle({ state, otp: wrong }, tight.app)).body.code).toBe('10165');
      const blocked = await loginByGoogle({ state, otp: totpCode(secret, tight.clock.now()) }, tight.app);
      expect(blocked.status).toBe(429);
      // The window is the customer's, not the flow's: a new held flow of theirs is refused too.
      const next = await signIn(u.email, tight.app);
      expect((await loginByGoogle(next, tight.app)).body.code).toBe('10113');
      const nextTry = await loginByGoogle({ state: next.state, otp: wrong }, tight.app);
      expect(nextTry.status).toBe(429);
    } finally {
      await tight.close();
    }
  });
});

describe('Google sign-in, not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain.close());

  it('answers googleConfig enabled: false, and googleStart and loginByGoogle 10035', async () => {
    const res = await client(plain.app).get(`${base}/googleConfig`);
    expect(res.body).toEqual({ code: '200', message: 'Success', result: { enabled: false } });
    const started = await client(plain.app).post(`${base}/googleStart`);
    expect([started.status, started.body.code]).toEqual([401, '10035']);
    const login = await loginByGoogle({ code: 'any', state: 'any' }, plain.app);
    expect([login.status, login.body.code]).toEqual([401, '10035']);
  });
});
