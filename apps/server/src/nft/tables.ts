// Charity NFT auctions: the pieces with their running auction, every bid, one donation per sold piece, and
// the payouts to the charity. The rules the database keeps (migrations/0014_nft.sql, 0020): the start
// price, the increment and the original end never change; the artwork and texts freeze at the first bid;
// the current bid moves only up, one recorded bid at a time; a piece is settled once (open → sold |
// unsold); bids, donations and payouts are never changed or removed.
import {
  pgTable,
  bigserial,
  bigint,
  customType,
  date,
  integer,
  jsonb,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { getTableColumns, sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { journalEntries } from '../ledger/tables.ts';

/** Texts by locale code ("en", "zh-CN", …); "en" is always present. */
export type NftDescriptions = Record<string, string>;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const nfts = pgTable(
  'nfts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    descriptions: jsonb('descriptions').$type<NftDescriptions>().notNull(),
    creator: text('creator').notNull(),
    /**
     * The minted token, all three or none (migrations/0028): null for a platform-issued collectible. Set by an
     * operator from the back office, checked there (EIP-55 address), frozen with the texts at the first bid.
     */
    chain: text('chain'),
    contractAddress: text('contract_address'),
    tokenId: text('token_id'),
    /** The artwork as PNG (generated at seed time, or an admin's upload re-encoded by sharp). */
    imagePng: bytea('image_png').notNull(),
    /** sha-256 of the PNG, hex: the image URL's version, so a new artwork is never served from a cache. */
    imageSha256: text('image_sha256').notNull(),
    startPriceMinor: bigint('start_price_minor', { mode: 'bigint' }).notNull(),
    minIncrementMinor: bigint('min_increment_minor', { mode: 'bigint' }).notNull(),
    /** The highest bid; the start price while there is none. */
    currentBidMinor: bigint('current_bid_minor', { mode: 'bigint' }).notNull(),
    leaderUserId: bigint('leader_user_id', { mode: 'number' }).references(() => users.id),
    bidCount: integer('bid_count').notNull(),
    endAt: timestamp('end_at', { withTimezone: true, precision: 3 }).notNull(),
    /** The end it was created with; later than it, `endAt` was moved by a late bid (anti-sniping). */
    originalEndAt: timestamp('original_end_at', { withTimezone: true, precision: 3 }).notNull(),
    status: text('status').notNull(),
    winnerUserId: bigint('winner_user_id', { mode: 'number' }).references(() => users.id),
    settledAt: timestamp('settled_at', { withTimezone: true, precision: 3 }),
    /** Sold: bid hold → charity payable. */
    settleEntryId: bigint('settle_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('nfts_open_end')
      .on(t.endAt)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('nfts_token').on(t.chain, t.contractAddress, t.tokenId),
    uniqueIndex('nfts_settle_entry').on(t.settleEntryId),
    check('nfts_original_end', sql`${t.endAt} >= ${t.originalEndAt}`),
    check('nfts_status', sql`${t.status} in ('open', 'sold', 'unsold')`),
    check(
      'nfts_amounts',
      sql`${t.startPriceMinor} > 0 and ${t.minIncrementMinor} > 0 and ${t.bidCount} >= 0
        and ${t.currentBidMinor} >= ${t.startPriceMinor}`,
    ),
    check(
      'nfts_leader',
      sql`(${t.bidCount} = 0) = (${t.leaderUserId} is null)
        and (${t.bidCount} > 0 or ${t.currentBidMinor} = ${t.startPriceMinor})`,
    ),
    check(
      'nfts_settled',
      sql`(${t.status} = 'open') = (${t.settledAt} is null)
        and (${t.status} = 'sold') = (${t.winnerUserId} is not null)
        and (${t.status} = 'sold') = (${t.settleEntryId} is not null)
        and (${t.status} <> 'sold' or ${t.winnerUserId} = ${t.leaderUserId})
        and (${t.status} <> 'unsold' or ${t.bidCount} = 0)`,
    ),
  ],
);
export type NftRow = typeof nfts.$inferSelect;

export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nftId: bigint('nft_id', { mode: 'number' })
      .notNull()
      .references(() => nfts.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** cash → bid hold of the bidder, and the previous leader's hold back to their cash, in one entry. */
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('nft_bids_nft').on(t.nftId, t.id),
    index('nft_bids_user').on(t.userId, t.nftId),
    uniqueIndex('nft_bids_entry').on(t.entryId),
    // Bids on a piece rise strictly, so two bids of one amount cannot both be recorded.
    uniqueIndex('nft_bids_amount_of').on(t.nftId, t.amountMinor),
    check('nft_bids_amount', sql`${t.amountMinor} > 0`),
  ],
);
export type NftBidRow = typeof nftBids.$inferSelect;

export const nftDonations = pgTable(
  'nft_donations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    nftId: bigint('nft_id', { mode: 'number' })
      .notNull()
      .references(() => nfts.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('nft_donations_nft').on(t.nftId),
    uniqueIndex('nft_donations_entry').on(t.entryId),
    check('nft_donations_amount', sql`${t.amountMinor} > 0`),
  ],
);
export type NftDonationRow = typeof nftDonations.$inferSelect;

export const nftPayouts = pgTable(
  'nft_payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The bank or chain reference of the transfer to the charity. */
    reference: text('reference').notNull(),
    /** The day the transfer was made (as the admin recorded it). */
    paidAt: date('paid_at', { mode: 'string' }).notNull(),
    /** charity payable → charity paid. */
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('nft_payouts_entry').on(t.entryId),
    check('nft_payouts_amount', sql`${t.amountMinor} > 0`),
  ],
);
export type NftPayoutRow = typeof nftPayouts.$inferSelect;

/** Every column of a piece but the artwork bytes: what lists, bids and settlement read. */
export const { imagePng: _imagePng, ...nftColumns } = getTableColumns(nfts);
