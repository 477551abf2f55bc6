// Test helpers for the withdrawal suites: a funded, verified customer on the real book, finance admins,
// and the balances of the accounts a withdrawal touches. Everything goes through the real app and database.
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { balancesOf } from '../ledger/accounts.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { users } from '../users/tables.ts';
import { kycStatuses, type KycStatus } from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import type { DbOrTx } from '../platform/db.ts';
import { setParam } from '../settings/service.ts';
import { client, registerUser, secureAdmin, type TestApp } from '../test/harness.ts';

export const base = '/api/swx/customer/user';
/** The USDT contract on TRON: a real, well-formed mainnet address. */
export const trc20Address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** A fresh TRON transaction id (64 hex digits): the payout an approval of a TRC20 withdrawal records. */
export const payoutTxHash = (): string => randomBytes(32).toString('hex');

/** The body finance approves a TRC20 withdrawal with: the transaction that paid it out. */
export const payoutApproval = (): { payoutTxHash: string } => ({ payoutTxHash: payoutTxHash() });

/** What the helpers need of a running app: a test app, or one a child process built itself. */
export type Running = Pick<TestApp, 'app' | 'ctx' | 'dataDir'>;

/** A new back-office admin of `role`, secured (TOTP enrolled) and signed in; its token. */
export async function adminLogin(
  t: Running,
  role: 'finance' | 'support' | 'compliance' | 'superadmin',
): Promise<string> {
  return (await secureAdmin(t, role)).token;
}

const fundingAdmins = new WeakMap<Running, Promise<[string, string]>>();

/**
 * Credits the user's real cash through the four-eyes adjustment: one finance admin asks, another approves.
 * The pair is kept per app, and signed in again once its sessions ended (tests that move the clock by days).
 */
export async function fundReal(t: Running, userId: string, amount: string, fresh = false): Promise<void> {
  let pair = fresh ? undefined : fundingAdmins.get(t);
  if (!pair) {
    pair = Promise.all([adminLogin(t, 'finance'), adminLogin(t, 'finance')]);
    fundingAdmins.set(t, pair);
  }
  const [asker, approver] = await pair;
  const req = await client(t.app, { token: asker }).post<{ id: string }>('/admin/api/adjustments', {
    body: { userId, book: 'real', amount, reason: 'test funding' },
  });
  if (req.status === 401 && !fresh) return fundReal(t, userId, amount, true);
  if (req.body.code !== '200') throw new Error(`adjustment failed: ${JSON.stringify(req.body)}`);
  const ok = await client(t.app, { token: approver }).post(
    `/admin/api/adjustments/${req.body.result.id}/approve`,
  );
  if (ok.body.code !== '200') throw new Error(`adjustment approval failed: ${JSON.stringify(ok.body)}`);
}

/** KYC is the kyc domain's flow; withdrawals only read its outcome, so tests set it directly. */
export async function setKycStatus(db: DbOrTx, userId: string, kycStatus: KycStatus): Promise<void> {
  await db
    .update(users)
    .set({ kycStatus })
    .where(eq(users.id, Number(userId)));
}

export type Withdrawer = Awaited<ReturnType<typeof registerUser>> & {
  api: ReturnType<typeof client>;
  methodId: string;
};

/**
 * Sets `withdraw_method_cooldown_h`: suites about withdrawals themselves set 0, so a method saved in their setup
 * is usable at once; withdraw-allowlist.test.ts proves the cool-down itself.
 */
export async function setCooldownHours(t: Running, hours: number): Promise<void> {
  await setParam(t.ctx.db, 'withdraw_method_cooldown_h', String(hours), new Date());
}

/**
 * A registered, KYC-verified customer with `funds` USDT of real cash and one saved TRC20 method. Unless
 * `keepCooldown`, the app's payout-method cool-down is set to 0 first, so that method is usable at once.
 */
export async function withdrawer(
  t: Running,
  funds = '100',
  opts: { keepCooldown?: boolean } = {},
): Promise<Withdrawer> {
  if (!opts.keepCooldown) await setCooldownHours(t, 0);
  const user = await registerUser(t);
  await setKycStatus(t.ctx.db, user.id, kycStatuses.verified);
  if (funds !== '0') await fundReal(t, user.id, funds);
  const api = client(t.app, { token: user.token, book: 'YES' });
  const saved = await api.post<{ id: string }>(`${base}/withdrawalType/save`, {
    body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: user.password },
  });
  if (saved.body.code !== '200') throw new Error(`method not saved: ${JSON.stringify(saved.body)}`);
  return { ...user, api, methodId: saved.body.result.id };
}

/** The fee the quote shows for `amount` now, or undefined when the amount cannot be quoted. */
export async function quotedFee(w: Withdrawer, amount: unknown): Promise<string | undefined> {
  if (typeof amount !== 'string') return undefined;
  const quote = await w.api.get<{ fee: string }>(`${base}/withdrawalQuote`, { query: { amount } });
  return quote.body.code === '200' ? quote.body.result.fee : undefined;
}

/**
 * POST withdrawal with an Idempotency-Key (a fresh one unless given), as the app sends it: with the fee
 * of a quote fetched just before as `quotedFee`, unless the body names its own (even `undefined`). An
 * amount the quote refuses is sent with a quotedFee of 0, so that the server's own refusal answers.
 */
export async function withdraw(w: Withdrawer, body: Record<string, unknown>, key: string = randomUUID()) {
  const fee = 'quotedFee' in body ? body.quotedFee : ((await quotedFee(w, body.amount)) ?? '0');
  return w.api.post<{ id: string; amount: string; fee: string; status: string }>(`${base}/withdrawal`, {
    body: { methodId: w.methodId, password: w.password, ...body, quotedFee: fee },
    headers: { 'idempotency-key': key },
  });
}

/** The user's real-book USDT accounts as decimal strings ("0" when never used). */
export async function realBalances(t: Running, userId: string): Promise<{ cash: string; hold: string }> {
  const b = await balancesOf(t.ctx.db, Number(userId), 'real', 'USDT');
  return { cash: formatMinor(b.get('cash') ?? 0n, 6), hold: formatMinor(b.get('withdrawal_hold') ?? 0n, 6) };
}

/** A platform account of the real book, as a decimal string: the sum of its shards (ledger/accounts.ts). */
export async function platformBalance(
  t: Running,
  purpose: 'withdrawals_clearing' | 'fee_income',
): Promise<string> {
  const [row] = await t.ctx.db
    .select({ balance: sql<string>`coalesce(sum(${ledgerAccounts.balanceMinor}), 0)::text` })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, 'platform'),
        isNull(ledgerAccounts.userId),
        eq(ledgerAccounts.book, 'real'),
        eq(ledgerAccounts.asset, 'USDT'),
        eq(ledgerAccounts.purpose, purpose),
      ),
    );
  return formatMinor(BigInt(row?.balance ?? '0'), 6);
}
