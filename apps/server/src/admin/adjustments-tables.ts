import { pgTable, bigserial, bigint, text, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { admins } from './tables.ts';

/** A manual balance change: requested by one admin, posted only when a different admin approves. */
export const adjustments = pgTable(
  'adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    book: text('book').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => admins.id),
    entryId: bigint('entry_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('adjustments_status').on(t.status),
    check('adjustments_two_admins', sql`${t.approvedBy} is null or ${t.approvedBy} <> ${t.requestedBy}`),
    check('adjustments_nonzero', sql`${t.amountMinor} <> 0`),
  ],
);
