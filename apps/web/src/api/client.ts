// The one HTTP client of the app (spec.md §7, CONTRACT.md): base /api, 90 s timeout, session and book
// headers, the {code, message, result} envelope, and the 401 / disabled-user sign-out.
import { codes, userStatuses, type UserInfo } from '@tradewind/contract';
import { session } from '../app/session.ts';
import { currentLocale, i18n } from '../i18n/i18n.ts';

export const apiBase = '/api';
export const requestTimeoutMs = 90_000;

/** A failed call: a catalogue code and the server's message, already in the user's language. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    /** Per-field messages of a validation failure (HTTP 400). */
    readonly fields: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Client-side codes for failures that never reached the server's catalogue. */
export const clientCodes = { network: 'network', timeout: 'timeout' } as const;

type Scalar = string | number | boolean;
export type Query = Readonly<Record<string, Scalar | readonly Scalar[] | null | undefined>>;

/** Serializes a query; arrays become repeated keys (`a=1&a=2`, spec.md §7). */
export function toQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue;
    const values: readonly Scalar[] = Array.isArray(value) ? value : [value as Scalar];
    for (const v of values) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export type Answer<T> = { readonly result: T; readonly message: string };

type RequestOptions = {
  query?: Query;
  /** JSON-encoded, except FormData (multipart uploads), which goes as it is with the browser's boundary. */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers, e.g. the Idempotency-Key of a money-moving POST. */
  headers?: Readonly<Record<string, string>>;
};

let onSignedOut: () => void = () => {};

/** The app tells the client where to send the user after a forced sign-out (the router). */
export function setSignedOutHandler(handler: () => void): void {
  onSignedOut = handler;
}

/** Logout on code 401, on HTTP 401 of a call that carried a session, or a disabled user (spec.md §4). */
function forceSignOut(): void {
  session.signOut();
  onSignedOut();
}

function headersFor(hasJsonBody: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLocale() });
  const token = session.token();
  if (token) headers.set('Authorization', token);
  // CONTRACT.md: NO selects the demo book (virtualStatus 1), YES the real one.
  headers.set('virtually', session.get().isDemo ? 'NO' : 'YES');
  if (hasJsonBody) headers.set('Content-Type', 'application/json');
  return headers;
}

function isEnvelope(value: unknown): value is { code: string; message: string; result: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string' && 'result' in v;
}

function fieldsOf(result: unknown): Record<string, string> {
  if (typeof result !== 'object' || result === null) return {};
  const fields = (result as Record<string, unknown>).fields;
  if (typeof fields !== 'object' || fields === null) return {};
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) if (typeof message === 'string') out[name] = message;
  return out;
}

async function send(method: 'GET' | 'POST', path: string, options: RequestOptions): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), requestTimeoutMs);
  const outer = options.signal;
  const forward = () => timeout.abort(outer?.reason);
  outer?.addEventListener('abort', forward, { once: true });
  const { body } = options;
  const isForm = body instanceof FormData;
  const headers = headersFor(body !== undefined && !isForm);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  try {
    return await fetch(`${apiBase}${path}${toQueryString(options.query)}`, {
      method,
      headers,
      body: isForm ? body : body !== undefined ? JSON.stringify(body) : null,
      signal: timeout.signal,
    });
  } catch (error) {
    if (outer?.aborted) throw error; // the caller cancelled: not a failure to report
    if (timeout.signal.aborted) throw new ApiError(clientCodes.timeout, i18n.t('errors.timeout'), 0);
    throw new ApiError(clientCodes.network, i18n.t('errors.network'), 0);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', forward);
  }
}

export async function request<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<Answer<T>> {
  const hadSession = session.token() !== null;
  const response = await send(method, path, options);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  // A token-less call answered HTTP 401 with its own code (a failed Google login, 10035) is a plain failure.
  const code401 = isEnvelope(body) && body.code === codes.unauthenticated;
  // 10113 (HTTP 401) asks a signed-in customer for their second factor (a withdrawal, a password change): the
  // session is fine.
  const asksSecondFactor = isEnvelope(body) && body.code === codes.totpRequired;
  if (code401 || (response.status === 401 && hadSession && !asksSecondFactor)) forceSignOut();
  if (!isEnvelope(body)) {
    throw new ApiError(String(response.status || codes.unknown), i18n.t('errors.unknown'), response.status);
  }
  if (body.code !== codes.ok) {
    throw new ApiError(
      body.code,
      body.message || i18n.t('errors.unknown'),
      response.status,
      fieldsOf(body.result),
    );
  }
  return { result: body.result as T, message: body.message };
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) => request<T>('POST', path, { body, signal }),
};

/** Fetched user info of a disabled user forces a logout like a 401 (spec.md §4). */
export function assertActiveUser(info: UserInfo): void {
  if (info.status === userStatuses.disabled) {
    forceSignOut();
    throw new ApiError(codes.userStatusAbnormal, i18n.t('errors.userDisabled'), 401);
  }
}
