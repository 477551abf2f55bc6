// Component tests of the back office against the real server: the app is built in-process on a fresh
// database (the server's own test harness), and the screens' fetch of /admin/api/* is answered by
// app.inject, so every list, refusal and message a test sees is the server's own. No answer is faked.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { AdminRole } from '@tradewind/contract';
import type { Config } from '../../../server/src/platform/config.ts';
import { secureAdmin, startTestApp, type TestApp } from '../../../server/src/test/harness.ts';
import { session, type AdminSession } from '../app/session.ts';

export type BackOffice = {
  t: TestApp;
  /**
   * A new admin of `role`, signed in through POST /admin/api/login and secured as the server requires
   * before anything but My account (TOTP enrolled through /me/totp, as a person would with a phone).
   */
  admin: (role: AdminRole) => Promise<AdminSession>;
  close: () => Promise<void>;
};

async function answer(t: TestApp, input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://back-office.test');
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, key) => (headers[key] = value));
  const res = await t.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url: `${url.pathname}${url.search}`,
    headers,
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
  });
}

/** `overrides`: configuration for the server (narrow limits, to see a wait). */
export async function startBackOffice(overrides: Partial<Config> = {}): Promise<BackOffice> {
  atHome();
  const t = await startTestApp(overrides);
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => answer(t, input, init);
  return {
    t,
    admin: async (role) => {
      const { token } = await secureAdmin(t, role);
      const me = await t.app.inject({
        method: 'GET',
        url: '/admin/api/me',
        headers: { authorization: token },
      });
      return { token, admin: me.json<{ result: AdminSession['admin'] }>().result };
    },
    close: async () => {
      cleanup();
      session.signOut();
      globalThis.fetch = realFetch;
      await t.close();
    },
  };
}

/** Renders a screen as main.tsx does, signed in as `as`, with no retries (a refusal shows at once). */
export function renderAs(as: AdminSession, ui: ReactNode) {
  cleanup();
  session.signIn(as);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Renders a screen with nobody signed in (the login screen), as main.tsx does. */
export function renderSignedOut(ui: ReactNode) {
  cleanup();
  session.signOut();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** Each file starts at the back office's root on a real origin, whatever an earlier file left in the window. */
function atHome() {
  const happy = (window as unknown as { happyDOM?: { setURL: (url: string) => void } }).happyDOM;
  happy?.setURL('http://localhost:3000/');
}
