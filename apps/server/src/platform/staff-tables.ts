// Staff identity (issue 28: "staff identity to platform"): the back office's accounts, which reviews in every
// domain name by foreign key (who approved a deposit, a loan, a KYC). It sits in platform so that a domain
// naming its reviewer does not depend on the back office, which depends on the domains.
import {
  pgTable,
  bigserial,
  bigint,
  boolean,
  text,
  timestamp,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const admins = pgTable(
  'admins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userName: text('user_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** A generated password (bootstrap, new colleague, reset) is replaced before anything else (0021). */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The TOTP secret, sealed with platform/secrets.ts under `admin-totp:<id>`; null until enrolled. */
    totpSecret: text('totp_secret'),
    /** A secret shown by enrol and not yet confirmed with a code. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    /** The last 30-s step whose code was accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('admins_user_name').on(t.userName),
    check('admins_role_valid', sql`${t.role} in ('support', 'finance', 'compliance', 'superadmin')`),
    check('admins_totp_enrolled', sql`(${t.totpSecret} is null) = (${t.totpEnrolledAt} is null)`),
  ],
);
