// The charity-auction domain wired together (CONTRACT.md buyNft, listNft, getNftById, listDonation; issue
// 11): bids, the public collection, the customer's auctions, the artwork, and the settlement job. The job
// runs on the feed's leader only and is also runnable on demand (`runDue`), driven by the injected clock;
// running it twice, or on two nodes at once, settles each auction once (settle.ts).
import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  codes,
  type Book,
  type BuyNftBody,
  type MyNft,
  type Nft,
  type NftBid,
  type NftDetail,
  type NftStatus,
  type Page,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { LeaderJob, type Leadership } from '../platform/leader-job.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { Locale } from '../platform/i18n.ts';
import { users } from '../users/tables.ts';
import { placeBid } from './bid.ts';
import { donatedMinor } from './donations.ts';
import { settleDue, type SettleResult } from './settle.ts';
import { nftBids, nftColumns, nfts } from './tables.ts';
import { maskName, money, nftView } from './view.ts';

export type { Leadership };

export type NftOptions = {
  /** How often the leader looks for ended auctions (real time; what has ended is read from the clock). */
  everyMs?: number;
};

/** Open pieces first, ending soonest first; then settled ones, the latest first. */
const collectionOrder = [
  sql`(${nfts.status} <> 'open')`,
  sql`case when ${nfts.status} = 'open' then ${nfts.endAt} end asc`,
  sql`${nfts.settledAt} desc nulls last`,
  desc(nfts.id),
];

export class NftAuctions {
  private readonly job: LeaderJob<SettleResult>;

  constructor(
    private readonly ctx: Ctx,
    leadership: Leadership,
    options: NftOptions = {},
  ) {
    this.job = new LeaderJob(ctx, leadership, {
      name: 'nft settlement',
      // Often enough that a won auction is settled within seconds of its end.
      everyMs: options.everyMs ?? 5_000,
      run: (nowMs, db) =>
        settleDue(db, nowMs, {
          onError: (err, id) => ctx.log.error({ err, nftId: id }, 'nft: settling an auction failed'),
        }),
    });
  }

  /** Starts the settlement job on the leader: a first run at once (catching up after downtime), then often. */
  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Settles every auction ended by `nowMs` (runs of one instance take turns; instances may race safely). */
  runDue(nowMs: number): Promise<SettleResult> {
    return this.job.run(nowMs);
  }

  async bid(tx: Tx, userId: number, book: Book, body: BuyNftBody, locale: Locale): Promise<NftBid> {
    const { bid, nft, extended } = await placeBid(tx, {
      userId,
      book,
      body,
      now: new Date(this.ctx.clock.now()),
    });
    return {
      id: String(bid.id),
      nftId: String(bid.nftId),
      amount: money(bid.amountMinor),
      at: bid.createdAt.getTime(),
      endAt: nft.endAt.getTime(),
      extended,
      nft: nftView(nft, locale, await donatedMinor(tx)),
    };
  }

  async list(
    locale: Locale,
    q: { page: number; size: number; status?: NftStatus | undefined },
  ): Promise<Page<Nft>> {
    const where = q.status ? eq(nfts.status, q.status) : undefined;
    const [total] = await this.ctx.db.select({ n: count() }).from(nfts).where(where);
    const rows = await this.ctx.db
      .select(nftColumns)
      .from(nfts)
      .where(where)
      .orderBy(...collectionOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const donated = await donatedMinor(this.ctx.db);
    return {
      list: rows.map((r) => nftView(r, locale, donated)),
      total: total?.n ?? 0,
      page: q.page,
      size: q.size,
    };
  }

  /** The piece and its latest 20 bids, bidders masked; unknown: 10111. */
  async detail(id: number, locale: Locale): Promise<NftDetail> {
    const [row] = await this.ctx.db.select(nftColumns).from(nfts).where(eq(nfts.id, id)).limit(1);
    if (!row) throw new AppError(codes.notFound);
    const bids = await this.ctx.db
      .select({ amount: nftBids.amountMinor, at: nftBids.createdAt, userName: users.userName })
      .from(nftBids)
      .innerJoin(users, eq(users.id, nftBids.userId))
      .where(eq(nftBids.nftId, id))
      .orderBy(desc(nftBids.id))
      .limit(20);
    return {
      ...nftView(row, locale, await donatedMinor(this.ctx.db)),
      bids: bids.map((b) => ({ amount: money(b.amount), at: b.at.getTime(), bidder: maskName(b.userName) })),
    };
  }

  /** The artwork bytes and their hash (the ETag); unknown: 10111. */
  async image(id: number): Promise<{ png: Buffer; sha256: string }> {
    const [row] = await this.ctx.db
      .select({ png: nfts.imagePng, sha256: nfts.imageSha256 })
      .from(nfts)
      .where(eq(nfts.id, id))
      .limit(1);
    if (!row) throw new AppError(codes.notFound);
    return { png: Buffer.from(row.png), sha256: row.sha256 };
  }

  /** Pieces the customer bid on or won, the latest bid first, with their highest bid and whether they lead. */
  async mine(userId: number, locale: Locale, q: { page: number; size: number }): Promise<Page<MyNft>> {
    const mineWhere: SQL = sql`${nfts.id} in (select nft_id from nft_bids where user_id = ${userId})`;
    const [total] = await this.ctx.db.select({ n: count() }).from(nfts).where(mineWhere);
    const rows = await this.ctx.db
      .select(nftColumns)
      .from(nfts)
      .where(mineWhere)
      .orderBy(...collectionOrder)
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const highest = await myHighestBids(
      this.ctx.db,
      userId,
      rows.map((r) => r.id),
    );
    const donated = await donatedMinor(this.ctx.db);
    return {
      list: rows.map((r) => ({
        ...nftView(r, locale, donated),
        myBid: money(highest.get(r.id) ?? 0n),
        leading: r.leaderUserId === userId && r.status !== 'unsold',
        owned: r.status === 'sold' && r.winnerUserId === userId,
      })),
      total: total?.n ?? 0,
      page: q.page,
      size: q.size,
    };
  }
}

async function myHighestBids(db: DbOrTx, userId: number, nftIds: number[]): Promise<Map<number, bigint>> {
  if (nftIds.length === 0) return new Map();
  const rows = await db
    .select({ nftId: nftBids.nftId, amount: sql<string>`max(${nftBids.amountMinor})::text` })
    .from(nftBids)
    .where(and(eq(nftBids.userId, userId), inArray(nftBids.nftId, nftIds)))
    .groupBy(nftBids.nftId);
  return new Map(rows.map((r) => [r.nftId, BigInt(r.amount)]));
}
