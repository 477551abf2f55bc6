import {
  pgTable,
  bigserial,
  bigint,
  boolean,
  text,
  timestamp,
  uniqueIndex,
  index,
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

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('admin_sessions_token_hash').on(t.tokenHash),
    index('admin_sessions_admin').on(t.adminId),
  ],
);

/** One-time recovery codes of an admin's TOTP enrolment, as keyed hashes (migration 0021). */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' })
      .notNull()
      .references(() => admins.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('admin_recovery_codes_admin_hash').on(t.adminId, t.codeHash)],
);
