// Helpers for the charity-auction suites: funded real-book customers, auctions created through the back
// office with a chosen end, bids as the app sends them, and the balances and ledger figures the tests check.
// Everything goes through the real app and database.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { AdminNft, AdminNftPayoutBody, NftBid, NftPayout } from '@tradewind/contract';
import { balancesOf } from '../ledger/accounts.ts';
import { queryRows } from '../platform/db.ts';
import { client, registerUser, type Answer, type TestApp } from '../test/harness.ts';
import { setParam } from '../settings/service.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';

export type Customer = { token: string; id: string; userName: string };
export const minuteMs = 60_000;

/** A new customer with `amount` USDT of real cash (a finance admin asks, a superadmin approves). */
export async function fundedCustomer(t: TestApp, amount: string): Promise<Customer> {
  const who = await registerUser(t);
  const [asker, approver] = [await adminLogin(t, 'finance'), await adminLogin(t, 'superadmin')];
  const req = await client(t.app, { token: asker }).post<{ id: string }>('/admin/api/adjustments', {
    body: { userId: who.id, book: 'real', amount, reason: 'test funding' },
  });
  if (req.body.code !== '200') throw new Error(`adjustment failed: ${JSON.stringify(req.body)}`);
  const ok = await client(t.app, { token: approver }).post(
    `/admin/api/adjustments/${req.body.result.id}/approve`,
  );
  if (ok.body.code !== '200') throw new Error(`approval failed: ${JSON.stringify(ok.body)}`);
  return { token: who.token, id: who.id, userName: who.userName };
}

/** A small real PNG as a data URL, its colour from `seed` so two artworks differ. */
export async function pngDataUrl(seed = 1): Promise<string> {
  const png = await sharp({
    create: { width: 24, height: 24, channels: 3, background: { r: seed % 256, g: 80, b: 160 } },
  })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export type AuctionTerms = { startPrice?: string; minIncrement?: string; endInMs?: number; name?: string };

export const testCharity = 'Test Children’s Fund';

/** Names the charity, as an operator must before the first auction (nft/admin.ts `requireCharityNamed`). */
export const nameCharity = (t: TestApp) =>
  setParam(t.ctx.db, 'charity_name', testCharity, new Date(t.clock.now()));

/**
 * An auction created by a finance admin through POST /admin/api/nfts, ending `endInMs` from the clock, after
 * naming the charity.
 */
export async function createAuction(t: TestApp, terms: AuctionTerms = {}): Promise<AdminNft> {
  await nameCharity(t);
  const admin = await adminLogin(t, 'finance');
  const res = await client(t.app, { token: admin }).post<AdminNft>('/admin/api/nfts', {
    body: {
      name: terms.name ?? `Test piece ${randomUUID().slice(0, 6)}`,
      description: 'A piece made for a test.',
      creator: 'Test Artist',
      image: await pngDataUrl(),
      startPrice: terms.startPrice ?? '100',
      minIncrement: terms.minIncrement ?? '10',
      endAt: t.clock.now() + (terms.endInMs ?? 60 * minuteMs),
    },
  });
  if (res.body.code !== '200') throw new Error(`auction not created: ${JSON.stringify(res.body)}`);
  return res.body.result;
}

export function buyNft(
  t: TestApp,
  who: Customer,
  nftId: string,
  amount: string,
  opts: { book?: 'YES' | 'NO'; key?: string } = {},
): Promise<Answer<NftBid>> {
  return client(t.app, { token: who.token, book: opts.book ?? 'YES' }).post('/api/swx/customer/user/buyNft', {
    body: { nftId, amount },
    headers: { 'idempotency-key': opts.key ?? randomUUID() },
  });
}

/** A payout to the charity as the back office records it, under `key` (a new one unless given). */
export function recordPayout(
  t: TestApp,
  adminToken: string,
  body: AdminNftPayoutBody,
  key: string = randomUUID(),
): Promise<Answer<NftPayout>> {
  return client(t.app, { token: adminToken }).post('/admin/api/nfts/payouts', {
    body,
    headers: { 'idempotency-key': key },
  });
}

/** The customer's real cash and bid hold, in minor units. */
export async function books(t: TestApp, who: Pick<Customer, 'id'>) {
  const b = await balancesOf(t.ctx.db, Number(who.id), 'real', 'USDT');
  return { cash: b.get('cash') ?? 0n, hold: b.get('bid_hold') ?? 0n };
}

/** A platform account's balance in the real book (charity_payable, charity_paid). */
export async function platformBalance(t: TestApp, purpose: string): Promise<bigint> {
  const [row] = await queryRows<{ b: string }>(
    t.ctx.db,
    sql`select coalesce(sum(balance_minor), 0)::text as b from ledger_accounts
      where owner_type = 'platform' and book = 'real' and asset = 'USDT' and purpose = ${purpose}`,
  );
  return BigInt(row?.b ?? '0');
}

/** Every customer's bid hold together, and the current bids of open pieces with a leader: always equal. */
export async function holdsAndLeadingBids(t: TestApp): Promise<{ holds: bigint; leading: bigint }> {
  const [row] = await queryRows<{ holds: string; leading: string }>(
    t.ctx.db,
    sql`select
      (select coalesce(sum(balance_minor), 0) from ledger_accounts
        where owner_type = 'user' and book = 'real' and purpose = 'bid_hold')::text as holds,
      (select coalesce(sum(current_bid_minor), 0) from nfts
        where status = 'open' and leader_user_id is not null)::text as leading`,
  );
  return { holds: BigInt(row?.holds ?? '0'), leading: BigInt(row?.leading ?? '0') };
}

/** The customer's notifications of `kind`, newest first. */
export async function notificationsOf(t: TestApp, who: Customer, kind: string) {
  const res = await client(t.app, { token: who.token, lang: 'en' }).get<{
    list: { kind: string; title: string; body: string }[];
  }>('/api/swx/customer/user/listNotification');
  return res.body.result.list.filter((n) => n.kind === kind);
}
