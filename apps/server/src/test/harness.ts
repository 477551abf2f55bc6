// Test harness: the real app on a real database. PGlite in memory by default; with TEST_DATABASE_URL
// set, a fresh PostgreSQL database per test file, dropped afterwards.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import * as schema from '../schema.ts';
import { manualClock } from '../platform/clock.ts';
import { codes, type AdminMe, type AdminRole } from '@tradewind/contract';
import { createAdmin } from '../admin/service.ts';
import { totpCode } from '../platform/totp.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { migratedTemplate } from './postgres-template.ts';
import { LiveStandIn } from './live-stand-in.ts';
import { assertDatabaseTestFile } from './database-tests.ts';

export type TestApp = App & {
  clock: ReturnType<typeof manualClock>;
  /** The live stand-in pricing the codes asked for (`{ live }`), to silence it as a failed exchange. */
  live: LiveStandIn | undefined;
  config: Config;
  database: Database;
  dataDir: string;
  close: () => Promise<void>;
};

/**
 * A fresh PostgreSQL database. `migrated`: a copy of the pass's migrated template when there is one
 * (test/postgres-template.ts), else empty as every other, which the app migrates at its start.
 */
async function freshPostgres(
  baseUrl: string,
  opts: { migrated: boolean },
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tw_test_${randomBytes(6).toString('hex')}`;
  const template = opts.migrated ? await migratedTemplate(baseUrl) : undefined;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Roomy limits for the suite: one test file signs up many users from 127.0.0.1 within seconds. The limits
 * themselves are tested in auth/ratelimit.test.ts with narrow ones passed as overrides.
 */
const roomy = { ip: { max: 10_000, windowMs: 60_000 }, account: { max: 10_000, windowMs: 60_000 } };
export const roomyRateLimits: Config['rateLimits'] = {
  login: roomy,
  sendCode: roomy,
  register: roomy,
  resetPassword: roomy,
  recharge: roomy,
  supportSend: roomy,
  passwordCheck: roomy,
  availability: roomy,
  adminSignIn: { ...roomy, accountIp: roomy.account },
};

export type TestAppOptions = {
  /**
   * Codes priced live by a stand-in exchange (test/live-stand-in.ts): the real book opens, closes and
   * prices deposits only on live prices, so tests of real money ask for it. The walk prices the rest.
   */
  live?: readonly string[];
};

export async function startTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  await assertDatabaseTestFile();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const fresh = pgBase ? await freshPostgres(pgBase, { migrated: true }) : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    pgliteDir: 'memory://',
    databaseUrl: fresh?.url,
    rateLimits: roomyRateLimits,
    ...overrides,
  };
  const database = await openDatabase(
    { ...config, pgliteTemplate: fresh ? undefined : await pgliteTemplate() },
    schema,
  );
  const clock = manualClock(Date.now());
  // A start that fails (a plugin timeout on a busy machine) must not leave the database or the dir behind.
  const live = options.live ? new LiveStandIn(options.live) : undefined;
  const built = await buildApp(config, { clock, database, ...(live ? { priceSources: [live] } : {}) }).catch(
    async (err: unknown) => {
      await database.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
      throw err;
    },
  );
  return {
    ...built,
    clock,
    live,
    config,
    database,
    dataDir,
    close: async () => {
      await built.app.close();
      await database.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
      failOnHeldConnections(database);
    },
  };
}

/**
 * The held-connection guard (platform/held-connection.ts) throws where the mistake is made, and a request
 * answers 500; a background job (the engine, a leader job) may catch and retry instead, so the file fails here.
 */
function failOnHeldConnections(database: Database): void {
  const [first, ...more] = database.heldConnectionErrors ?? [];
  if (!first) return;
  throw new Error(
    `${1 + more.length} root database access(es) inside an open transaction; the first: ${first.stack}`,
  );
}

/** The newest mail in the outbox whose recipient is `to`, and the 6-digit code in it. */
export async function lastCodeMailedTo(dataDir: string, to: string): Promise<{ code: string; raw: string }> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir)).sort().reverse();
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const match = /\b(\d{6})\b/.exec(
      raw
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    );
    if (match?.[1]) return { code: match[1], raw };
  }
  throw new Error(`no code mailed to ${to}`);
}

type Json = Record<string, unknown>;
export type Answer<T = unknown> = {
  status: number;
  body: { code: string; message: string; result: T };
  headers: Json;
};

type CallOptions = {
  body?: unknown;
  query?: Record<string, string>;
  token?: string;
  lang?: string;
  book?: 'YES' | 'NO';
  /** The client's address as the server sees it (rate limits are per IP). */
  ip?: string;
  headers?: Record<string, string>;
};

/** A small client over app.inject that speaks the envelope. */
export function client(
  app: App['app'],
  defaults: { token?: string; lang?: string; book?: 'YES' | 'NO' } = {},
) {
  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts: CallOptions = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token ?? defaults.token;
    if (token) headers.authorization = token;
    const lang = opts.lang ?? defaults.lang;
    if (lang) headers['accept-language'] = lang;
    const book = opts.book ?? defaults.book;
    if (book) headers.virtually = book;
    const res = await app.inject({
      method,
      url,
      query: opts.query,
      payload: opts.body as Json | undefined,
      headers,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });
    return { status: res.statusCode, body: res.json(), headers: res.headers as Json };
  };
  return {
    get: <T = unknown>(url: string, opts?: CallOptions) => call<T>('GET', url, opts),
    post: <T = unknown>(url: string, opts?: CallOptions) => call<T>('POST', url, opts),
  };
}

let userCounter = 0;
/** Registers a user through the real sign-up flow (code mailed to the outbox) and returns its token. */
export async function registerUser(
  t: Pick<TestApp, 'app' | 'dataDir'>,
  name = `user${Date.now().toString(36)}${userCounter++}`,
): Promise<{ token: string; userName: string; email: string; password: string; id: string }> {
  const api = client(t.app);
  const email = `${name}@example.com`;
  const password = 'correct horse battery';
  const sent = await api.post('/api/swx/customer/login/sendCode', { body: { email, purpose: 'register' } });
  if (sent.body.code !== '200') throw new Error(`sendCode failed: ${JSON.stringify(sent.body)}`);
  const { code } = await lastCodeMailedTo(t.dataDir, email);
  const res = await api.post<{ token: string; userInfo: { id: string } }>(
    '/api/swx/customer/login/register',
    {
      body: { userName: name, email, password, code },
    },
  );
  if (res.body.code !== '200') throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.result.token, userName: name, email, password, id: res.body.result.userInfo.id };
}

export type Session = {
  token: string;
  userInfo: { id: string; userName: string; email: string; status: number };
};

/** Logs a customer in; the answer as it came, so tests can assert failures too. */
export function login(t: Pick<TestApp, 'app'>, userName: string, password: string, opts: CallOptions = {}) {
  return client(t.app).post<Session>('/api/swx/customer/login/login', {
    ...opts,
    body: { userName, password },
  });
}

/** Mails a code for `email` and `purpose` through sendCode and answers it, read from the outbox. */
export async function mailedCode(
  t: Pick<TestApp, 'app' | 'dataDir'>,
  email: string,
  purpose: 'register' | 'reset',
) {
  const sent = await client(t.app).post('/api/swx/customer/login/sendCode', { body: { email, purpose } });
  if (sent.body.code !== '200') throw new Error(`sendCode failed: ${JSON.stringify(sent.body)}`);
  return (await lastCodeMailedTo(t.dataDir, email)).code;
}

/** A 6-digit code that is certainly not `code`. */
export const otherCode = (code: string) => ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');

/** The bootstrap admin's password, as written on first start. */
export async function bootstrapAdminPassword(dataDir: string): Promise<string> {
  return (await readFile(path.join(dataDir, 'admin-password.txt'), 'utf8')).trim();
}

// ---- Back-office staff, signed in as the server requires (issue 13) --------------------------------------

/** A staff account signed in and secured: its own password, TOTP enrolled (when asked), its token. */
export type SecuredAdmin = {
  token: string;
  id: string;
  userName: string;
  role: AdminRole;
  password: string;
  /** The TOTP secret (base32); null when enrolment was skipped (a support account may go without). */
  secret: string | null;
  recoveryCodes: string[];
};

type AdminApp = Pick<TestApp, 'app' | 'ctx'>;

/** The 30-s TOTP steps the helpers have already spent per admin, so a second sign-in picks a fresh code. */
const spentSteps = new Map<string, number>();
const totpStepMs = 30_000;

/** The code a phone would show now for `secret` (the app's clock), or a recovery code if that step is spent. */
export function secondFactor(t: AdminApp, admin: SecuredAdmin): string {
  if (!admin.secret) throw new Error(`${admin.userName} has no TOTP`);
  const now = t.ctx.clock.now();
  const step = Math.floor(now / totpStepMs);
  const key = `${admin.id}:${admin.secret}`;
  const spent = spentSteps.get(key) ?? -1;
  // The step before and the one after are accepted too (clock drift); a spent step never is again.
  for (const candidate of [step, step + 1]) {
    if (candidate > spent) {
      spentSteps.set(key, candidate);
      return totpCode(admin.secret, candidate * totpStepMs);
    }
  }
  const code = admin.recoveryCodes.shift();
  if (!code) throw new Error(`${admin.userName}: no TOTP step nor recovery code left`);
  return code;
}

async function expectOk<T>(what: string, res: Promise<Answer<T>>): Promise<T> {
  const answer = await res;
  if (answer.body.code !== '200' && answer.body.code !== codes.done)
    throw new Error(`${what} failed: ${JSON.stringify(answer.body)}`);
  return answer.body.result;
}

/**
 * Secures the account behind `token` through My account, as a person would: the password changed when it
 * must be, TOTP enrolled (the first code computed from the secret, as a phone would) unless `totp` is false.
 */
export async function secureSession(
  t: AdminApp,
  token: string,
  password: string,
  opts: { newPassword?: string; totp?: boolean } = {},
): Promise<SecuredAdmin> {
  const api = client(t.app, { token });
  let me = await expectOk('GET /admin/api/me', api.get<AdminMe>('/admin/api/me'));
  if (me.mustChangePassword) {
    const next = opts.newPassword ?? `${password} changed`;
    me = await expectOk(
      'me/password',
      api.post<AdminMe>('/admin/api/me/password', { body: { oldPassword: password, password: next } }),
    );
    password = next;
  }
  const secured: SecuredAdmin = {
    token,
    id: me.id,
    userName: me.userName,
    role: me.role,
    password,
    secret: null,
    recoveryCodes: [],
  };
  if (opts.totp ?? true) {
    const { secret } = await expectOk(
      'me/totp/enrol',
      api.post<{ secret: string }>('/admin/api/me/totp/enrol'),
    );
    secured.secret = secret;
    const { recoveryCodes } = await expectOk(
      'me/totp/confirm',
      api.post<{ recoveryCodes: string[] }>('/admin/api/me/totp/confirm', {
        body: { code: secondFactor(t, secured) },
      }),
    );
    secured.recoveryCodes = recoveryCodes;
  }
  return secured;
}

let staffCounter = 0;
/**
 * A new admin of `role`, secured and signed in: created with a chosen password (createAdmin, no forced
 * change), signed in through POST /admin/api/login, TOTP enrolled through /me/totp (unless `totp: false`).
 */
export async function secureAdmin(
  t: AdminApp,
  role: AdminRole,
  opts: { userName?: string; totp?: boolean } = {},
): Promise<SecuredAdmin> {
  const userName = opts.userName ?? `${role}_${staffCounter++}_${randomBytes(4).toString('hex')}`;
  const password = 'staff password 1';
  await createAdmin(t.ctx, userName, password, role);
  const signedIn = await expectOk(
    `admin login of ${userName}`,
    client(t.app).post<{ token: string }>('/admin/api/login', { body: { userName, password } }),
  );
  return secureSession(t, signedIn.token, password, opts);
}

/** A fresh session of a secured admin through the sign-in (password and a code of its authenticator). */
export async function adminSignIn(t: AdminApp, admin: SecuredAdmin, opts: CallOptions = {}): Promise<string> {
  const body = {
    userName: admin.userName,
    password: admin.password,
    ...(admin.secret ? { otp: secondFactor(t, admin) } : {}),
  };
  const res = await expectOk(
    `admin login of ${admin.userName}`,
    client(t.app).post<{ token: string }>('/admin/api/login', { ...opts, body }),
  );
  return res.token;
}

/** The bootstrap `admin`'s new password once the harness has secured it. */
// Not holding the user name (`admin`): the password policy refuses that.
export const bootstrapAdminNewPassword = 'bootstrap owner passphrase 1';
const bootstrapped = new WeakMap<object, Promise<SecuredAdmin>>();

/**
 * The bootstrap `admin` (superadmin), secured once per app as at a first sign-in (the generated password
 * changed, TOTP enrolled) and signed in: its token, signed in again when the session has ended since.
 */
export async function securedBootstrapAdmin(t: AdminApp & Pick<TestApp, 'dataDir'>): Promise<SecuredAdmin> {
  let secured = bootstrapped.get(t.app);
  if (!secured) {
    secured = (async () => {
      const password = await bootstrapAdminPassword(t.dataDir);
      const signedIn = await expectOk(
        'bootstrap admin login',
        client(t.app).post<{ token: string }>('/admin/api/login', { body: { userName: 'admin', password } }),
      );
      return secureSession(t, signedIn.token, password, { newPassword: bootstrapAdminNewPassword });
    })();
    bootstrapped.set(t.app, secured);
  }
  const admin = await secured;
  const alive = await client(t.app, { token: admin.token }).get('/admin/api/me');
  if (alive.status !== 200) admin.token = await adminSignIn(t, admin);
  return admin;
}

/** The token of the bootstrap `admin` (superadmin), secured (see `securedBootstrapAdmin`). */
export async function adminToken(t: AdminApp & Pick<TestApp, 'dataDir'>): Promise<string> {
  return (await securedBootstrapAdmin(t)).token;
}

/**
 * A store that outlives one app, for restart tests: PGlite in a directory under a temp DATA_DIR, or a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. Apps built on `config` open and close it themselves.
 */
export async function durableStore(): Promise<{ config: Config; dispose: () => Promise<void> }> {
  await assertDatabaseTestFile();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-durable-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  // Empty: what a restart or a migration test starts from is its own apps' (or its SQL's) doing.
  const fresh = pgBase ? await freshPostgres(pgBase, { migrated: false }) : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    pgliteDir: path.join(dataDir, 'pglite'),
    databaseUrl: fresh?.url,
    rateLimits: roomyRateLimits,
  };
  return {
    config,
    dispose: async () => {
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
