// Google sign-in in the browser. The server starts each sign-in (googleStart: state, nonce and PKCE verifier
// kept server-side) and the tab remembers the state it was sent with. The return page may render or mount
// more than once (a lazy route, a discarded first render, StrictMode), so nothing is read-and-removed while
// rendering: the stored state is only compared there, and the exchange is started at most once per returned
// state, by a promise kept here and joined by every mount, which removes the stored state when it sends.
import type { SessionResult } from '@tradewind/contract';
import { api } from '../../api/client.ts';
import { withDeviceToken } from '../../api/auth.ts';

export const googleRedirectPath = '/api/loginCallback/google';
const stateKey = 'googleState';
const base = '/swx/customer/login';

/** Asks the server for this sign-in's authorization URL, remembers its state for this tab, and goes there. */
export async function startGoogleSignIn(): Promise<void> {
  const { authorizationUrl } = (await api.post<{ authorizationUrl: string }>(`${base}/googleStart`)).result;
  const state = new URL(authorizationUrl).searchParams.get('state');
  if (state) sessionStorage.setItem(stateKey, state);
  window.location.assign(authorizationUrl);
}

const exchanges = new Map<string, Promise<SessionResult>>();

/**
 * True when `returned` is the state this tab sent and has not used, or the one whose exchange this page
 * already started (a re-mount joins it). A state from elsewhere is refused (login-CSRF). Pure: reads only.
 */
export function isOwnGoogleState(returned: string | null): boolean {
  if (returned === null) return false;
  return exchanges.has(returned) || sessionStorage.getItem(stateKey) === returned;
}

/**
 * The one exchange of this return: the first call sends code and state (and the provider's `iss`) and uses
 * up the stored state, so a replayed return URL is refused by the tab as well as by the server; later calls
 * with the same state join it.
 */
export function exchangeGoogleCode(params: URLSearchParams): Promise<SessionResult> {
  const state = params.get('state') ?? '';
  const running = exchanges.get(state);
  if (running) return running;
  sessionStorage.removeItem(stateKey);
  const iss = params.get('iss');
  const exchange = api
    .post<SessionResult>(
      `${base}/loginByGoogle`,
      withDeviceToken({
        code: params.get('code') ?? '',
        state,
        ...(iss ? { iss } : {}),
        redirectUri: `${window.location.origin}${googleRedirectPath}`,
      }),
    )
    .then((answer) => answer.result);
  exchanges.set(state, exchange);
  return exchange;
}

/**
 * The second step of a sign-in the server held for the customer's second factor (10113): the same state
 * with the code; the provider's code was exchanged by the first step.
 */
export async function finishGoogleSignIn(state: string, otp: string): Promise<SessionResult> {
  const body = withDeviceToken({ state, otp, redirectUri: `${window.location.origin}${googleRedirectPath}` });
  return (await api.post<SessionResult>(`${base}/loginByGoogle`, body)).result;
}
