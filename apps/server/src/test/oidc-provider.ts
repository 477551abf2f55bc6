// A real OpenID Provider (oidc-provider) on loopback standing in for Google in tests: a confidential client,
// PKCE required, e-mail claims kept to the UserInfo endpoint as OIDC Core §5.4 has it (Google also puts them
// in the id_token), and the library's development login and consent pages, where any login name signs in.
// The login name is the subject and the e-mail; a name starting with "unverified:" has an unverified e-mail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export type TestProvider = { issuer: string; clientId: string; clientSecret: string; close(): Promise<void> };

const unverified = 'unverified:';
/** The confidential client registered at the test provider (the app is configured with these). */
export const testClient = { id: 'tradewind-test', secret: 'test-client-secret-that-is-long-enough' };

export async function startOidcProvider(options: {
  redirectUri: string;
  port?: number;
}): Promise<TestProvider> {
  const { id: clientId, secret: clientSecret } = testClient;
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: ['tradewind-test-provider-cookie-key'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        email: sub.startsWith(unverified) ? sub.slice(unverified.length) : sub,
        email_verified: !sub.startsWith(unverified),
        name: sub,
      }),
    }),
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/**
 * Signs in at the provider as a browser would — follow the authorization URL, submit the development login
 * form, then the consent form — and answers the return URL with `code` and `state`.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const request = async (url: string, body?: URLSearchParams): Promise<Response> => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body ? { body } : {}),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop++) {
    const res = await request(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.searchParams.has('code') || next.searchParams.has('error')) return next;
      url = next.toString();
      continue;
    }
    // A development interaction page: the login form (prompt=login) or the consent form (prompt=consent).
    const page = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${page.slice(0, 200)}`);
    const form = new URLSearchParams(
      page.includes('name="login"') ? { prompt: 'login', login, password: 'any' } : { prompt: 'consent' },
    );
    const posted = await request(new URL(action, url).toString(), form);
    const after = posted.headers.get('location');
    if (!after) throw new Error(`the provider did not redirect after ${form.get('prompt')}`);
    url = new URL(after, url).toString();
  }
  throw new Error('too many redirects at the provider');
}
