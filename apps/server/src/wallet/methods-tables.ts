// Where a customer's withdrawals go: a bank card (number sealed, last four kept for display) or a USDT address.
import { pgTable, bigserial, bigint, text, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';

export const withdrawalMethods = pgTable(
  'withdrawal_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** 'bank' or 'usdt'. */
    type: text('type').notNull(),
    bankName: text('bank_name'),
    holderName: text('holder_name'),
    /** The card number, AES-256-GCM sealed (platform/secrets.ts) with the owner as associated data. */
    cardSealed: text('card_sealed'),
    cardLast4: text('card_last4'),
    network: text('network'),
    address: text('address'),
    /** Keyed hash of what the method is, so saving the same one twice answers the first. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Withdrawals may go here from this time: the save time plus `withdraw_method_cooldown_h` (issue 25). */
    usableAt: timestamp('usable_at', { withTimezone: true }).notNull(),
    /** Removed by its owner: kept because withdrawals name it, never listed or used again. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('withdrawal_methods_user_fingerprint')
      .on(t.userId, t.fingerprint)
      .where(sql`${t.removedAt} is null`),
    index('withdrawal_methods_user').on(t.userId, t.id),
    check(
      'withdrawal_methods_shape',
      sql`(${t.type} = 'bank' and ${t.bankName} is not null and ${t.holderName} is not null
            and ${t.cardSealed} is not null and ${t.cardLast4} ~ '^[0-9]{4}$' and ${t.network} is null and ${t.address} is null)
          or (${t.type} = 'usdt' and ${t.network} in ('TRC20', 'ERC20') and ${t.address} is not null
            and ${t.bankName} is null and ${t.holderName} is null and ${t.cardSealed} is null and ${t.cardLast4} is null)`,
    ),
  ],
);
export type WithdrawalMethodRow = typeof withdrawalMethods.$inferSelect;
