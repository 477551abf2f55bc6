// Accounts for the browser tests, made through the APIs as a person would: customers signed up with their
// mailed code, the back office's operators (the first-start `admin`, secured once per run, and colleagues it
// adds), and the response envelope both APIs answer in.
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import type { AdminRole } from '@tradewind/contract';
import { clientIp, mailedCode, skipIntro, uniqueName } from '../web/support.ts';

export const password = 'correct horse battery';

export type Customer = { userName: string; token: string };

/** The result of a `{ code, message, result }` answer; fails the test, with the message, unless code 200. */
export async function envelope<T>(response: { json(): Promise<unknown>; status(): number }): Promise<T> {
  const body = (await response.json()) as { code: string; message: string; result: T };
  expect(body.code, `${response.status()} ${body.message}`).toBe('200');
  return body.result;
}

/** A new customer, signed up through the API with the mailed code. */
export async function signUp(request: APIRequestContext, prefix: string): Promise<Customer> {
  const userName = uniqueName(prefix);
  const email = `${userName}@example.com`;
  const headers = clientIp();
  await envelope(
    await request.post('/api/swx/customer/login/sendCode', {
      data: { email, purpose: 'register' },
      headers,
    }),
  );
  const code = await mailedCode(email);
  const { token } = await envelope<{ token: string }>(
    await request.post('/api/swx/customer/login/register', {
      data: { userName, email, password, code },
      headers,
    }),
  );
  return { userName, token };
}

/** What the customer app keeps in localStorage as `userInfo` once `customer` is signed in. */
export async function customerSession(
  request: APIRequestContext,
  customer: Customer,
): Promise<Record<string, unknown>> {
  const info = await envelope<Record<string, unknown>>(
    await request.post('/api/swx/customer/user/getUserInfo', { headers: { Authorization: customer.token } }),
  );
  return { ...info, token: customer.token };
}

/** The browser starts signed in as `customer` (demo book selected, as after any sign-up). */
export async function signInBrowser(
  page: Page,
  request: APIRequestContext,
  customer: Customer,
): Promise<void> {
  const user = await customerSession(request, customer);
  await skipIntro(page);
  await page.addInitScript(
    ({ user }) => {
      // The app's own frame only: a frame inside it (the loan agreement's PDF viewer) has no storage.
      if (window.top !== window || localStorage.getItem('isLogin')) return;
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('isLogin', 'true');
    },
    { user },
  );
}

// ---------- the back office ----------
//
// The server lets a staff token do nothing but /me/* until the account is secured (its generated password
// replaced; TOTP enrolled for finance, compliance and superadmin: 10114), asks for a TOTP code at every
// sign-in once one is enrolled (10113), accepts each 30-s step's code once per account, and allows 10 sign-in
// attempts per account in 15 minutes. So: the first-start `admin` is secured once per server run through the
// real endpoints, by whichever worker comes first (under a lock file), and what it takes to sign it in again
// is kept in DATA_DIR/admin-secured.json for the other workers; API calls share its one token. A browser
// sign-in is a new colleague each time, added by `admin` and secured through the API, so no account runs out
// of codes or attempts however many specs sign in.

const totpPeriodMs = 30_000;

/** An operator the tests can sign in: password, and for roles that need it the TOTP key and what is used. */
export type SecuredAccount = {
  userName: string;
  password: string;
  role: AdminRole;
  /** Base32 TOTP key; null for a role that signs in without one (support). */
  secret: string | null;
  recoveryCodes: string[];
  /** Recovery codes used so far (from the start of the list). */
  recoveryUsed: number;
  /** The last 30-s step whose code the server accepted: the next code must be of a later step. */
  lastStep: number | null;
  /** A session token of this operator (the server may have ended it: idle 30 min). */
  token: string | null;
};

type AdminInfo = {
  id: string;
  userName: string;
  role: AdminRole;
  mustChangePassword: boolean;
  totpEnrolled: boolean;
  totpRequired: boolean;
};

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  return dir;
}

const securedFile = () => path.join(dataDir(), 'admin-secured.json');

/** bootstrapAdmin writes the password of `admin` (superadmin) to DATA_DIR/admin-password.txt on first start. */
export async function adminPassword(): Promise<string> {
  return (await readFile(path.join(dataDir(), 'admin-password.txt'), 'utf8')).trim();
}

/** The TOTP code of `secret` in 30-s step `step`, as an authenticator app shows it. */
export function totpAt(secret: string, step: number): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: step * totpPeriodMs });
}

