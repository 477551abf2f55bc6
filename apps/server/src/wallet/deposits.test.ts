import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deposit, DepositChannel, DepositReviewItem, Page, Tick } from '@tradewind/contract';
import { parseDecimal, roundUp } from '@tradewind/contract/money';
import {
  adminToken,
  client,
  registerUser,
  startTestApp,
  type TestApp,
  secureAdmin,
} from '../test/harness.ts';
import { makeImage, pngPart } from '../test/multipart.ts';
import { auditLedger } from '../ledger/service.ts';
import { travelTo } from '../market/testing.ts';
import { deposits } from './deposits-tables.ts';
import { marketTicks } from '../market/tables.ts';
import { payAmountMinor } from './deposits.ts';
import { claimDeposit } from './deposit-claim.ts';
import { prepareImage, uploadsDir } from '../platform/uploads.ts';
import {
  claimForm,
  newKey,
  openSeededChannels,
  publicChannels,
  recharge as rechargeOn,
  txHash,
  user,
} from './deposit-testing.ts';
import type { Form } from '../test/multipart.ts';
import { liveInTests } from '../test/live-stand-in.ts';

let t: TestApp;
let channels: DepositChannel[];
let superadmin: string;
let finance: string;
beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  superadmin = await adminToken(t);
  await openSeededChannels(t, superadmin, { Ethereum: 200 });
  channels = await publicChannels(t);
  finance = await staff('dep_finance', 'finance');
});
afterAll(async () => t.close());

const reviews = '/admin/api/reviews/deposits';

async function staff(name: string, role: 'support' | 'finance' | 'compliance' | 'superadmin') {
  return (await secureAdmin(t, role, { userName: name })).token;
}

const channel = (network: string) => {
  const found = channels.find((c) => c.network === network);
  if (!found) throw new Error(`no ${network} channel`);
  return found;
};
/** The channel as listed now (its indicative rate moves with the feed). */
const fresh = async (network: string) => {
  const found = (await publicChannels(t)).find((c) => c.network === network);
  if (!found) throw new Error(`no ${network} channel`);
  return found;
};
const form = async (over: Form = {}) => claimForm(channel('TRC20'), over);
const recharge = (token: string, f: Form, key: string | null = newKey(), book: 'YES' | 'NO' = 'YES') =>
  rechargeOn(t, token, f, key, book);
const getTick = async (id: string) => client(t.app).get<Tick>(`/api/swx/customer/index/getTick/${id}`);
const minor6 = (text: string) => parseDecimal(text, 6);

const balance = async (token: string) =>
  (await client(t.app, { token, book: 'YES' }).post<{ balance: string }>(`${user}/getUserInfo`)).body.result
    .balance;

const decide = (token: string, id: string, action: 'approve' | 'reject', body: unknown = {}) =>
  client(t.app, { token }).post<DepositReviewItem>(`${reviews}/${id}/${action}`, { body });

const depositCount = async () => (await t.ctx.db.select({ n: count() }).from(deposits))[0]?.n ?? 0;
const tickCount = async () => (await t.ctx.db.select({ n: count() }).from(marketTicks))[0]?.n ?? 0;

describe('deposit channels once opened', () => {
  it('list each coin with its chain, minimum, spread and the rate from the feed', () => {
    expect(channels.map((c) => [c.asset, c.network, c.chain, c.minAmount, c.spreadBps])).toEqual([
      ['USDT', 'TRC20', 'tron', '120', 0],
      ['USDT', 'ERC20', 'ethereum', '120', 0],
      ['BTC', 'Bitcoin', 'bitcoin', '0.015', 0],
      ['ETH', 'Ethereum', 'ethereum', '0.2', 200],
    ]);
    expect(channel('TRC20')).toMatchObject({ rate: '1', indicative: null, paused: false });
    expect(channel('Bitcoin')).toMatchObject({
      paused: false,
      indicative: { code: 'BTCUSDT', source: 'live', priceStatus: 'live' },
    });
  });
});

