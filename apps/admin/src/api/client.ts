// The back office's one HTTP client: base /admin/api, the admin token, Accept-Language (server messages come
// back in the operator's language), the {code, message, result} envelope, and sign-out on any 401.
import { codes } from '@tradewind/contract';
import { session } from '../app/session.ts';
import { currentLocale } from '../i18n/i18n.ts';

export const apiBase = '/admin/api';
const requestTimeoutMs = 30_000;

/** A failed call: the catalogue code and the server's (already localized) message. */
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

/** Failures that never reached the server's catalogue; the UI words them itself. */
export const clientCodes = { network: 'network', badAnswer: 'badAnswer' } as const;

export type Query = Readonly<Record<string, string | number | undefined>>;
export type Answer<T> = { result: T; message: string };

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function headers(hasBody: boolean, extra: Readonly<Record<string, string>> = {}): Headers {
  const h = new Headers({ ...extra, Accept: 'application/json', 'Accept-Language': currentLocale() });
  const token = session.token();
  if (token) h.set('Authorization', token);
  if (hasBody) h.set('Content-Type', 'application/json');
  return h;
}

function fieldsOf(result: unknown): Record<string, string> {
  const fields =
    typeof result === 'object' && result !== null ? (result as { fields?: unknown }).fields : null;
  if (typeof fields !== 'object' || fields === null) return {};
  return Object.fromEntries(
    Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}

function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(requestTimeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

async function send(
  path: string,
  init: RequestInit,
  callerSignal: AbortSignal | undefined,
): Promise<Response> {
  try {
    return await fetch(`${apiBase}${path}`, init);
  } catch (error) {
    // A call its caller cancelled stays an abort (TanStack Query expects it); a timeout or a dead network
    // is reported as unreachable.
    if (callerSignal?.aborted) throw error;
    throw new ApiError(clientCodes.network, '', 0);
  }
}

/**
 * A 401 means the admin session is gone (expired, idle, revoked): back to the login screen; but a 401 with
 * 10113 is only a wrong one-time code. A 10114 means the account must be secured first (password, TOTP).
 */
function checkSession(response: Response, code?: string): void {
  if (!session.token()) return;
  if (code === codes.secureAccountFirst) session.demandSecuring();
  else if (code === codes.unauthenticated || (response.status === 401 && code !== codes.totpRequired))
    session.expire();
}

export async function call<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: {
    query?: Query;
    body?: unknown;
    signal?: AbortSignal;
    /** Request headers of the call itself, e.g. the Idempotency-Key of a money-moving POST. */
    headers?: Readonly<Record<string, string>>;
  } = {},
): Promise<Answer<T>> {
  const hasBody = options.body !== undefined;
  const response = await send(
    `${path}${queryString(options.query)}`,
    {
      method,
      headers: headers(hasBody, options.headers),
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: withTimeout(options.signal),
    },
    options.signal,
  );
  const envelope: unknown = await response.json().catch(() => null);
  if (
    typeof envelope !== 'object' ||
    envelope === null ||
    !('code' in envelope) ||
    !('message' in envelope)
  ) {
    checkSession(response);
    throw new ApiError(clientCodes.badAnswer, '', response.status);
  }
  const { code, message, result } = envelope as { code: unknown; message: unknown; result?: unknown };
  checkSession(response, String(code));
  if (code !== codes.ok || !response.ok) {
    throw new ApiError(String(code), String(message), response.status, fieldsOf(result));
  }
  return { result: result as T, message: String(message) };
}

/** Evidence files (deposit proofs, KYC photos) need the admin token, so they are fetched, never linked. */
export function isUploadUrl(value: string): boolean {
  return value.startsWith(`${apiBase}/uploads/`) && !value.includes('..');
}

/** A signed loan agreement, served to finance and compliance with the token (server loans/routes.ts). */
export function isAgreementUrl(value: string): boolean {
  return /^\/admin\/api\/loans\/\d+\/agreement$/.test(value);
}

export async function fetchUpload(url: string, signal: AbortSignal): Promise<Blob> {
  if (!isUploadUrl(url) && !isAgreementUrl(url)) throw new Error(`not an upload URL: ${url}`);
  const response = await fetch(url, { headers: headers(false), signal: withTimeout(signal) });
  checkSession(response);
  if (!response.ok) throw new ApiError(String(response.status), '', response.status);
  return response.blob();
}
