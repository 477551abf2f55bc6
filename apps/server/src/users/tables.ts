import {
  pgTable,
  bigserial,
  text,
  smallint,
  timestamp,
  bigint,
  uniqueIndex,
  index,
  check,
} from 'drizzle-orm/pg-core';
import { kycStatuses, userStatuses } from '@tradewind/contract';
import { sql } from 'drizzle-orm';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: text('user_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    areaCode: text('area_code'),
    phone: text('phone'),
    /** The contract's `userStatuses`: 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(userStatuses.enabled),
    /** The contract's `kycStatuses`: 0 none, 1 pending, 2 verified, 3 failed. */
    kycStatus: smallint('kyc_status').notNull().default(kycStatuses.none),
    inviteCode: text('invite_code').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' }),
    googleSubject: text('google_subject'),
    locale: text('locale').notNull().default('en'),
    /** The last password change or reset or two-factor reset: withdrawals pause a cool-down after it. */
    securityChangedAt: timestamp('security_changed_at', { withTimezone: true }),
    /** Shown at the top of every e-mail to the customer, so a phishing copy without it stands out. */
    antiPhishingPhrase: text('anti_phishing_phrase'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower').on(sql`lower(${t.userName})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_invite_code').on(t.inviteCode),
    uniqueIndex('users_google_subject').on(t.googleSubject),
    uniqueIndex('users_phone').on(t.areaCode, t.phone),
    /** inviteInfo lists a user's invitees (migrations/0015_invite.sql). */
    index('users_invited_by').on(t.invitedBy, t.id),
    check('users_status_valid', sql`${t.status} in (1, 2)`),
    check('users_kyc_status_valid', sql`${t.kycStatus} between 0 and 3`),
  ],
);
export type UserRow = typeof users.$inferSelect;
