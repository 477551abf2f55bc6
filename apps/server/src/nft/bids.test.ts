// Charity auctions, the customer side (issue 11 "Proof"), on the real app and database: the seeded collection
// and its artwork, every buyNft refusal moving nothing, the outbid refund to the minor unit, the leader
// raising their own bid, a replay, two equal bids at once, anti-sniping, and the ledger staying balanced
// with every hold matching a leading bid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MyNft, Nft, NftDetail } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import { auditLedger } from '../ledger/service.ts';
import { client, type TestApp, startTestApp } from '../test/harness.ts';
import { nfts } from './tables.ts';
import {
  books,
  buyNft,
  createAuction,
  fundedCustomer,
  holdsAndLeadingBids,
  minuteMs,
  nameCharity,
  notificationsOf,
  type Customer,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  // Settlement runs here only when a test says so, at the manual clock's time.
  await t.app.nft.stop();
}, 120_000);
afterAll(async () => t.close());

const usdt = (text: string) => parseDecimal(text, 6);
const index = '/api/swx/customer/index';

/** The piece as the public list shows it. */
async function listed(id: string): Promise<Nft | undefined> {
  const res = await client(t.app).get<{ list: Nft[] }>(`${index}/listNft`, { query: { size: '100' } });
  return res.body.result.list.find((n) => n.id === id);
}

async function expectConsistent(): Promise<void> {
  expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  const { holds, leading } = await holdsAndLeadingBids(t);
  expect(holds).toBe(leading);
}

async function expectRefused(who: Customer, nftId: string, amount: string, code: string, book?: 'NO') {
  const before = await books(t, who);
  const res = await buyNft(t, who, nftId, amount, book ? { book } : {});
  expect(res.body.code, JSON.stringify(res.body)).toBe(code);
  expect(await books(t, who)).toEqual(before);
}

