// Google sign-in against a real OIDC server on loopback (oauth2-mock-server), and with none configured.
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerUser, startTestApp, type Session, type TestApp } from '../test/harness.ts';

const base = '/api/swx/customer/login';
const redirectUri = 'http://localhost:3000/api/loginCallback/google';

let oidc: OAuth2Server;
let t: TestApp;
beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  t = await startTestApp(
    {},
    { GOOGLE_CLIENT_ID: 'tradewind-test', GOOGLE_CLIENT_SECRET: 'not-so-secret', GOOGLE_ISSUER: issuerUrl() },
  );
});
afterAll(async () => {
  await t.close();
  await oidc.stop();
});

function issuerUrl(): string {
  const url = oidc.issuer.url;
  if (!url) throw new Error('mock OIDC server has no issuer URL');
  return url;
}

/**
 * The next id_token the mock signs carries these claims. The mock signs the access token first (it has a
 * `scope` claim, the id_token has none), so a plain `once` would change the wrong token.
 */
function nextIdToken(claims: { sub: string; email?: string; email_verified?: boolean }): void {
  const apply = (token: MutableToken) => {
    if ('scope' in token.payload) return;
    Object.assign(token.payload, claims);
    oidc.service.off('beforeTokenSigning', apply);
  };
  oidc.service.on('beforeTokenSigning', apply);
}

const loginByGoogle = (app = t.app) =>
  client(app).post<Session>(`${base}/loginByGoogle`, {
    body: { code: 'any-authorization-code', redirectUri },
  });

describe('Google sign-in, configured', () => {
  it('answers googleConfig enabled with an authorization URL at the mock issuer', async () => {
    const res = await client(t.app).get<{ enabled: boolean; authorizationUrl: string }>(
      `${base}/googleConfig`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.enabled).toBe(true);
    const url = new URL(res.body.result.authorizationUrl);
    expect(url.origin).toBe(new URL(issuerUrl()).origin);
    expect(url.searchParams.get('client_id')).toBe('tradewind-test');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toContain('openid');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/loginCallback/google');
  });

  it('signs a new user up on the first login, with a token that works', async () => {
    nextIdToken({ sub: 'google-sub-1', email: 'Gina.Google@Example.com', email_verified: true });
    const res = await loginByGoogle();
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo).toMatchObject({ email: 'gina.google@example.com', status: 1 });
    const info = await client(t.app, { token: res.body.result.token }).post<{
      book: string;
      balance: string;
    }>('/api/swx/customer/user/getUserInfo');
    expect(info.status).toBe(200);
    expect(info.body.result).toMatchObject({ book: 'demo', balance: '100000' });
  });

  it('finds the same user again by the subject on the second login', async () => {
    nextIdToken({ sub: 'google-sub-2', email: 'hugo.google@example.com', email_verified: true });
    const first = await loginByGoogle();
    // The email may change at Google; the subject is what identifies the account.
    nextIdToken({ sub: 'google-sub-2', email: 'hugo.renamed@example.com', email_verified: true });
    const second = await loginByGoogle();
    expect(second.status).toBe(200);
    expect(second.body.result.userInfo.id).toBe(first.body.result.userInfo.id);
    expect(second.body.result.token).not.toBe(first.body.result.token);
  });

  it('links a password account with the same verified email instead of creating another', async () => {
    const u = await registerUser(t, 'gil_password');
    nextIdToken({ sub: 'google-sub-4', email: 'GIL_PASSWORD@example.com', email_verified: true });
    const res = await loginByGoogle();
    expect(res.status).toBe(200);
    expect(res.body.result.userInfo.id).toBe(u.id);
  });

  it('answers 10035 when the email is not verified and no account has the subject', async () => {
    nextIdToken({ sub: 'google-sub-3', email: 'ivy.google@example.com', email_verified: false });
    const res = await loginByGoogle();
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: '10035', message: 'Google login failed', result: null });
  });

  it('answers 10035 when the token endpoint refuses the code', async () => {
    oidc.service.once('beforeResponse', (response) => {
      response.statusCode = 400;
      response.body = { error: 'invalid_grant' };
    });
    const res = await loginByGoogle();
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('10035');
  });
});

describe('Google sign-in, not configured', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startTestApp();
  });
  afterAll(async () => plain.close());

  it('answers googleConfig enabled: false', async () => {
    const res = await client(plain.app).get(`${base}/googleConfig`);
    expect(res.body).toEqual({
      code: '200',
      message: 'Success',
      result: { enabled: false, authorizationUrl: null },
    });
  });

  it('answers loginByGoogle with 10035', async () => {
    const res = await loginByGoogle(plain.app);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('10035');
  });
});
