// The back office's charity auctions (issue 11), on the real app and database: only finance and superadmin
// manage them; a new auction's artwork is re-encoded and served; the artwork and texts change until the
// first bid and never after; no route takes a price or a bid, and the database refuses one by hand; a payout
// above what is held is refused, takes an Idempotency-Key (a replay records it once) and two at once never
// pay out more than is held; every change is an audit row with its before and after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { AdminNft } from '@tradewind/contract';
import { auditLedger } from '../ledger/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { nftPayouts, nfts } from './tables.ts';
import {
  buyNft,
  createAuction,
  fundedCustomer,
  minuteMs,
  nameCharity,
  platformBalance,
  pngDataUrl,
  recordPayout,
} from './testing.ts';

let t: TestApp;
let financeToken: string;
let finance: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  await t.app.nft.stop();
  financeToken = await adminLogin(t, 'finance');
  finance = client(t.app, { token: financeToken });
  await nameCharity(t);
}, 120_000);
afterAll(async () => t.close());

async function lastAudit(action: string, target: string) {
  const [row] = await t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** An EIP-55 example address (a real checksum), standing for a minted collection's contract. */
const polygonContract = '0x52908400098527886E0F7030069857D2E4169EE7';

const newAuction = async (extra: Record<string, unknown> = {}) => ({
  name: 'Back-office piece',
  description: 'Made in the back office.',
  descriptions: { fr: 'Créée dans le back-office.' },
  creator: 'Staff Artist',
  image: await pngDataUrl(7),
  startPrice: '40',
  minIncrement: '5',
  endAt: t.clock.now() + 60 * minuteMs,
  ...extra,
});

describe('who manages auctions', () => {
  it('support and compliance get 403 on every auction route; no session gets 401', async () => {
    for (const role of ['support', 'compliance'] as const) {
      const api = client(t.app, { token: await adminLogin(t, role) });
      expect((await api.get('/admin/api/nfts')).status).toBe(403);
      expect((await api.post('/admin/api/nfts', { body: await newAuction() })).status).toBe(403);
      expect((await api.post('/admin/api/nfts/1', { body: { name: 'x' } })).status).toBe(403);
      expect((await api.get('/admin/api/nfts/payouts')).status).toBe(403);
      const payout = await api.post('/admin/api/nfts/payouts', {
        body: { amount: '1', reference: 'r', paidAt: '2026-01-01' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(payout.status).toBe(403);
    }
    expect((await client(t.app).get('/admin/api/nfts')).status).toBe(401);
    const superadmin = client(t.app, { token: await adminLogin(t, 'superadmin') });
    expect((await superadmin.get('/admin/api/nfts')).status).toBe(200);
  });
});

describe('creating an auction', () => {
  it('stores the artwork re-encoded as PNG, lists it publicly, and audits the creation', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0ffee' } })
      .jpeg()
      .toBuffer();
    const res = await finance.post<AdminNft>('/admin/api/nfts', {
      body: await newAuction({
        image: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        token: { chain: 'Polygon', contractAddress: polygonContract, tokenId: '7' },
      }),
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    const created = res.body.result;
    expect(created).toMatchObject({
      status: 'open',
      startPrice: '40',
      currentBid: '40',
      minNextBid: '45',
      editable: true,
      chain: 'Polygon',
      contractAddress: polygonContract,
      tokenId: '7',
      descriptions: { en: 'Made in the back office.', fr: 'Créée dans le back-office.' },
    });
    const image = await t.app.inject({ url: created.image });
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });
    const fr = await client(t.app, { lang: 'fr' }).get<{ description: string }>(
      `/api/swx/customer/index/getNftById/${created.id}`,
    );
    expect(fr.body.result.description).toBe('Créée dans le back-office.');
    const de = await client(t.app, { lang: 'de' }).get<{ description: string }>(
      `/api/swx/customer/index/getNftById/${created.id}`,
    );
    expect(de.body.result.description).toBe('Made in the back office.');
    const audit = await lastAudit('nft.create', `nft:${created.id}`);
    expect(audit?.after).toMatchObject({ id: created.id, startPrice: '40' });
  });

  it('refuses an end not in the future (10133), an image that is not one (10106), a translation under no locale (400)', async () => {
    const past = await finance.post('/admin/api/nfts', { body: await newAuction({ endAt: t.clock.now() }) });
    expect(past.body.code).toBe('10133');
    const text = `data:image/png;base64,${Buffer.from('not an image').toString('base64')}`;
    expect(
      (await finance.post('/admin/api/nfts', { body: await newAuction({ image: text }) })).body.code,
    ).toBe('10106');
    const gif = await finance.post('/admin/api/nfts', {
      body: await newAuction({ image: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }),
    });
    expect(gif.body.code).toBe('10106');
    const klingon = await finance.post('/admin/api/nfts', {
      body: await newAuction({ descriptions: { tlh: 'Qapla’' } }),
    });
    expect(klingon.status).toBe(400);
  });
});

describe('editing an auction', () => {
  it('changes the artwork and texts before the first bid, audited with before and after', async () => {
    const piece = await createAuction(t);
    const res = await finance.post<AdminNft>(`/admin/api/nfts/${piece.id}`, {
      body: { name: 'Renamed', description: 'New words.', image: await pngDataUrl(99) },
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    expect(res.body.result).toMatchObject({ name: 'Renamed', description: 'New words.' });
    expect(res.body.result.image).not.toBe(piece.image);
    const audit = await lastAudit('nft.update', `nft:${piece.id}`);
    expect(audit?.before).toMatchObject({ name: piece.name, image: piece.image });
    expect(audit?.after).toMatchObject({ name: 'Renamed', image: res.body.result.image });
  });

  it('refuses prices, bids and the end as fields (400), whatever the state', async () => {
    const piece = await createAuction(t);
    for (const body of [
      { startPrice: '1' },
      { currentBid: '1' },
      { minIncrement: '1' },
      { endAt: 1 },
      { bidCount: 0 },
    ]) {
      const res = await finance.post(`/admin/api/nfts/${piece.id}`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.ctx.db
      .select()
      .from(nfts)
      .where(eq(nfts.id, Number(piece.id)));
    expect(row?.startPriceMinor).toBe(100_000_000n);
  });

  it('after the first bid: 10131 and nothing changes; the database refuses the same by hand', async () => {
    const piece = await createAuction(t);
    const bidder = await fundedCustomer(t, '500');
    expect((await buyNft(t, bidder, piece.id, '110')).body.code).toBe('200');
    const res = await finance.post(`/admin/api/nfts/${piece.id}`, { body: { name: 'Too late' } });
    expect(res.body.code).toBe('10131');
    const id = Number(piece.id);
    await expect(t.ctx.db.update(nfts).set({ name: 'By hand' }).where(eq(nfts.id, id))).rejects.toThrow();
    await expect(t.ctx.db.update(nfts).set({ startPriceMinor: 1n }).where(eq(nfts.id, id))).rejects.toThrow();
    await expect(
      t.ctx.db.update(nfts).set({ currentBidMinor: 999_000_000n }).where(eq(nfts.id, id)),
    ).rejects.toThrow();
    await expect(t.ctx.db.delete(nfts).where(eq(nfts.id, id))).rejects.toThrow();
    const [row] = await t.ctx.db.select().from(nfts).where(eq(nfts.id, id));
    expect(row).toMatchObject({ name: piece.name, currentBidMinor: 110_000_000n, bidCount: 1 });
  });

  it('the database refuses a start price change even before any bid', async () => {
    const piece = await createAuction(t);
    await expect(
      t.ctx.db
        .update(nfts)
        .set({ startPriceMinor: 1n })
        .where(eq(nfts.id, Number(piece.id))),
    ).rejects.toThrow();
  });

  it('an unknown auction: 10111', async () => {
    expect((await finance.post('/admin/api/nfts/999999', { body: { name: 'x' } })).body.code).toBe('10111');
  });
});

/** An auction won at `amount` and settled: that much more in charity payable. */
async function settledDonation(amount: string): Promise<void> {
  const winner = await fundedCustomer(t, '500');
  const piece = await createAuction(t, { endInMs: 5 * minuteMs });
  expect((await buyNft(t, winner, piece.id, amount)).body.code).toBe('200');
  t.clock.advance(5 * minuteMs);
  expect(await t.app.nft.runDue(t.clock.now())).toMatchObject({ sold: 1 });
}

const today = () => new Date(t.clock.now()).toISOString().slice(0, 10);

/** The payout rows and nft_payout ledger entries carrying `reference`. */
async function recorded(reference: string) {
  const [payouts] = await t.ctx.db
    .select({ n: count() })
    .from(nftPayouts)
    .where(eq(nftPayouts.reference, reference));
  const [entries] = await t.ctx.db
    .select({ n: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.kind, 'nft_payout'), eq(journalEntries.memo, reference)));
  return { payouts: payouts?.n, entries: entries?.n };
}

async function expectBalancedLedger(): Promise<void> {
  expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  expect(await platformBalance(t, 'charity_payable')).toBeGreaterThanOrEqual(0n);
}

describe('payouts to the charity', () => {
  it('refuses more than is held (10132) and a date in the future; records an audited payout', async () => {
    const held = await platformBalance(t, 'charity_payable');
    const tooMuch = await recordPayout(t, financeToken, {
      amount: ((held + 1n) / 1_000_000n + 1n).toString(),
      reference: 'REF',
      paidAt: today(),
    });
    expect(tooMuch.body.code).toBe('10132');
    const future = await recordPayout(t, financeToken, {
      amount: '1',
      reference: 'REF',
      paidAt: '2999-01-01',
    });
    expect(future.status).toBe(400);

    await settledDonation('120');
    const paid = await recordPayout(t, financeToken, {
      amount: '100',
      reference: 'IBAN-TRANSFER-7',
      paidAt: today(),
    });
    expect(paid.body.code, JSON.stringify(paid.body)).toBe('200');
    expect(await platformBalance(t, 'charity_payable')).toBe(held + 20_000_000n);
    const audit = await lastAudit('nft.payout', `nftPayout:${paid.body.result.id}`);
    expect(audit?.after).toMatchObject({ amount: '100', reference: 'IBAN-TRANSFER-7' });
    const list = await finance.get<{ list: { id: string }[]; totals: { paidOut: string } }>(
      '/admin/api/nfts/payouts',
    );
    expect(list.body.result.list[0]?.id).toBe(paid.body.result.id);
    await expectBalancedLedger();
  });

  it('without an Idempotency-Key: 400 on the header, nothing recorded', async () => {
    await settledDonation('110');
    const held = await platformBalance(t, 'charity_payable');
    const res = await finance.post('/admin/api/nfts/payouts', {
      body: { amount: '1', reference: 'NO-KEY', paidAt: today() },
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toEqual({ fields: { 'Idempotency-Key': expect.any(String) } });
    expect(await recorded('NO-KEY')).toEqual({ payouts: 0, entries: 0 });
    expect(await platformBalance(t, 'charity_payable')).toBe(held);
  });

  it('a replay answers the first payout and records it once; the key with another body: 10110', async () => {
    await settledDonation('130');
    const held = await platformBalance(t, 'charity_payable');
    const key = randomUUID();
    const body = { amount: '30', reference: 'REPLAYED-1', paidAt: today() };
    const answers = await Promise.all([1, 2, 3].map(() => recordPayout(t, financeToken, body, key)));
    expect(answers[0]?.body.code, JSON.stringify(answers[0]?.body)).toBe('200');
    for (const a of answers) expect(a.body).toEqual(answers[0]?.body);
    const again = await recordPayout(t, financeToken, body, key);
    expect(again.body).toEqual(answers[0]?.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await recorded('REPLAYED-1')).toEqual({ payouts: 1, entries: 1 });
    expect(await platformBalance(t, 'charity_payable')).toBe(held - 30_000_000n);

    const other = await recordPayout(t, financeToken, { ...body, amount: '31' }, key);
    expect(other.body.code).toBe('10110');
    expect(await recorded('REPLAYED-1')).toEqual({ payouts: 1, entries: 1 });
    // Keys are per admin: another admin's payout under the same key is their own.
    const superadmin = await adminLogin(t, 'superadmin');
    const theirs = await recordPayout(t, superadmin, { ...body, reference: 'REPLAYED-2', amount: '1' }, key);
    expect(theirs.body.code, JSON.stringify(theirs.body)).toBe('200');
    await expectBalancedLedger();
  });

  it('two different payouts at once never pay out more than is held: the loser gets 10132', async () => {
    await settledDonation('150');
    const held = await platformBalance(t, 'charity_payable');
    // Each fits alone; together they are one minor unit above what is held.
    const half = held / 2n + 1n;
    const amount = (minor: bigint) => `${minor / 1_000_000n}.${String(minor % 1_000_000n).padStart(6, '0')}`;
    const answers = await Promise.all(
      ['RACE-A', 'RACE-B'].map((reference, i) =>
        recordPayout(t, financeToken, {
          amount: amount(i === 0 ? half : held - half + 1n),
          reference,
          paidAt: today(),
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual(['10132', '200']);
    const won = answers[0]?.body.code === '200' ? 0 : 1;
    const paid = won === 0 ? half : held - half + 1n;
    expect(await platformBalance(t, 'charity_payable')).toBe(held - paid);
    const counts = [await recorded('RACE-A'), await recorded('RACE-B')];
    expect(counts[won]).toEqual({ payouts: 1, entries: 1 });
    expect(counts[1 - won]).toEqual({ payouts: 0, entries: 0 });
    await expectBalancedLedger();
  });
});
