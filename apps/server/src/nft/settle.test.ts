// Settling charity auctions (issue 11 "Proof"), on the real app and database: at its end a piece goes to the
// highest bidder, the winning hold moves to charity payable and is recorded as a donation, exactly once with
// three runners racing; a piece without a bid closes unsold; nothing settles before the end. The public
// donation ledger adds up against the ledger: donated = charity payable + paid out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DonationPage, MyNft, Nft } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import { auditLedger } from '../ledger/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { NftAuctions } from './service.ts';
import { nftDonations, nfts } from './tables.ts';
import {
  books,
  buyNft,
  createAuction,
  fundedCustomer,
  minuteMs,
  notificationsOf,
  platformBalance,
  recordPayout,
  type Customer,
} from './testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  await t.app.nft.stop();
}, 120_000);
afterAll(async () => t.close());

const usdt = (text: string) => parseDecimal(text, 6);

async function piece(id: string) {
  const [row] = await t.ctx.db
    .select()
    .from(nfts)
    .where(eq(nfts.id, Number(id)));
  if (!row) throw new Error(`nft ${id}`);
  return row;
}

async function donationLedger(): Promise<DonationPage> {
  const res = await client(t.app).get<DonationPage>('/api/swx/customer/index/listDonation', {
    query: { size: '100' },
  });
  expect(res.body.code).toBe('200');
  return res.body.result;
}

describe('settlement at the end of an auction', () => {
  let alice: Customer;
  let bob: Customer;
  let sold: Nft;
  let unsold: Nft;

  beforeAll(async () => {
    [alice, bob] = [await fundedCustomer(t, '500'), await fundedCustomer(t, '500')];
    sold = await createAuction(t, { endInMs: 10 * minuteMs, startPrice: '100', minIncrement: '10' });
    unsold = await createAuction(t, { endInMs: 10 * minuteMs });
    await buyNft(t, alice, sold.id, '110');
    await buyNft(t, bob, sold.id, '150');
  });

  it('settles nothing before the end', async () => {
    t.clock.advance(10 * minuteMs - 1);
    await t.app.nft.runDue(t.clock.now());
    expect((await piece(sold.id)).status).toBe('open');
    expect((await piece(unsold.id)).status).toBe('open');
  });

  it('at the end, three runners racing: sold once to the highest bidder, unsold once without a bid', async () => {
    t.clock.advance(1);
    const payableBefore = await platformBalance(t, 'charity_payable');
    const runners = [t.app.nft, new NftAuctions(t.ctx, { isLeader: () => true }), t.app.nft];
    const runs = await Promise.all(runners.map((r) => r.runDue(t.clock.now())));
    expect(runs.reduce((n, r) => n + r.sold, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.unsold, 0)).toBe(1);

    const row = await piece(sold.id);
    expect(row).toMatchObject({ status: 'sold', winnerUserId: Number(bob.id), currentBidMinor: usdt('150') });
    expect(row.settledAt?.getTime()).toBe(t.clock.now());
    expect(await platformBalance(t, 'charity_payable')).toBe(payableBefore + usdt('150'));
    expect(await books(t, bob)).toEqual({ cash: usdt('350'), hold: 0n });
    expect(await books(t, alice)).toEqual({ cash: usdt('500'), hold: 0n });
    const donations = await t.ctx.db.select().from(nftDonations).where(eq(nftDonations.nftId, row.id));
    expect(donations).toHaveLength(1);
    expect(donations[0]).toMatchObject({ amountMinor: usdt('150'), entryId: row.settleEntryId });
    const entries = await t.ctx.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.ref, `nft:${sold.id}`));
    expect(entries.filter((e) => e.kind === 'nft_settle')).toHaveLength(1);

    expect((await piece(unsold.id)).status).toBe('unsold');
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });

  it('tells the winner, shows the piece as owned, and refuses later bids with 10130', async () => {
    const [won] = await notificationsOf(t, bob, 'nftWon');
    expect(won?.body).toContain('150');
    const mine = await client(t.app, { token: bob.token }).get<{ list: MyNft[] }>(
      '/api/swx/customer/user/listNft',
    );
    expect(mine.body.result.list.find((n) => n.id === sold.id)).toMatchObject({
      status: 'sold',
      owned: true,
      leading: true,
      myBid: '150',
    });
    const theirs = await client(t.app, { token: alice.token }).get<{ list: MyNft[] }>(
      '/api/swx/customer/user/listNft',
    );
    expect(theirs.body.result.list.find((n) => n.id === sold.id)).toMatchObject({
      owned: false,
      leading: false,
    });
    const late = await buyNft(t, alice, sold.id, '500');
    expect(late.body.code).toBe('10130');
    expect(late.body.message).toBe('This auction has ended');
    const lateJa = await client(t.app, { token: alice.token, book: 'YES', lang: 'ja' }).post(
      '/api/swx/customer/user/buyNft',
      { body: { nftId: unsold.id, amount: '500' }, headers: { 'idempotency-key': crypto.randomUUID() } },
    );
    expect(lateJa.body).toMatchObject({ code: '10130', message: 'このオークションは終了しました' });
  });

  it('lists the sold piece under status=sold, with the collection’s donation total on every card', async () => {
    const res = await client(t.app).get<{ list: Nft[] }>('/api/swx/customer/index/listNft', {
      query: { status: 'sold' },
    });
    const totals = (await donationLedger()).totals;
    expect(res.body.result.list.map((n) => n.id)).toContain(sold.id);
    for (const n of res.body.result.list) expect(n.donationTotal).toBe(totals.donated);
  });

  it('the database refuses a second settlement, a second donation and any change to a settled piece', async () => {
    const row = await piece(sold.id);
    await expect(
      t.ctx.db.update(nfts).set({ status: 'unsold' }).where(eq(nfts.id, row.id)),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.insert(nftDonations).values({
        nftId: row.id,
        amountMinor: row.currentBidMinor,
        entryId: row.settleEntryId ?? 0,
        createdAt: new Date(),
      }),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(nftDonations).where(eq(nftDonations.nftId, row.id))).rejects.toThrow();
  });
});