describe('the deposit rate', () => {
  it('is locked from the live BTCUSDT tick at claim time, which the claim names and getTick shows', async () => {
    const u = await registerUser(t);
    const btc = await fresh('Bitcoin');
    const res = await recharge(u.token, await claimForm(btc, { amount: '2000' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Recharge added and submitted for review');
    const claim = res.body.result;
    expect(claim).toMatchObject({ asset: 'BTC', amount: '2000', spreadBps: 0, status: 'pending' });
    expect(claim.rateTickId).toMatch(/^\d+$/);
    const tick = await getTick(claim.rateTickId ?? '');
    expect(tick.status).toBe(200);
    expect(tick.body.result).toEqual({
      id: claim.rateTickId,
      code: 'BTCUSDT',
      price: btc.indicative?.price,
      at: btc.indicative?.at,
      source: 'live',
      feed: 'replay:live',
    });
    expect(claim.rateTick).toEqual(tick.body.result);
    expect(minor6(claim.rate)).toBe(minor6(tick.body.result.price));
    // The coin to send is rounded up at 8 decimals: it is always worth at least the USDT credited.
    expect(parseDecimal(claim.payAmount, 8)).toBe(roundUp(2000n * 10n ** 14n, minor6(claim.rate)));
    expect(await balance(u.token)).toBe('0');
  });

  it('takes the channel spread off the tick price', async () => {
    const u = await registerUser(t);
    const eth = await fresh('Ethereum');
    const claim = (await recharge(u.token, await claimForm(eth, { amount: '2000' }))).body.result;
    const tick = (await getTick(claim.rateTickId ?? '')).body.result;
    expect(tick.code).toBe('ETHUSDT');
    expect(claim.spreadBps).toBe(200);
    expect(minor6(claim.rate)).toBe((minor6(tick.price) * 9800n) / 10000n);
    expect(claim.rate).toBe(eth.rate);
  });

  it('stays with the claim when the price moves: a later claim names a later tick', async () => {
    const u = await registerUser(t);
    const first = (await recharge(u.token, await claimForm(await fresh('Bitcoin'), { amount: '2000' }))).body
      .result;
    await travelTo(t, t.clock.now() + 60_000);
    const later = (await recharge(u.token, await claimForm(await fresh('Bitcoin'), { amount: '2000' }))).body
      .result;
    expect(later.rateTickId).not.toBe(first.rateTickId);
    expect(later.rate).not.toBe(first.rate);
    const list = await client(t.app, { token: u.token }).get<Page<Deposit>>(`${user}/listRecharge`);
    expect(list.body.result.list.map((d) => [d.rateTickId, d.rate])).toEqual([
      [later.rateTickId, later.rate],
      [first.rateTickId, first.rate],
    ]);
  });

  it('is 1:1 for USDT, with no tick', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form())).body.result;
    expect(claim).toMatchObject({
      rate: '1',
      payAmount: '150',
      rateTickId: null,
      rateTick: null,
      spreadBps: 0,
    });
  });

  it('refuses with 10112 a claim whose shown rate is further from the locked one than the tolerance', async () => {
    const u = await registerUser(t);
    const btc = await fresh('Bitcoin');
    const shown = minor6(btc.rate ?? '0');
    const before = await depositCount();
    // 0.6 % above the locked rate: beyond the default tolerance of 50 bps.
    const far = ((shown * 10060n) / 10000n).toString();
    const quotedRate = `${far.slice(0, -6)}.${far.slice(-6)}`;
    const res = await recharge(u.token, await claimForm(btc, { amount: '2000', quotedRate }));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('10112');
    expect(await depositCount()).toBe(before);
    // 0.4 % off is within it: the claim goes through at the locked rate, not the shown one.
    const near = ((shown * 10040n) / 10000n).toString();
    const ok = await recharge(
      u.token,
      await claimForm(btc, { amount: '2000', quotedRate: `${near.slice(0, -6)}.${near.slice(-6)}` }),
    );
    expect(ok.body.result.rate).toBe(btc.rate);
    // USDT is 1:1: any other shown rate is a changed term.
    const usdt = await recharge(u.token, await form({ quotedRate: '1.1' }));
    expect(usdt.body.code).toBe('10112');
  });
});