/**
 * How far the server's test clock is ahead of ours (GET /test/clock; 0 where the server has no test clock):
 * a spec that moves it (trade-engine.spec) may run beside one that signs in, and the server judges a TOTP
 * code by its own time, as it would an authenticator app's.
 */
async function serverClockOffsetMs(request: APIRequestContext | undefined): Promise<number> {
  if (!request) return 0;
  const response = await request.get('/test/clock');
  const json = response.ok() && (response.headers()['content-type'] ?? '').startsWith('application/json');
  return json ? ((await response.json()) as { offsetMs: number }).offsetMs : 0;
}

/**
 * The step of the next code `account` may use, and takes it: the server accepts the step before, the
 * current and the next one (clock drift), each once and in rising order. Waits when all three are used.
 * With `request`, the steps are the server's (its test clock may have been moved forward).
 */
export async function nextTotpCode(account: SecuredAccount, request?: APIRequestContext): Promise<string> {
  if (!account.secret) throw new Error(`${account.userName} has no TOTP key`);
  for (;;) {
    const now = Date.now() + (await serverClockOffsetMs(request));
    const current = Math.floor(now / totpPeriodMs);
    // The step before stays good until the current one ends: not in its last seconds.
    const earliest = now % totpPeriodMs < 20_000 ? current - 1 : current;
    const step = Math.max(earliest, (account.lastStep ?? -Infinity) + 1);
    if (step <= current + 1) {
      account.lastStep = step;
      return totpAt(account.secret, step);
    }
    await sleep((current + 1) * totpPeriodMs - now + 200);
  }
}

/** A signed-up customer (password `correct horse battery`) with TOTP key `secret`, no code used yet. */
export function customerTotpAccount(customer: Customer, secret: string): SecuredAccount {
  return {
    userName: customer.userName,
    password: 'correct horse battery',
    role: 'support',
    secret,
    recoveryCodes: [],
    recoveryUsed: 0,
    lastStep: null,
    token: customer.token,
  };
}

/** Turns TOTP on for `customer` through the API (enrol, confirm with its first code): the account to sign in as. */
export async function turnOnCustomerTotp(
  request: APIRequestContext,
  customer: Customer,
): Promise<SecuredAccount> {
  const headers = { Authorization: customer.token };
  const { secret } = await envelope<{ secret: string }>(
    await request.post('/api/swx/customer/security/totp/enrol', { headers }),
  );
  const account = customerTotpAccount(customer, secret);
  await envelope(
    await request.post('/api/swx/customer/security/totp/confirm', {
      headers,
      data: { code: await nextTotpCode(account, request) },
    }),
  );
  return account;
}

/** A recovery code of `account` not used yet, and marks it used. */
export function nextRecoveryCode(account: SecuredAccount): string {
  const code = account.recoveryCodes[account.recoveryUsed];
  if (!code) throw new Error(`${account.userName} has no recovery code left`);
  account.recoveryUsed++;
  return code;
}

/** Runs `fn` while holding DATA_DIR/<name>.lock, shared by every worker of the run. */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dataDir(), `${name}.lock`);
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      await writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A worker that died holding the lock leaves it behind: a minute is far longer than any holder takes.
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > 60_000) await rm(lock, { force: true });
      if (Date.now() > deadline) throw new Error(`${lock} held for two minutes`);
      await sleep(100);
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lock, { force: true });
  }
}

/** POST /admin/api/login, with a code when `account` has TOTP. */
async function apiSignIn(request: APIRequestContext, account: SecuredAccount): Promise<string> {
  const otp = account.secret ? await nextTotpCode(account, request) : undefined;
  const { token } = await envelope<{ token: string }>(
    await request.post('/admin/api/login', {
      data: { userName: account.userName, password: account.password, ...(otp ? { otp } : {}) },
      headers: clientIp(),
    }),
  );
  return token;
}

/**
 * Secures an account that has just been given `generatedPassword` (first start, new colleague, reset), as its
 * owner would on the "Secure your account" screens: own password, then TOTP with the 10 recovery codes.
 */
