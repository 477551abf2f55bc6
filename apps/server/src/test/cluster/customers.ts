// The actors of the cluster suites, made as a real user makes them over HTTP: a customer signed up with the
// code the node mailed, the bootstrap admin secured as at its first sign-in, deposit channels opened by it.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { kycStatuses, type DepositChannel } from '@tradewind/contract';
import type { Database } from '../../platform/db.ts';
import { lastCodeMailedTo } from '../harness.ts';
import { call, type Answer, type Node } from './nodes.ts';

export type Customer = {
  token: string;
  id: number;
  userName: string;
  password: string;
  /** The saved USDT withdrawal method, when asked for. */
  methodId?: string;
};

/** A TRC20 address the address checks accept. */
export const trc20Address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const erc20Address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

export function expectOk(what: string, res: Answer): void {
  if (res.body.code !== '200') throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * Signs a customer up through `node`'s API with the code it mailed (no invite code). `kyc` marks the
 * identity verified in the database (what a reviewed KYC does), `withdrawalMethod` saves a USDT (TRC20)
 * address; `headers` go with every call (an `x-forwarded-for` of the customer's own behind a trusted proxy).
 */
export async function signUp(
  node: Node,
  db: Database,
  opts: { kyc?: boolean; withdrawalMethod?: boolean; headers?: Record<string, string> } = {},
): Promise<Customer> {
  const userName = `c${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const email = `${userName}@example.com`;
  const password = 'correct horse battery';
  const headers = opts.headers ?? {};
  const sent = await call(node, 'POST', '/api/swx/customer/login/sendCode', {
    headers,
    body: { email, purpose: 'register' },
  });
  expectOk('sendCode', sent);
  const { code } = await lastCodeMailedTo(node.dataDir, email);
  const res = await call<{ token: string; userInfo: { id: string } }>(
    node,
    'POST',
    '/api/swx/customer/login/register',
    { headers, body: { userName, email, password, code } },
  );
  expectOk('register', res);
  const customer: Customer = {
    token: res.body.result.token,
    id: Number(res.body.result.userInfo.id),
    userName,
    password,
  };
  if (opts.kyc)
    await db.db.execute(sql`update users set kyc_status = ${kycStatuses.verified} where id = ${customer.id}`);
  if (opts.withdrawalMethod) {
    // The payout-method cool-down is not what the cluster runs prove: their methods are usable at once.
    await db.db.execute(sql`update params set value = '0' where key = 'withdraw_method_cooldown_h'`);
    const saved = await call<{ id: string }>(node, 'POST', '/api/swx/customer/user/withdrawalType/save', {
      token: customer.token,
      book: 'YES',
      headers,
      body: { type: 'usdt', network: 'TRC20', address: trc20Address, password },
    });
    expectOk('withdrawal method', saved);
    customer.methodId = saved.body.result.id;
  }
  return customer;
}

/** The bootstrap admin secured as at a first sign-in: password changed, TOTP enrolled (codes by otpauth). */
export async function secureBootstrapAdmin(node: Node): Promise<string> {
  const password = (await readFile(path.join(node.dataDir, 'admin-password.txt'), 'utf8')).trim();
  const login = await call<{ token: string }>(node, 'POST', '/admin/api/login', {
    body: { userName: 'admin', password },
  });
  expectOk('admin login', login);
  const token = login.body.result.token;
  const changed = await call(node, 'POST', '/admin/api/me/password', {
    token,
    body: { oldPassword: password, password: 'cluster test owner passphrase' },
  });
  expectOk('admin password', changed);
  const enrol = await call<{ secret: string }>(node, 'POST', '/admin/api/me/totp/enrol', { token, body: {} });
  expectOk('totp enrol', enrol);
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(enrol.body.result.secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  const confirmed = await call(node, 'POST', '/admin/api/me/totp/confirm', {
    token,
    body: { code: totp.generate() },
  });
  expectOk('totp confirm', confirmed);
  return token;
}

/** Parameters set as an operator would, through the back office's editor. */
export async function setParams(
  node: Node,
  adminToken: string,
  values: Record<string, string>,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const res = await call(node, 'POST', `/admin/api/params/${key}`, {
      token: adminToken,
      body: { value, reason: 'cluster test set-up' },
    });
    expectOk(`set ${key}`, res);
  }
}

/**
 * Deposits open once an operator is named and gives the channels an address: every channel opened, the TRC20
 * one returned. The charity is named too: bids on the seeded auctions wait for it (10170).
 */
export async function openDepositChannels(node: Node, adminToken: string): Promise<DepositChannel> {
  await setParams(node, adminToken, {
    operator_name: 'Cluster Markets Ltd',
    operator_email: 'legal@cluster.test',
    charity_name: 'Cluster Test Children’s Fund',
  });
  const admin = await call<{ list: Array<{ id: string; network: string }> }>(
    node,
    'GET',
    '/admin/api/deposit-channels',
    { token: adminToken },
  );
  expectOk('deposit channels', admin);
  for (const c of admin.body.result.list) {
    const res = await call(node, 'POST', `/admin/api/deposit-channels/${c.id}`, {
      token: adminToken,
      body: {
        address: c.network === 'TRC20' ? trc20Address : erc20Address,
        enabled: true,
        reason: 'receiving wallet set up',
      },
    });
    if (c.network === 'TRC20') expectOk('open the TRC20 channel', res);
  }
  const channels = await call<DepositChannel[]>(node, 'GET', '/api/swx/customer/index/listDepositChannel');
  const trc20 = channels.body.result.find((c) => c.network === 'TRC20');
  if (!trc20) throw new Error('no TRC20 deposit channel');
  return trc20;
}
