// Test harness: the real app on a real database. PGlite in memory by default; with TEST_DATABASE_URL
// set, a fresh PostgreSQL database per test file, dropped afterwards.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../app.ts';
import { defaultRateLimits, loadConfig, type Config } from '../platform/config.ts';
import { openDatabase, type Database } from '../platform/db.ts';
import { manualClock } from '../platform/clock.ts';

export type TestApp = App & {
  clock: ReturnType<typeof manualClock>;
  config: Config;
  database: Database;
  dataDir: string;
  close: () => Promise<void>;
};

/** A fresh database: its URL on PostgreSQL, or undefined for in-memory PGlite. */
async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `tw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function startTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-test-'));
  const pgBase = process.env.TEST_DATABASE_URL;
  const fresh = pgBase ? await freshPostgres(pgBase) : undefined;
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env }),
    pgliteDir: 'memory://',
    databaseUrl: fresh?.url,
    rateLimits: defaultRateLimits,
    ...overrides,
  };
  const database = await openDatabase(config);
  const clock = manualClock(Date.now());
  const built = await buildApp(config, { clock, database });
  return {
    ...built,
    clock,
    config,
    database,
    dataDir,
    close: async () => {
      await built.app.close();
      await database.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest mail in the outbox whose recipient is `to`, and the 6-digit code in it. */
export async function lastCodeMailedTo(dataDir: string, to: string): Promise<{ code: string; raw: string }> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir)).sort().reverse();
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), 'utf8');
    if (!raw.toLowerCase().includes(`to: ${to.toLowerCase()}`)) continue;
    const match = /\b(\d{6})\b/.exec(raw.split(/\r?\n\r?\n/).slice(1).join('\n'));
    if (match?.[1]) return { code: match[1], raw };
  }
  throw new Error(`no code mailed to ${to}`);
}

type Json = Record<string, unknown>;
export type Answer<T = unknown> = { status: number; body: { code: string; message: string; result: T }; headers: Json };

/** A small client over app.inject that speaks the envelope. */
export function client(app: App['app'], defaults: { token?: string; lang?: string; book?: 'YES' | 'NO' } = {}) {
  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    opts: { body?: unknown; query?: Record<string, string>; token?: string; lang?: string; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> => {
    const headers: Record<string, string> = { ...opts.headers };
    const token = opts.token ?? defaults.token;
    if (token) headers.authorization = token;
    const lang = opts.lang ?? defaults.lang;
    if (lang) headers['accept-language'] = lang;
    if (defaults.book) headers.virtually = defaults.book;
    const res = await app.inject({ method, url, query: opts.query, payload: opts.body as Json | undefined, headers });
    return { status: res.statusCode, body: res.json(), headers: res.headers as Json };
  };
  return {
    get: <T = unknown>(url: string, opts?: Parameters<typeof call>[2]) => call<T>('GET', url, opts),
    post: <T = unknown>(url: string, opts?: Parameters<typeof call>[2]) => call<T>('POST', url, opts),
  };
}

let userCounter = 0;
/** Registers a user through the real sign-up flow (code mailed to the outbox) and returns its token. */
export async function registerUser(
  t: TestApp,
  name = `user${Date.now().toString(36)}${userCounter++}`,
): Promise<{ token: string; userName: string; email: string; password: string; id: string }> {
  const api = client(t.app);
  const email = `${name}@example.com`;
  const password = 'correct horse battery';
  const sent = await api.post('/api/swx/customer/login/sendCode', { body: { email, purpose: 'register' } });
  if (sent.body.code !== '200') throw new Error(`sendCode failed: ${JSON.stringify(sent.body)}`);
  const { code } = await lastCodeMailedTo(t.dataDir, email);
  const res = await api.post<{ token: string; userInfo: { id: string } }>('/api/swx/customer/login/register', {
    body: { userName: name, email, password, code },
  });
  if (res.body.code !== '200') throw new Error(`register failed: ${JSON.stringify(res.body)}`);
  return { token: res.body.result.token, userName: name, email, password, id: res.body.result.userInfo.id };
}
