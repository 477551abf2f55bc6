// Withdrawals are traceable (issue 23): finance approves a crypto withdrawal with the transaction that paid it
// out, checked per chain as a deposit's hash is; the customer's record names it; a bank card has none. Each
// refusal leaves the withdrawal pending with its hold, nothing posted and nothing audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLedger } from '../ledger/service.ts';
import { isViolationOf } from './deposit-claim.ts';
import { queryRows } from '../platform/db.ts';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import {
  adminLogin,
  base,
  payoutTxHash,
  realBalances,
  withdraw,
  withdrawer,
  type Withdrawer,
} from './withdraw-testing.ts';

let t: TestApp;
let financeA: string;
let financeB: string;
beforeAll(async () => {
  t = await startTestApp();
  [financeA, financeB] = [await adminLogin(t, 'finance'), await adminLogin(t, 'finance')];
});
afterAll(async () => t.close());

type Answer = { code: string; message: string; result: Record<string, unknown> | null };
const approve = (id: string, body: Record<string, unknown>, token = financeA, lang = 'en') =>
  client(t.app, { token, lang }).post<Answer['result']>(`/admin/api/reviews/withdrawals/${id}/approve`, {
    body,
  });
const fieldOf = (answer: { body: unknown }) =>
  ((answer.body as Answer).result as { fields?: Record<string, string> } | null)?.fields?.payoutTxHash;

/** A verified customer with 100 USDT and one saved method, who places a withdrawal of `amount` to it. */
async function placed(method: Record<string, string> | null, amount = '40') {
  const w = await withdrawer(t, '100');
  let user: Withdrawer = w;
  if (method) {
    const saved = await w.api.post<{ id: string }>(`${base}/withdrawalType/save`, {
      body: { ...method, password: w.password },
    });
    expect(saved.body.code).toBe('200');
    user = { ...w, methodId: saved.body.result.id };
  }
  const res = await withdraw(user, { amount });
  expect(res.body.code).toBe('200');
  return { w: user, id: res.body.result.id };
}

const erc20 = { type: 'usdt', network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' };
const bankCard = {
  type: 'bank',
  bankName: 'Barclays',
  holderName: 'Ada Lovelace',
  cardNumber: '4111 1111 1111 1111',
};

async function entriesOf(id: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    t.ctx.db,
    sql`select kind from journal_entries where ref = ${`withdrawal:${id}`} order by id`,
  );
  return rows.map((r) => r.kind);
}

async function auditsOf(id: string): Promise<{ action: string; after: Record<string, unknown> }[]> {
  return queryRows(
    t.ctx.db,
    sql`select action, after from audit_log where target = ${`withdrawal:${id}`} order by id`,
  );
}

/** Still pending, its hold in place, nothing settled and nothing audited. */
async function expectUntouched(w: Withdrawer, id: string) {
  const list = await w.api.get<{ list: { id: string; status: string; payoutTxHash?: string }[] }>(
    `${base}/listWithdrwal`,
  );
  const row = list.body.result.list.find((r) => r.id === id);
  expect(row?.status).toBe('pending');
  expect(row?.payoutTxHash).toBeUndefined();
  expect(await entriesOf(id)).toEqual(['withdrawal_hold']);
  expect(await auditsOf(id)).toEqual([]);
}

async function recordOf(w: Withdrawer, id: string) {
  const list = await w.api.get<{
    list: { id: string; status: string; payoutChain?: string; payoutTxHash?: string }[];
  }>(`${base}/listWithdrwal`);
  return list.body.result.list.find((r) => r.id === id);
}

