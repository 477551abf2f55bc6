import { pgTable, bigserial, bigint, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { journalEntries } from '../ledger/tables.ts';

/**
 * One invite reward per invitee (migrations/0015_invite.sql): the unique invitee is what makes the reward
 * "exactly once" when two of the invitee's deposits are approved at the same moment. `entryId` is set in the
 * claiming transaction, after the row; a deferred trigger refuses a commit without it.
 */
export const inviteRewards = pgTable(
  'invite_rewards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviteeId: bigint('invitee_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    inviterId: bigint('inviter_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The invitee's first approved deposit, which earned the reward. */
    depositId: bigint('deposit_id', { mode: 'number' })
      .notNull()
      .references(() => deposits.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => journalEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invite_rewards_invitee').on(t.inviteeId),
    uniqueIndex('invite_rewards_entry').on(t.entryId),
    index('invite_rewards_inviter').on(t.inviterId, t.id),
    check('invite_rewards_amount', sql`${t.amountMinor} > 0`),
    check('invite_rewards_not_self', sql`${t.inviteeId} <> ${t.inviterId}`),
  ],
);
export type InviteRewardRow = typeof inviteRewards.$inferSelect;