describe('the public donation ledger', () => {
  it('one row per settled auction and per payout, adding up: donated = charity payable + paid out', async () => {
    const winner = await fundedCustomer(t, '1000');
    const a = await createAuction(t, { endInMs: 5 * minuteMs, name: 'Ledger piece A' });
    const b = await createAuction(t, { endInMs: 5 * minuteMs, name: 'Ledger piece B' });
    await buyNft(t, winner, a.id, '200');
    await buyNft(t, winner, b.id, '300.5');
    t.clock.advance(5 * minuteMs);
    await t.app.nft.runDue(t.clock.now());

    const finance = await adminLogin(t, 'finance');
    const paidAt = new Date(t.clock.now()).toISOString().slice(0, 10);
    const payout = await recordPayout(t, finance, { amount: '250', reference: 'BANK-REF-001', paidAt });
    expect(payout.body.code, JSON.stringify(payout.body)).toBe('200');

    const ledger = await donationLedger();
    const donations = ledger.list.filter((r) => r.kind === 'donation');
    const payouts = ledger.list.filter((r) => r.kind === 'payout');
    expect(donations.find((r) => r.nftId === a.id)).toMatchObject({
      nftName: 'Ledger piece A',
      amount: '200',
    });
    expect(donations.find((r) => r.nftId === b.id)).toMatchObject({ amount: '300.5' });
    expect(payouts).toEqual([
      expect.objectContaining({
        amount: '250',
        reference: 'BANK-REF-001',
        paidAt,
        entryId: payout.body.result.entryId,
      }),
    ]);
    expect(ledger.total).toBe(ledger.list.length);
    expect(new Set(ledger.list.map((r) => r.id)).size).toBe(ledger.list.length);

    const sum = (rows: { amount: string }[]) => rows.reduce((s, r) => s + usdt(r.amount), 0n);
    const payable = await platformBalance(t, 'charity_payable');
    const paid = await platformBalance(t, 'charity_paid');
    expect(sum(donations)).toBe(payable + sum(payouts));
    expect(sum(payouts)).toBe(paid);
    expect(ledger.totals).toEqual({
      donated: ledger.totals.donated,
      paidOut: '250',
      held: ledger.totals.held,
    });
    expect(usdt(ledger.totals.donated)).toBe(sum(donations));
    expect(usdt(ledger.totals.held)).toBe(payable);
    // Each row names the journal entry that moved it.
    for (const row of ledger.list) {
      const [entry] = await t.ctx.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, Number(row.entryId)));
      expect(entry?.kind).toBe(row.kind === 'donation' ? 'nft_settle' : 'nft_payout');
    }
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  });
});
