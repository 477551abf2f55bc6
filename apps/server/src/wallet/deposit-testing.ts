// Test helpers for the deposit suites: real receiving addresses per network, the seeded channels opened
// through the back-office API (as an operator must before deposits open), and a claim form.
import { randomBytes } from 'node:crypto';
import type { Deposit, DepositChannel, DepositChannelAdmin, DepositNetwork, Page } from '@tradewind/contract';
import { client, type TestApp } from '../test/harness.ts';
import { pngPart, postForm, type Form } from '../test/multipart.ts';

/** Well-formed mainnet addresses (the USDT contract on TRON, EIP-55 examples, a BIP 173 example). */
export const validAddresses: Record<DepositNetwork, string> = {
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  Bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  Ethereum: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
};

export const channelsAdmin = '/admin/api/deposit-channels';
export const user = '/api/swx/customer/user';

export const publicChannels = async (t: Pick<TestApp, 'app'>) =>
  (await client(t.app).get<DepositChannel[]>('/api/swx/customer/index/listDepositChannel')).body.result;

export const adminChannels = async (t: Pick<TestApp, 'app'>, token: string) =>
  (await client(t.app, { token }).get<Page<DepositChannelAdmin>>(channelsAdmin)).body.result.list;

/** The operator details a deposit channel needs before it opens (wallet/channels.ts `checkOperatorNamed`). */
export const testOperator = {
  operator_name: 'Tradewind Test Markets Ltd',
  operator_email: 'legal@tradewind.test',
};

/** Names the operator through the parameter editor, as an operator must before opening a channel. */
export async function nameOperator(t: Pick<TestApp, 'app'>, superadmin: string): Promise<void> {
  const api = client(t.app, { token: superadmin });
  for (const [key, value] of Object.entries(testOperator)) {
    const res = await api.post(`/admin/api/params/${key}`, { body: { value, reason: 'operator named' } });
    if (res.status !== 200) throw new Error(`setting ${key}: ${JSON.stringify(res.body)}`);
  }
}

/**
 * Names the operator, then gives every seeded channel a valid address and enables it, with `spreadBps` where given. On an app where
 * nothing prices BTC or ETH live (no `{ live }`) enabling their channels is refused (`enabled`): they get
 * their address and settings but stay closed, since only a live price is ever locked.
 */
export async function openSeededChannels(
  t: Pick<TestApp, 'app'>,
  superadmin: string,
  spreadBps: Partial<Record<DepositNetwork, number>> = {},
): Promise<void> {
  await nameOperator(t, superadmin);
  const api = client(t.app, { token: superadmin });
  for (const c of await adminChannels(t, superadmin)) {
    const body = {
      address: validAddresses[c.network],
      ...(spreadBps[c.network] === undefined ? {} : { spreadBps: spreadBps[c.network] }),
      reason: 'receiving wallet set up',
    };
    let res = await api.post(`${channelsAdmin}/${c.id}`, { body: { ...body, enabled: true } });
    if (res.status === 400 && c.asset !== 'USDT' && Object.keys(fieldsOf(res.body)).join() === 'enabled') {
      res = await api.post(`${channelsAdmin}/${c.id}`, { body });
    }
    if (res.status !== 200) throw new Error(`opening ${c.name}: ${JSON.stringify(res.body)}`);
  }
}

const fieldsOf = (body: unknown): Record<string, unknown> =>
  (body as { result?: { fields?: Record<string, unknown> } }).result?.fields ?? {};

export const txHash = () => randomBytes(32).toString('hex');
export const newKey = () => `key-${randomBytes(8).toString('hex')}`;

/** A claim on `channel` that quotes the rate the channel lists now (as the form does). */
export async function claimForm(channel: DepositChannel, over: Form = {}): Promise<Form> {
  return {
    channelId: channel.id,
    amount: '150',
    quotedRate: channel.rate ?? '1',
    txHash: txHash(),
    proof: await pngPart(),
    ...over,
  };
}

/** `key: null` sends no Idempotency-Key. */
export const recharge = (
  t: Pick<TestApp, 'app'>,
  token: string,
  form: Form,
  key: string | null = newKey(),
  book: 'YES' | 'NO' = 'YES',
) =>
  postForm<Deposit>(t.app, `${user}/recharge`, form, {
    token,
    book,
    ...(key ? { idempotencyKey: key } : {}),
  });