describe('recharge refusals', () => {
  it('refuses with 10116 when the feed has no price for the coin to lock', async () => {
    // A feed without a BTCUSDT price is what `kept: undefined` stands for (the route keeps the tick first).
    const u = await registerUser(t);
    const btc = channel('Bitcoin');
    const proof = await prepareImage(await makeImage('png'), { maxBytes: t.config.uploadMaxBytes });
    const fields = { channelId: btc.id, amount: '2000', quotedRate: btc.rate ?? '1', txHash: txHash() };
    const before = await depositCount();
    const attempt = t.ctx.db.transaction((tx) =>
      claimDeposit(t.ctx, tx, Number(u.id), fields, proof, undefined),
    );
    await expect(attempt).rejects.toMatchObject({ code: '10116', params: { asset: 'BTC' } });
    expect(await depositCount()).toBe(before);
  });

  it('refuses an amount below the channel minimum with 10109, naming the channel and the limit', async () => {
    const u = await registerUser(t);
    const usdt = await recharge(u.token, await form({ amount: '119.999999' }));
    expect(usdt.status).toBe(422);
    expect(usdt.body.code).toBe('10109');
    expect(usdt.body.message).toBe('Below the minimum deposit: the minimum for USDT (TRC20) is 120');
    const btc = await fresh('Bitcoin');
    const under = (minor6(btc.rate ?? '0') * 14n) / 1000n; // 0.014 BTC worth of USDT
    const amount = `${under.toString().slice(0, -6)}.${under.toString().slice(-6)}`;
    const res = await recharge(u.token, await claimForm(btc, { amount }));
    expect(res.body).toMatchObject({
      code: '10109',
      message: expect.stringContaining('BTC (Bitcoin) is 0.015'),
    });
    expect((await recharge(u.token, await form({ amount: '120' }))).body.code).toBe('200');
  });

  it('refuses the demo book with 10101', async () => {
    const u = await registerUser(t);
    const res = await recharge(u.token, await form(), newKey(), 'NO');
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('10101');
  });

  it('requires an Idempotency-Key and the shown rate', async () => {
    const u = await registerUser(t);
    const noKey = await recharge(u.token, await form(), null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.result).toEqual({ fields: { 'Idempotency-Key': expect.any(String) } });
    const noRate = await recharge(u.token, await form({ quotedRate: undefined }));
    expect(noRate.status).toBe(400);
    expect(noRate.body.result).toEqual({ fields: { quotedRate: 'This field is required' } });
  });

  it('refuses a text file renamed to .png with 10106 and a proof above UPLOAD_MAX_BYTES with 10107', async () => {
    const u = await registerUser(t);
    const text = {
      data: Buffer.from('hello, I am not a picture'),
      filename: 'p.png',
      contentType: 'image/png',
    };
    const notImage = await recharge(u.token, await form({ proof: text }));
    expect(notImage.status).toBe(400);
    expect(notImage.body.code).toBe('10106');
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(t.config.uploadMaxBytes)]);
    const tooBig = await recharge(
      u.token,
      await form({ proof: { data: big, filename: 'big.png', contentType: 'image/png' } }),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.code).toBe('10107');
  });

  it('refuses a missing proof, unknown fields and a malformed hash with 400', async () => {
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

describe('replays', () => {
  it('replays the first answer for a repeated key and stores one deposit', async () => {
    const u = await registerUser(t);
    const f = await claimForm(await fresh('Bitcoin'), { amount: '2000' });
    const key = newKey();
    const first = await recharge(u.token, f, key);
    await travelTo(t, t.clock.now() + 60_000); // the price moves; the replay still answers the first claim
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
});

describe('a coin whose price is not live', () => {
  // The stand-in exchange falls silent and the clock passes `price_stale_after_s` (30 s by default).
  const feedGoesQuiet = async () => {
    t.live?.stopAnswering();
    await travelTo(t, t.clock.now() + 31_000);
  };
  const feedAnswersAgain = async () => {
    t.live?.answerAgain(t.clock.now());
    await travelTo(t, t.clock.now() + 1_000);
  };

  it('pauses the channel and refuses a claim with 10161 while the price is stale; nothing is written', async () => {
    const u = await registerUser(t);
    const shown = await fresh('Bitcoin');
    const f = await claimForm(shown, { amount: '2000' });
    await feedGoesQuiet();
    try {
      const paused = await fresh('Bitcoin');
      expect(paused).toMatchObject({ paused: true, rate: null, indicative: { priceStatus: 'stale' } });
      expect(await fresh('TRC20')).toMatchObject({ paused: false, rate: '1' });
      const before = [await depositCount(), await tickCount()];
      const res = await recharge(u.token, f);
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: '10161',
        message: 'Prices for BTC are delayed; trading is paused until they are back',
      });
      // No claim, and no tick kept for one: a price that cannot be locked is not written either.
      expect([await depositCount(), await tickCount()]).toEqual(before);
      // USDT is credited 1:1 and needs no price: unaffected.
      expect((await recharge(u.token, await form())).status).toBe(200);
    } finally {
      await feedAnswersAgain();
    }
    const back = await fresh('Bitcoin');
    expect(back).toMatchObject({ paused: false, indicative: { priceStatus: 'live' } });
    const ok = await recharge(u.token, await claimForm(back, { amount: '2000' }));
    expect(ok.status).toBe(200);
    expect(ok.body.result.rateTick).toMatchObject({
      code: 'BTCUSDT',
      source: 'live',
      at: back.indicative?.at,
    });
  });

  it('still replays an accepted claim once the price has gone stale', async () => {
    const u = await registerUser(t);
    const f = await claimForm(await fresh('Ethereum'), { amount: '2000' });
    const key = newKey();
    const first = await recharge(u.token, f, key);
    expect(first.status).toBe(200);
    await feedGoesQuiet();
    try {
      const again = await recharge(u.token, f, key);
      expect(again.status).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
    } finally {
      await feedAnswersAgain();
    }
  });
});

describe('one transfer, one claim', () => {
  const used = { fields: { txHash: 'This transaction hash has already been submitted' } };

  it('treats H, 0xH and upper-case H as one Ethereum transaction', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    const first = await recharge(a.token, await claimForm(channel('ERC20'), { txHash: hash }));
    expect(first.body.result.txHash).toBe(`0x${hash}`);
    for (const spelling of [`0x${hash}`, hash.toUpperCase(), `0X${hash.toUpperCase()}`]) {
      const dup = await recharge(b.token, await claimForm(channel('ERC20'), { txHash: spelling }));
      expect(dup.status, spelling).toBe(400);
      expect(dup.body.result).toEqual(used);
    }
  });

  it('treats a hash and its upper case as one TRON transaction, stored without 0x', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    expect((await recharge(a.token, await form({ txHash: hash.toUpperCase() }))).body.result.txHash).toBe(
      hash,
    );
    expect((await recharge(b.token, await form({ txHash: hash }))).body.result).toEqual(used);
  });

  it('refuses the same hash on USDT (ERC20) and ETH (Ethereum): one chain', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    expect((await recharge(a.token, await claimForm(channel('ERC20'), { txHash: hash }))).body.code).toBe(
      '200',
    );
    const eth = await recharge(
      b.token,
      await claimForm(await fresh('Ethereum'), { amount: '2000', txHash: hash }),
    );
    expect(eth.status).toBe(400);
    expect(eth.body.result).toEqual(used);
  });

  it('accepts one hash on two different chains: uniqueness is per chain', async () => {
    const u = await registerUser(t);
    const hash = txHash();
    expect((await recharge(u.token, await form({ txHash: hash }))).body.code).toBe('200');
    const erc20 = await recharge(u.token, await claimForm(channel('ERC20'), { txHash: hash }));
    expect(erc20.body.code).toBe('200');
  });

  it('refuses 0x on TRON and Bitcoin, whose transaction ids never carry it', async () => {
    const u = await registerUser(t);
    const format = {
      fields: {
        txHash:
          'This is not a transaction hash of this network: 64 hexadecimal characters, with 0x only on Ethereum',
      },
    };
    const tron = await recharge(u.token, await form({ txHash: `0x${txHash()}` }));
    expect(tron.body.result).toEqual(format);
    const btc = await recharge(
      u.token,
      await claimForm(await fresh('Bitcoin'), { amount: '2000', txHash: `0x${txHash()}` }),
    );
    expect(btc.body.result).toEqual(format);
  });

  it('frees the hash of a rejected claim', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    const claim = (await recharge(a.token, await form({ txHash: hash }))).body.result;
    await decide(finance, claim.id, 'reject', { reason: 'not this customer’s transfer' });
    expect((await recharge(b.token, await form({ txHash: `${hash.toUpperCase()}` }))).body.code).toBe('200');
  });

  it('accepts one of two simultaneous claims of one transfer spelled two ways', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const hash = txHash();
    const both = await Promise.all([
      recharge(a.token, await claimForm(channel('ERC20'), { txHash: hash })),
      recharge(b.token, await claimForm(await fresh('Ethereum'), { amount: '2000', txHash: `0x${hash}` })),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    const [n] = await t.ctx.db.select({ n: count() }).from(deposits).where(eq(deposits.txHash, hash));
    expect(n?.n).toBe(1);
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
  it('shows finance the tick and spread behind the rate, with the customer and the proof', async () => {
    const u = await registerUser(t);
    const claim = (
      await recharge(u.token, await claimForm(await fresh('Ethereum'), { amount: '2000', last6: 'abc123' }))
    ).body.result;
    const res = await client(t.app, { token: finance }).get<Page<DepositReviewItem>>(reviews, {
      query: { status: 'pending' },
    });
    const item = res.body.result.list.find((d) => d.id === claim.id);
    expect(item).toMatchObject({
      user: { id: u.id, userName: u.userName, email: u.email },
      channelName: 'ETH (Ethereum)',
      rate: claim.rate,
      spreadBps: 200,
      rateTickId: claim.rateTickId,
      rateTick: { id: claim.rateTickId, code: 'ETHUSDT', source: 'live' },
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

  it('credits the locked amount exactly once on approval, and the ledger stays balanced', async () => {
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await claimForm(await fresh('Bitcoin'), { amount: '1250.5' })))
      .body.result;
    await travelTo(t, t.clock.now() + 120_000); // the price moves before finance looks: the credit does not
    const approved = await decide(finance, claim.id, 'approve', { note: 'seen on chain' });
    expect(approved.status).toBe(200);
    expect(approved.body.result).toMatchObject({
      id: claim.id,
      status: 'approved',
      rateTickId: claim.rateTickId,
    });
    expect(await balance(u.token)).toBe('1250.5');
    const twice = await decide(superadmin, claim.id, 'approve');
    expect(twice.status).toBe(422);
    expect(twice.body.code).toBe('10020');
    expect(await balance(u.token)).toBe('1250.5');
    const records = await client(t.app, { token: u.token, book: 'YES' }).get<
      Page<{ kind: string; ref: string; amount: string }>
    >(`${user}/listFundRecord`);
    expect(records.body.result.list).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '1250.5', ref: `deposit:${claim.id}` }),
    ]);
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
    expect((await decide(finance, claim.id, 'approve')).body.code).toBe('10020');
  });

  it('refuses customer tokens and a support admin, and answers 10111 for an unknown deposit', async () => {
    const support = await staff('dep_support', 'support');
    const u = await registerUser(t);
    const claim = (await recharge(u.token, await form())).body.result;
    expect((await client(t.app, { token: u.token }).get(reviews)).status).toBe(401);
    expect((await decide(support, claim.id, 'approve')).status).toBe(403);
    expect(await balance(u.token)).toBe('0');
    expect((await decide(finance, '999999', 'approve')).status).toBe(404);
  });
});

describe('payAmountMinor', () => {
  it('rounds the coin amount up, so the coin sent is always worth the USDT credited', () => {
    expect(payAmountMinor(1000_000000n, 65000_000000n, 8)).toBe(1538462n);
    expect(payAmountMinor(1300_000000n, 65000_000000n, 8)).toBe(2000000n);
    expect(payAmountMinor(3000_000000n, 3000_000000n, 18)).toBe(10n ** 18n);
  });
});