export async function secureThroughApi(
  request: APIRequestContext,
  userName: string,
  generatedPassword: string,
): Promise<SecuredAccount> {
  const signedIn = await envelope<{ token: string; admin: AdminInfo }>(
    await request.post('/admin/api/login', {
      data: { userName, password: generatedPassword },
      headers: clientIp(),
    }),
  );
  const headers = { Authorization: signedIn.token };
  const account: SecuredAccount = {
    userName,
    password: generatedPassword,
    role: signedIn.admin.role,
    secret: null,
    recoveryCodes: [],
    recoveryUsed: 0,
    lastStep: null,
    token: signedIn.token,
  };
  if (signedIn.admin.mustChangePassword) {
    const own = `${password} ${uniqueName('')}`;
    await envelope(
      await request.post('/admin/api/me/password', {
        headers,
        data: { oldPassword: generatedPassword, password: own },
      }),
    );
    account.password = own;
  }
  if (signedIn.admin.totpRequired && !signedIn.admin.totpEnrolled) {
    const { secret } = await envelope<{ secret: string }>(
      await request.post('/admin/api/me/totp/enrol', { headers, data: {} }),
    );
    account.secret = secret;
    const { recoveryCodes } = await envelope<{ recoveryCodes: string[] }>(
      await request.post('/admin/api/me/totp/confirm', {
        headers,
        data: { code: await nextTotpCode(account, request) },
      }),
    );
    account.recoveryCodes = recoveryCodes;
  }
  return account;
}

/** What later sign-ins of `admin` need, for every worker of this run (a spec that secured it itself too). */
export async function saveSecuredAdmin(account: SecuredAccount): Promise<void> {
  await writeFile(securedFile(), JSON.stringify(account), { mode: 0o600 });
}

async function readSecuredAdmin(): Promise<SecuredAccount | null> {
  const text = await readFile(securedFile(), 'utf8').catch(() => null);
  return text === null ? null : (JSON.parse(text) as SecuredAccount);
}

/**
 * The first-start `admin` (superadmin), secured, with a live token: secured here on first use in this server
 * run, later read from DATA_DIR/admin-secured.json and signed in again when its token has ended.
 */
export async function securedAdmin(request: APIRequestContext): Promise<SecuredAccount> {
  return withLock('admin-secured', async () => {
    let account = await readSecuredAdmin();
    if (!account) {
      account = await secureThroughApi(request, 'admin', await adminPassword());
      await saveSecuredAdmin(account);
    }
    const alive =
      account.token !== null &&
      (await request.get('/admin/api/me', { headers: { Authorization: account.token } })).ok();
    if (!alive) {
      account.token = await apiSignIn(request, account);
      await saveSecuredAdmin(account);
    }
    return account;
  });
}

/** The first-start admin signed in to the back office API: its request headers. */
export async function backOfficeHeaders(request: APIRequestContext): Promise<{ Authorization: string }> {
  const { token } = await securedAdmin(request);
  if (!token) throw new Error('admin has no session');
  return { Authorization: token };
}

/** A new colleague of `role`, added by `admin` and secured (own password, TOTP where the role needs it). */
export async function newColleague(request: APIRequestContext, role: AdminRole): Promise<SecuredAccount> {
  const headers = await backOfficeHeaders(request);
  // Staff user names: a lower-case letter, then 2–31 of [a-z0-9_.-].
  const userName = uniqueName(`e2e_${role}_`).toLowerCase().slice(0, 32);
  const { password: generated } = await envelope<{ password: string }>(
    await request.post('/admin/api/staff', { headers, data: { userName, role } }),
  );
  return secureThroughApi(request, userName, generated);
}

/**
 * An operator signs in to the back office at /admin in `page` through its login form: user name and
 * password, then the code from the authenticator app. The operator is a new colleague of `role` (default
 * superadmin, who may do everything), so every browser sign-in has its own account. Fields are found by
 * their autocomplete tokens, so this works in any interface language. Returns the account.
 */
export async function signInBackOffice(
  page: Page,
  options: { role?: AdminRole } = {},
): Promise<SecuredAccount> {
  const account = await newColleague(page.request, options.role ?? 'superadmin');
  await page.goto('/admin');
  const form = page.locator('form.login-card');
  await form.locator('input[autocomplete="username"]').fill(account.userName);
  await form.locator('input[autocomplete="current-password"]').fill(account.password);
  await form.locator('button[type="submit"]').click();
  if (account.secret) {
    const code = form.locator('input[autocomplete="one-time-code"]');
    await code.fill(await nextTotpCode(account, page.request));
    await form.locator('button[type="submit"]').click();
    await expect(code).toBeHidden();
  }
  await expect(page.locator('form.login-card')).toHaveCount(0);
  return account;
}
