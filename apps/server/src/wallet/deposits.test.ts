import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit, DepositChannel, DepositReviewItem, Page } from '@tradewind/contract';
import { adminToken, client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { makeImage, pngPart, postForm, type Form } from '../test/multipart.ts';
import { createAdmin } from '../admin/service.ts';
import { auditLedger } from '../ledger/service.ts';
import { uploadsDir } from '../platform/uploads.ts';
import { deposits } from './deposits-tables.ts';
import { payAmountMinor } from './deposits.ts';

let t: TestApp;
let channels: DepositChannel[];
let superadmin: string;
let finance: string;
beforeAll(async () => {
  t = await startTestApp();
  channels = (await client(t.app).get<DepositChannel[]>('/api/swx/customer/index/listDepositChannel')).body
    .result;
  superadmin = await adminToken(t);
  finance = await staff('dep_finance', 'finance');
});
afterAll(async () => t.close());

const user = '/api/swx/customer/user';
const reviews = '/admin/api/reviews/deposits';

async function staff(name: string, role: 'support' | 'finance' | 'compliance' | 'superadmin') {
  await createAdmin(t.ctx, name, 'admin password 1', role);
  const res = await client(t.app).post<{ token: string }>('/admin/api/login', {
    body: { userName: name, password: 'admin password 1' },
  });
  return res.body.result.token;
}

const channel = (asset: string, network: string) => {
  const found = channels.find((c) => c.asset === asset && c.network === network);
  if (!found) throw new Error(`no ${asset} ${network} channel`);
  return found;
};
const txHash = () => randomBytes(32).toString('hex');
const newKey = () => `key-${randomBytes(8).toString('hex')}`;

async function form(over: Form = {}): Promise<Form> {
  return {
    channelId: channel('USDT', 'TRC20').id,
    amount: '150',
    txHash: txHash(),
    proof: await pngPart(),
    ...over,
  };
}

/** `key: null` sends no Idempotency-Key. */
const recharge = (token: string, f: Form, key: string | null = newKey(), book: 'YES' | 'NO' = 'YES') =>
  postForm<Deposit>(t.app, `${user}/recharge`, f, { token, book, ...(key ? { idempotencyKey: key } : {}) });

const balance = async (token: string) =>
  (await client(t.app, { token, book: 'YES' }).post<{ balance: string }>(`${user}/getUserInfo`)).body.result
    .balance;

// The approve route reads a JSON body ({note?}); an empty one is sent when there is no note.
const decide = (token: string, id: string, action: 'approve' | 'reject', body: unknown = {}) =>
  client(t.app, { token }).post<DepositReviewItem>(`${reviews}/${id}/${action}`, { body });

describe('deposit channels', () => {
  it('lists the seeded channels to anyone, with minimums in coin and rates in USDT', () => {
    expect(channels.map((c) => [c.asset, c.network, c.minAmount, c.rate])).toEqual([
      ['USDT', 'TRC20', '120', '1'],
      ['USDT', 'ERC20', '120', '1'],
      ['BTC', 'Bitcoin', '0.015', '65000'],
      ['ETH', 'Ethereum', '0.2', '3000'],
    ]);
    expect(channels.every((c) => c.address.startsWith('CONFIGURE-IN-BACK-OFFICE'))).toBe(true);
  });
});

describe('recharge', () => {
  it('records a pending claim with the locked rate and coin amount, and posts nothing', async () => {
    const u = await registerUser(t);
    const btc = channel('BTC', 'Bitcoin');
    const res = await recharge(u.token, await form({ channelId: btc.id, amount: '1000' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Recharge added and submitted for review');
    // 1000 / 65000 = 0.015384615…, rounded up at 8 decimals.
    expect(res.body.result).toMatchObject({
      asset: 'BTC',
      amount: '1000',
      rate: '65000',
      payAmount: '0.01538462',
      status: 'pending',
    });
    expect(await balance(u.token)).toBe('0');
    const records = await client(t.app, { token: u.token, book: 'YES' }).get<Page<unknown>>(
      `${user}/listFundRecord`,
    );
    expect(records.body.result.total).toBe(0);
  });

  it('rounds the coin amount up, so the coin sent is always worth the USDT credited', () => {
    expect(payAmountMinor(1000_000000n, 65000_000000n, 8)).toBe(1538462n);
    expect(payAmountMinor(1300_000000n, 65000_000000n, 8)).toBe(2000000n);
    expect(payAmountMinor(3000_000000n, 3000_000000n, 18)).toBe(10n ** 18n);
  });

  it('refuses an amount below the channel minimum with 10109, naming the channel and the limit', async () => {
    const u = await registerUser(t);
    const usdt = await recharge(u.token, await form({ amount: '119.999999' }));
    expect(usdt.status).toBe(422);
    expect(usdt.body.code).toBe('10109');
    expect(usdt.body.message).toBe('Below the minimum deposit: the minimum for USDT (TRC20) is 120');
    const btc = await recharge(
      u.token,
      await form({ channelId: channel('BTC', 'Bitcoin').id, amount: '900' }),
    );
    expect(btc.body).toMatchObject({
      code: '10109',
      message: expect.stringContaining('BTC (Bitcoin) is 0.015'),
    });
    const at = await recharge(u.token, await form({ amount: '120' }));
    expect(at.body.code).toBe('200');
  });

  it('refuses the demo book with 10101', async () => {
    const u = await registerUser(t);
    const res = await recharge(u.token, await form(), newKey(), 'NO');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('10101');
  });

  it('requires an Idempotency-Key', async () => {
    const u = await registerUser(t);
    const res = await recharge(u.token, await form(), null);
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { 'Idempotency-Key': expect.any(String) } });
  });

  it('replays the first answer for a repeated key and stores one deposit', async () => {
    const u = await registerUser(t);
    const f = await form();
    const key = newKey();
    const first = await recharge(u.token, f, key);
    const again = await recharge(u.token, f, key);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const [n] = await t.ctx.db
      .select({ n: count() })
      .from(deposits)
      .where(eq(deposits.userId, Number(u.id)));
    expect(n?.n).toBe(1);
  });

  it('refuses a repeated key with another body or another proof with 10110', async () => {
    const u = await registerUser(t);
    const f = await form();
    const key = newKey();
    expect((await recharge(u.token, f, key)).body.code).toBe('200');
    const otherAmount = await recharge(u.token, { ...f, amount: '151' }, key);
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body.code).toBe('10110');
    const otherProof = await recharge(u.token, { ...f, proof: await pngPart(7) }, key);
    expect(otherProof.body.code).toBe('10110');
  });

  it('refuses a transaction hash that is already claimed', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    expect((await recharge(a.token, await form({ txHash: hash }))).body.code).toBe('200');
    const dup = await recharge(b.token, await form({ txHash: hash.toUpperCase() }));
    expect(dup.status).toBe(400);
    expect(dup.body.result).toEqual({
      fields: { txHash: 'This transaction hash has already been submitted' },
    });
  });

  it('accepts one of two simultaneous claims of the same hash and refuses the other', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    const both = await Promise.all([
      recharge(a.token, await form({ txHash: hash })),
      recharge(b.token, await form({ txHash: hash })),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('refuses a text file renamed to .png with 10106', async () => {
    const u = await registerUser(t);
    const text = {
      data: Buffer.from('hello, I am not a picture'),
      filename: 'proof.png',
      contentType: 'image/png',
    };
    const res = await recharge(u.token, await form({ proof: text }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10106');
  });

  it('refuses a proof above UPLOAD_MAX_BYTES with 413 and 10107', async () => {
    const u = await registerUser(t);
    const big = Buffer.concat([await makeImage('png'), randomBytes(t.config.uploadMaxBytes)]);
    const res = await recharge(
      u.token,
      await form({ proof: { data: big, filename: 'big.png', contentType: 'image/png' } }),
    );
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('10107');
  });

  it('refuses a missing proof, unknown fields and a bad hash with 400', async () => {
    const u = await registerUser(t);
    const missing = await recharge(u.token, await form({ proof: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body.result).toEqual({ fields: { proof: 'This field is required' } });
    expect((await recharge(u.token, await form({ bonus: '1' }))).status).toBe(400);
    expect((await recharge(u.token, await form({ txHash: 'not-a-hash' }))).status).toBe(400);
    expect((await recharge(u.token, await form({ amount: '150.0000001' }))).status).toBe(400);
  });

  it('stores the re-encoded proof, without what was appended to it', async () => {
    const u = await registerUser(t);
    const polyglot = Buffer.concat([await makeImage('png', 5), Buffer.from('<script>alert(1)</script>')]);
    const res = await recharge(
      u.token,
      await form({ proof: { data: polyglot, filename: 'x.png', contentType: 'image/png' } }),
    );
    expect(res.body.code).toBe('200');
    const [row] = await t.ctx.db
      .select()
      .from(deposits)
      .where(eq(deposits.id, Number(res.body.result.id)));
    const stored = await readFile(path.join(uploadsDir(t.config), row?.proofName ?? 'missing'));
    expect(stored.includes('<script>')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe('png');
  });
});

describe('listRecharge', () => {
  it('shows a customer only their own deposits', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const mine = (await recharge(a.token, await form())).body.result;
    const listA = await client(t.app, { token: a.token }).get<Page<Deposit>>(`${user}/listRecharge`);
    const listB = await client(t.app, { token: b.token }).get<Page<Deposit>>(`${user}/listRecharge`);
    expect(listA.body.result).toMatchObject({ total: 1, list: [{ id: mine.id, status: 'pending' }] });
    expect(listB.body.result).toEqual({ list: [], total: 0, page: 1, size: 20 });
  });
});

describe('deposit review', () => {
  it('credits exactly once on approval; a second approval is refused and changes nothing', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form({ amount: '250.5' }))).body.result;
    const approved = await decide(finance, claim.id, 'approve', { note: 'seen on chain' });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toMatchObject({ id: claim.id, status: 'approved', user: { id: u.id } });
    expect(await balance(u.token)).toBe('250.5');
    const twice = await decide(superadmin, claim.id, 'approve');
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('10020');
    expect(await balance(u.token)).toBe('250.5');
    const records = await client(t.app, { token: u.token, book: 'YES' }).get<
      Page<{ kind: string; ref: string }>
    >(`${user}/listFundRecord`);
    expect(records.body.result.list).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '250.5', ref: `deposit:${claim.id}` }),
    ]);
    const list = await client(t.app, { token: u.token }).get<Page<Deposit>>(`${user}/listRecharge`);
    expect(list.body.result.list[0]).toMatchObject({ status: 'approved', reviewedAt: t.clock.now() });
    const notes = await client(t.app, { token: u.token }).get<{ list: { kind: string; body: string }[] }>(
      `${user}/listNotification`,
    );
    expect(notes.body.result.list[0]).toMatchObject({
      kind: 'depositApproved',
      body: expect.stringContaining('250.5 USDT'),
    });
    expect(await auditLedger(t.ctx.db)).toMatchObject({
      balanced: true,
      negativeCustomerAccounts: 0,
      accountsMatchingPostings: true,
    });
  });

  it('credits once when two approvals arrive together', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form({ amount: '300' }))).body.result;
    const both = await Promise.all([
      decide(finance, claim.id, 'approve'),
      decide(superadmin, claim.id, 'approve'),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual(['10020', '200']);
    expect(await balance(u.token)).toBe('300');
  });

  it('records the reason of a rejection, posts nothing, and tells the customer', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form())).body.result;
    const before = await auditLedger(t.ctx.db);
    const rejected = await decide(finance, claim.id, 'reject', { reason: 'no such transaction on chain' });
    expect(rejected.body.result).toMatchObject({
      status: 'rejected',
      reason: 'no such transaction on chain',
    });
    expect((await auditLedger(t.ctx.db)).entryCount).toBe(before.entryCount);
    expect(await balance(u.token)).toBe('0');
    const list = await client(t.app, { token: u.token }).get<Page<Deposit>>(`${user}/listRecharge`);
    expect(list.body.result.list[0]).toMatchObject({
      status: 'rejected',
      reason: 'no such transaction on chain',
    });
    expect((await decide(finance, claim.id, 'approve')).body.code).toBe('10020');
    const audit = await client(t.app, { token: superadmin }).get<
      Page<{ action: string; target: string; reason: string }>
    >('/admin/api/audit');
    expect(audit.body.result.list).toContainEqual(
      expect.objectContaining({
        action: 'deposit.reject',
        target: `deposit:${claim.id}`,
        reason: 'no such transaction on chain',
      }),
    );
  });

  it('lists claims for finance with the customer and the proof URL', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form({ last6: 'abc123' }))).body.result;
    const res = await client(t.app, { token: finance }).get<Page<DepositReviewItem>>(reviews, {
      query: { status: 'pending' },
    });
    const item = res.body.result.list.find((d) => d.id === claim.id);
    expect(item).toMatchObject({
      user: { id: u.id, userName: u.userName, email: u.email },
      channelName: 'USDT (TRC20)',
      last6: 'abc123',
      proofUrl: expect.stringMatching(/^\/admin\/api\/uploads\/[0-9a-f]{32}\.png$/),
    });
    const proof = await t.app.inject({
      method: 'GET',
      url: item?.proofUrl ?? '',
      headers: { authorization: finance },
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
  });

  it('refuses customer tokens on the review queue and on uploads', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form())).body.result;
    const api = client(t.app, { token: u.token });
    expect((await api.get(reviews)).status).toBe(401);
    expect((await api.post(`${reviews}/${claim.id}/approve`, { body: {} })).status).toBe(401);
    const item = (
      await client(t.app, { token: finance }).get<Page<DepositReviewItem>>(reviews)
    ).body.result.list.find((d) => d.id === claim.id);
    const proof = await t.app.inject({
      method: 'GET',
      url: item?.proofUrl ?? '',
      headers: { authorization: u.token },
    });
    expect(proof.statusCode).toBe(401);
  });

  it('refuses a support admin with 403, and leaves the claim pending', async () => {
    const support = await staff('dep_support', 'support');
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form())).body.result;
    const res = await decide(support, claim.id, 'approve');
    expect(res.status).toBe(403);
    expect((await client(t.app, { token: support }).get(reviews)).status).toBe(403);
    expect(await balance(u.token)).toBe('0');
  });

  it('answers 10111 for an unknown deposit', async () => {
    const res = await decide(finance, '999999', 'approve');
    expect(res.status).toBe(404);
  });
});