describe('a crypto withdrawal is approved only with its payout transaction', () => {
  it('refuses an approval without a hash, with a field message in the operator language', async () => {
    const { w, id } = await placed(null);
    const en = await approve(id, {});
    expect(en.status).toBe(400);
    expect(fieldOf(en)).toMatch(/transaction hash of the payout/);
    const de = await approve(id, { payoutTxHash: '  ' }, financeA, 'de');
    expect(de.status).toBe(400);
    expect(fieldOf(de)).toMatch(/Transaktions-Hash der Auszahlung/);
    await expectUntouched(w, id);
  });

  it('refuses a hash that is not a TRON transaction id (0x-prefixed, too short, not hex)', async () => {
    const { w, id } = await placed(null);
    for (const bad of [`0x${payoutTxHash()}`, payoutTxHash().slice(1), `${payoutTxHash().slice(1)}g`]) {
      const res = await approve(id, { payoutTxHash: bad });
      expect(res.status).toBe(400);
      expect(fieldOf(res)).toMatch(/not a transaction hash of this network/);
    }
    await expectUntouched(w, id);
  });

  it('records a TRON hash in lower case; the customer reads it on the record, the audit row keeps it', async () => {
    const { w, id } = await placed(null);
    const hash = payoutTxHash();
    const res = await approve(id, { payoutTxHash: ` ${hash.toUpperCase()} ` });
    expect(res.body.code).toBe('200');
    expect(res.body.result).toMatchObject({ status: 'approved', payoutChain: 'tron', payoutTxHash: hash });
    expect(await recordOf(w, id)).toMatchObject({ payoutChain: 'tron', payoutTxHash: hash });
    expect(await entriesOf(id)).toEqual(['withdrawal_hold', 'withdrawal_payout']);
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: 'withdrawal.approve', after: { payoutTxHash: hash } });
  });

  it('takes an Ethereum hash with or without 0x and shows it with 0x, as Etherscan does', async () => {
    const hash = payoutTxHash();
    const first = await placed(erc20);
    expect((await approve(first.id, { payoutTxHash: hash })).body.code).toBe('200');
    expect(await recordOf(first.w, first.id)).toMatchObject({
      payoutChain: 'ethereum',
      payoutTxHash: `0x${hash}`,
    });
    const other = payoutTxHash();
    const second = await placed(erc20);
    expect((await approve(second.id, { payoutTxHash: `0x${other}` })).body.code).toBe('200');
    expect((await recordOf(second.w, second.id))?.payoutTxHash).toBe(`0x${other}`);
  });

  it('refuses a transaction that already pays another withdrawal on its chain', async () => {
    const hash = payoutTxHash();
    const first = await placed(null);
    expect((await approve(first.id, { payoutTxHash: hash })).body.code).toBe('200');
    const second = await placed(null);
    const res = await approve(second.id, { payoutTxHash: hash.toUpperCase() });
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toMatch(/already pays another withdrawal/);
    await expectUntouched(second.w, second.id);
  });

  it('answers a replayed approval 10020 and posts nothing more, whatever hash it brings', async () => {
    const { w, id } = await placed(null);
    const hash = payoutTxHash();
    expect((await approve(id, { payoutTxHash: hash })).body.code).toBe('200');
    const again = await approve(id, { payoutTxHash: payoutTxHash() });
    expect(again.body.code).toBe('10020');
    expect(await entriesOf(id)).toEqual(['withdrawal_hold', 'withdrawal_payout']);
    expect((await recordOf(w, id))?.payoutTxHash).toBe(hash);
    expect(await auditsOf(id)).toHaveLength(1);
  });

  it('two admins approving one withdrawal at once post it once, and the winner’s hash is recorded', async () => {
    const { w, id } = await placed(null);
    const hashes = [payoutTxHash(), payoutTxHash()];
    const answers = await Promise.all([
      approve(id, { payoutTxHash: hashes[0] }, financeA),
      approve(id, { payoutTxHash: hashes[1] }, financeB),
    ]);
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10020', '200']);
    const winner = answers.findIndex((a) => a.body.code === '200');
    expect((await recordOf(w, id))?.payoutTxHash).toBe(hashes[winner]);
    expect(await entriesOf(id)).toEqual(['withdrawal_hold', 'withdrawal_payout']);
    expect(await realBalances(t, w.id)).toEqual({ cash: '60', hold: '0' });
  });

  it('two withdrawals approved at once with one hash: one stands, the other stays pending with its hold', async () => {
    const [a, b] = [await placed(null), await placed(null)];
    const hash = payoutTxHash();
    const answers = await Promise.all([
      approve(a.id, { payoutTxHash: hash }, financeA),
      approve(b.id, { payoutTxHash: hash }, financeB),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
    const loser = answers[0]?.status === 400 ? a : b;
    expect(fieldOf(answers[0]?.status === 400 ? answers[0] : (answers[1] ?? { body: null }))).toMatch(
      /already pays another withdrawal/,
    );
    await expectUntouched(loser.w, loser.id);
    expect(await realBalances(t, loser.w.id)).toEqual({ cash: '60', hold: '40' });
  });
});

describe('a bank-card withdrawal has no transaction hash', () => {
  it('is approved without one and refuses one sent with it', async () => {
    const { w, id } = await placed(bankCard);
    const withHash = await approve(id, { payoutTxHash: payoutTxHash() });
    expect(withHash.status).toBe(400);
    expect(fieldOf(withHash)).toMatch(/bank-card payout has no transaction hash/);
    await expectUntouched(w, id);
    const res = await approve(id, { note: 'paid by bank transfer' });
    expect(res.body.code).toBe('200');
    const record = await recordOf(w, id);
    expect(record?.status).toBe('approved');
    expect(record?.payoutTxHash).toBeUndefined();
    expect(record?.payoutChain).toBeUndefined();
  });
});

it('leaves the ledger balanced after every approval and refusal above', async () => {
  expect(await auditLedger(t.ctx.db)).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
});

/** The database's refusal by `constraint`, wherever in the error's cause chain the driver put it. */
async function refusedBy(query: Promise<unknown>, constraint: string): Promise<boolean> {
  return query.then(
    () => false,
    (err: unknown) => isViolationOf(err, constraint),
  );
}

it('the database refuses a payout hash on a pending withdrawal, or one not spelled as stored', async () => {
  const { id } = await placed(null);
  const set = (status: string, hash: string) =>
    t.ctx.db.execute(
      sql`update withdrawals set status = ${status}, reviewed_at = ${status === 'pending' ? null : new Date()},
          payout_chain = 'tron', payout_tx_hash = ${hash} where id = ${Number(id)}`,
    );
  expect(await refusedBy(set('pending', payoutTxHash()), 'withdrawals_payout_tx')).toBe(true);
  expect(await refusedBy(set('approved', `0x${payoutTxHash()}`), 'withdrawals_payout_tx')).toBe(true);
  expect(await refusedBy(set('approved', payoutTxHash().toUpperCase()), 'withdrawals_payout_tx')).toBe(true);
});
