import { pgTable, bigserial, bigint, text, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { journalEntries } from '../ledger/tables.ts';
import { admins } from '../platform/staff-tables.ts';

/**
 * A manual balance change: requested by one admin, posted only when a different admin approves; a different
 * admin may reject it, the requester may void (cancel) it. Approved exactly when posted: the deferred trigger
 * adjustments_posted_iff_approved (migration 0010) checks it at commit.
 */
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
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => admins.id),
    decisionReason: text('decision_reason'),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('adjustments_status').on(t.status),
    /** A customer's adjustments, for the customer 360 (migration 0025). */
    index('adjustments_user').on(t.userId, t.id),
    check('adjustments_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected', 'voided')`),
    // Four eyes: approved and rejected by someone other than the requester; voided only by the requester.
    check(
      'adjustments_decided',
      sql`(${t.status} = 'pending' and ${t.decidedBy} is null and ${t.decidedAt} is null)
        or (${t.status} in ('approved', 'rejected') and ${t.decidedBy} <> ${t.requestedBy} and ${t.decidedAt} is not null)
        or (${t.status} = 'voided' and ${t.decidedBy} = ${t.requestedBy} and ${t.decidedAt} is not null)`,
    ),
    check('adjustments_nonzero', sql`${t.amountMinor} <> 0`),
  ],
);
export type AdjustmentRow = typeof adjustments.$inferSelect;