describe('the public collection', () => {
  it('lists at least 12 seeded pieces, open ones ending soonest first, with a donation total', async () => {
    const res = await client(t.app).get<{ list: Nft[]; total: number }>(`${index}/listNft`, {
      query: { status: 'open', size: '50' },
    });
    expect(res.body.code).toBe('200');
    const seeded = res.body.result.list;
    expect(seeded.length).toBeGreaterThanOrEqual(12);
    const ends = seeded.map((n) => n.endAt);
    expect(ends).toEqual([...ends].sort((a, b) => a - b));
    for (const n of seeded) {
      expect(n).toMatchObject({ status: 'open', bidCount: 0, currentBid: n.startPrice, donationTotal: '0' });
      // Platform-issued collectibles: no chain record until an operator enters a minted token.
      expect(n).toMatchObject({ chain: null, contractAddress: null, tokenId: null });
      expect(n.endAt).toBeGreaterThan(t.clock.now());
      expect(parseDecimal(n.minNextBid, 6)).toBe(
        parseDecimal(n.currentBid, 6) + parseDecimal(n.minIncrement, 6),
      );
    }
  });

  it('serves each artwork as a cacheable PNG, a different picture per piece', async () => {
    const { list } = (await client(t.app).get<{ list: Nft[] }>(`${index}/listNft`)).body.result;
    const [a, b] = list;
    if (!a || !b) throw new Error('two pieces');
    const [ra, rb] = await Promise.all([t.app.inject({ url: a.image }), t.app.inject({ url: b.image })]);
    expect(ra.statusCode).toBe(200);
    expect(ra.headers['content-type']).toBe('image/png');
    expect(ra.headers['cache-control']).toContain('max-age=');
    expect(ra.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(ra.rawPayload.equals(rb.rawPayload)).toBe(false);
    expect((await t.app.inject({ url: `${index}/nftImage/999999` })).statusCode).toBe(404);
  });

  it('describes a piece in the reader’s language on its detail, and answers 10111 for an unknown one', async () => {
    const { list } = (await client(t.app).get<{ list: Nft[] }>(`${index}/listNft`)).body.result;
    const id = list[0]?.id ?? '';
    const en = await client(t.app, { lang: 'en' }).get<NftDetail>(`${index}/getNftById/${id}`);
    const ja = await client(t.app, { lang: 'ja' }).get<NftDetail>(`${index}/getNftById/${id}`);
    expect(en.body.result.bids).toEqual([]);
    expect(ja.body.result.name).toBe(en.body.result.name);
    expect(ja.body.result.description).not.toBe(en.body.result.description);
    expect(ja.body.result.description).toMatch(/[\u3040-\u30ff\u4e00-\u9faf]/);
    expect((await client(t.app).get(`${index}/getNftById/999999`)).body.code).toBe('10111');
  });
});

describe('a seeded auction before the charity is named', () => {
  it('refuses every bid with 10170 and moves nothing; once named, the same bid is taken', async () => {
    const who = await fundedCustomer(t, '100000');
    const res = await client(t.app).get<{ list: Nft[] }>(`${index}/listNft`, { query: { status: 'open' } });
    const piece = res.body.result.list[0];
    if (!piece) throw new Error('no open seeded piece');
    await expectRefused(who, piece.id, piece.minNextBid, '10170');
    const ja = await client(t.app, { token: who.token, book: 'YES', lang: 'ja' }).post(
      '/api/swx/customer/user/buyNft',
      { body: { nftId: piece.id, amount: piece.minNextBid }, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(ja.status).toBe(409);
    expect(ja.body.message).toContain('慈善団体');
    await nameCharity(t);
    expect((await buyNft(t, who, piece.id, piece.minNextBid)).body.code).toBe('200');
    await expectConsistent();
  });
});

describe('buyNft refusals move nothing', () => {
  let who: Customer;
  let piece: Nft;
  beforeAll(async () => {
    who = await fundedCustomer(t, '150');
    piece = await createAuction(t, { startPrice: '100', minIncrement: '10' });
  });

  it('the demo book: 10103', async () => {
    await expectRefused(who, piece.id, '110', '10103', 'NO');
  });

  it('an unknown piece: 10111', async () => {
    await expectRefused(who, '999999', '110', '10111');
  });

  it('below the start price plus one increment: 10016, the start price itself included', async () => {
    await expectRefused(who, piece.id, '100', '10016');
    await expectRefused(who, piece.id, '109.999999', '10016');
  });

  it('more than the cash: 10011', async () => {
    await expectRefused(who, piece.id, '150.000001', '10011');
  });

  it('without a session: 401; a malformed amount: 400', async () => {
    const res = await client(t.app).post('/api/swx/customer/user/buyNft', {
      body: { nftId: piece.id, amount: '110' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(401);
    expect((await buyNft(t, who, piece.id, '1e3')).status).toBe(400);
    await expectConsistent();
  });
});

describe('bidding', () => {
  it('the first bid of exactly start + increment moves it from cash to the bid hold', async () => {
    const alice = await fundedCustomer(t, '500');
    const piece = await createAuction(t, { startPrice: '100', minIncrement: '10' });
    const res = await buyNft(t, alice, piece.id, '110');
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    expect(res.body.result).toMatchObject({ amount: '110', extended: false, endAt: piece.endAt });
    expect(res.body.result.nft).toMatchObject({ currentBid: '110', minNextBid: '120', bidCount: 1 });
    expect(await books(t, alice)).toEqual({ cash: usdt('390'), hold: usdt('110') });
    await expectConsistent();
  });

  it('an outbid leader gets their hold back to the minor unit, and a notification', async () => {
    const [alice, bob] = [await fundedCustomer(t, '500'), await fundedCustomer(t, '500')];
    const piece = await createAuction(t, { startPrice: '100.5', minIncrement: '0.333333' });
    expect((await buyNft(t, alice, piece.id, '100.833333')).body.code).toBe('200');
    const outbid = await buyNft(t, bob, piece.id, '101.166666');
    expect(outbid.body.code, JSON.stringify(outbid.body)).toBe('200');
    expect(await books(t, alice)).toEqual({ cash: usdt('500'), hold: 0n });
    expect(await books(t, bob)).toEqual({ cash: usdt('398.833334'), hold: usdt('101.166666') });
    const [note] = await notificationsOf(t, alice, 'nftOutbid');
    expect(note?.title).toBe('You were outbid');
    expect(note?.body).toContain('100.83 USDT');
    expect(await notificationsOf(t, bob, 'nftOutbid')).toEqual([]);
    await expectConsistent();
  });

  it('the leader raising their own bid keeps one hold: only the difference leaves their cash', async () => {
    const alice = await fundedCustomer(t, '200');
    const piece = await createAuction(t, { startPrice: '100', minIncrement: '10' });
    expect((await buyNft(t, alice, piece.id, '110')).body.code).toBe('200');
    // 180 would not fit beside a second hold of 110 (200 cash), but replaces it.
    const raise = await buyNft(t, alice, piece.id, '180');
    expect(raise.body.code, JSON.stringify(raise.body)).toBe('200');
    expect(raise.body.result.nft).toMatchObject({ currentBid: '180', bidCount: 2 });
    expect(await books(t, alice)).toEqual({ cash: usdt('20'), hold: usdt('180') });
    expect(await notificationsOf(t, alice, 'nftOutbid')).toEqual([]);
    await expectRefused(alice, piece.id, '185', '10016');
    await expectConsistent();
  });

  it('a replay with the same key answers the first bid and charges once; another body: 10110', async () => {
    const alice = await fundedCustomer(t, '500');
    const piece = await createAuction(t);
    const key = randomUUID();
    const answers = await Promise.all([1, 2, 3].map(() => buyNft(t, alice, piece.id, '110', { key })));
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    expect(answers[0]?.body.code).toBe('200');
    expect(await books(t, alice)).toEqual({ cash: usdt('390'), hold: usdt('110') });
    expect((await buyNft(t, alice, piece.id, '120', { key })).body.code).toBe('10110');
    await expectConsistent();
  });

  it('two equal bids at the same moment: one leads, the other gets 10016 and is charged nothing', async () => {
    const [alice, bob] = [await fundedCustomer(t, '500'), await fundedCustomer(t, '500')];
    const piece = await createAuction(t);
    const answers = await Promise.all([alice, bob].map((who) => buyNft(t, who, piece.id, '110')));
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10016', '200']);
    const winner = answers[0]?.body.code === '200' ? alice : bob;
    const loser = winner === alice ? bob : alice;
    expect(await books(t, winner)).toEqual({ cash: usdt('390'), hold: usdt('110') });
    expect(await books(t, loser)).toEqual({ cash: usdt('500'), hold: 0n });
    await expectConsistent();
  });

  it('two leaders outbidding each other on two pieces at once both succeed (one entry each, no deadlock)', async () => {
    const [alice, bob] = [await fundedCustomer(t, '500'), await fundedCustomer(t, '500')];
    const [p1, p2] = [await createAuction(t), await createAuction(t)];
    expect((await buyNft(t, alice, p1.id, '110')).body.code).toBe('200');
    expect((await buyNft(t, bob, p2.id, '110')).body.code).toBe('200');
    const answers = await Promise.all([buyNft(t, alice, p2.id, '120'), buyNft(t, bob, p1.id, '120')]);
    expect(answers.map((a) => a.body.code)).toEqual(['200', '200']);
    expect(await books(t, alice)).toEqual({ cash: usdt('380'), hold: usdt('120') });
    expect(await books(t, bob)).toEqual({ cash: usdt('380'), hold: usdt('120') });
    await expectConsistent();
  });

  it('a bid in the last 2 minutes moves the end to 2 minutes after it; an earlier one does not', async () => {
    const [alice, bob] = [await fundedCustomer(t, '500'), await fundedCustomer(t, '500')];
    const piece = await createAuction(t, { endInMs: 10 * minuteMs });
    t.clock.advance(7 * minuteMs);
    const early = await buyNft(t, alice, piece.id, '110');
    expect(early.body.result).toMatchObject({ extended: false, endAt: piece.endAt });
    expect(early.body.result.nft.extended).toBe(false);
    expect(await listed(piece.id)).toMatchObject({ extended: false, endAt: piece.endAt });
    t.clock.advance(2 * minuteMs + 30_000); // 30 s before the end
    const late = await buyNft(t, bob, piece.id, '120');
    expect(late.body.result).toMatchObject({ extended: true, endAt: t.clock.now() + 2 * minuteMs });
    expect(late.body.result.nft).toMatchObject({ endAt: t.clock.now() + 2 * minuteMs, extended: true });
    // Every reader of the piece says so from now on: the list, the detail and the back office.
    expect(await listed(piece.id)).toMatchObject({ extended: true, endAt: t.clock.now() + 2 * minuteMs });
    const detail = await client(t.app).get<NftDetail>(`${index}/getNftById/${piece.id}`);
    expect(detail.body.result).toMatchObject({ extended: true, endAt: t.clock.now() + 2 * minuteMs });
    // The end it was created with is kept, and the database keeps it.
    await expect(
      t.ctx.db
        .update(nfts)
        .set({ originalEndAt: new Date(t.clock.now()) })
        .where(eq(nfts.id, Number(piece.id))),
    ).rejects.toThrow();
    // Past the original end, still open until the new one.
    t.clock.advance(minuteMs);
    expect((await buyNft(t, alice, piece.id, '130')).body.result.extended).toBe(true);
    t.clock.advance(2 * minuteMs);
    await expectRefused(bob, piece.id, '200', '10130');
    await expectConsistent();
  });

  it('my auctions: the pieces I bid on, my highest bid and whether I lead', async () => {
    const [alice, bob] = [await fundedCustomer(t, '500'), await fundedCustomer(t, '500')];
    const [p1, p2] = [await createAuction(t), await createAuction(t)];
    await buyNft(t, alice, p1.id, '110');
    await buyNft(t, alice, p2.id, '110');
    await buyNft(t, bob, p2.id, '150');
    const res = await client(t.app, { token: alice.token }).get<{ list: MyNft[]; total: number }>(
      '/api/swx/customer/user/listNft',
    );
    expect(res.body.result.total).toBe(2);
    const byId = new Map(res.body.result.list.map((n) => [n.id, n]));
    expect(byId.get(p1.id)).toMatchObject({ myBid: '110', leading: true, owned: false, currentBid: '110' });
    expect(byId.get(p2.id)).toMatchObject({ myBid: '110', leading: false, owned: false, currentBid: '150' });
    const detail = await client(t.app).get<NftDetail>(`${index}/getNftById/${p2.id}`);
    expect(detail.body.result.bids.map((b) => b.amount)).toEqual(['150', '110']);
    expect(detail.body.result.bids[1]?.bidder).toBe(`${alice.userName.slice(0, 2)}***`);
    expect((await client(t.app).get('/api/swx/customer/user/listNft')).status).toBe(401);
  });
});
