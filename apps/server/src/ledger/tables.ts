// The double-entry ledger (DESIGN.md §1.2): accounts with balances, immutable entries and postings.
// Triggers in migrations 0003 and 0007 hold the rules in the database: postings and entries never change,
// balance_minor moves only by a posting insert, an entry is one book and sums to zero per asset at commit.
import {
  pgTable,
  bigserial,
  bigint,
  smallint,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 'user' accounts belong to a customer; 'platform' accounts to Tradewind itself. */
    ownerType: text('owner_type').notNull(),
    /** References users(id) in the database (migration 0001); not declared here: the ledger imports only platform. */
    userId: bigint('user_id', { mode: 'number' }),
    book: text('book').notNull(),
    asset: text('asset').notNull(),
    purpose: text('purpose').notNull(),
    /** Which row of a sharded platform account (accounts.ts `shardedPurposes`); 0 for every other account. */
    shard: smallint('shard').notNull().default(0),
    balanceMinor: bigint('balance_minor', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user_key')
      .on(t.userId, t.book, t.asset, t.purpose)
      .where(sql`${t.ownerType} = 'user'`),
    uniqueIndex('ledger_accounts_platform_key')
      .on(t.book, t.asset, t.purpose, t.shard)
      .where(sql`${t.ownerType} = 'platform'`),
    check('ledger_accounts_owner_valid', sql`(${t.ownerType} = 'user') = (${t.userId} is not null)`),
    check('ledger_accounts_book_valid', sql`${t.book} in ('demo', 'real')`),
    // The last line of defence: no customer account can ever go below zero, whatever the code does.
    check('ledger_accounts_customer_nonnegative', sql`${t.ownerType} <> 'user' or ${t.balanceMinor} >= 0`),
  ],
);

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    book: text('book').notNull(),
    kind: text('kind').notNull(),
    /** The business row this entry belongs to, e.g. "deposit:12". */
    ref: text('ref').notNull(),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('journal_entries_ref').on(t.ref)],
);

export const postings = pgTable(
  'postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    asset: text('asset').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('postings_account').on(t.accountId, t.id), index('postings_entry').on(t.entryId)],
);
