import {
  pgTable,
  bigserial,
  bigint,
  text,
  timestamp,
  smallint,
  index,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** Customer sessions: only the token's hash is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/** Mailed verification codes: hashed, single use, expiring, void after too many wrong tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('verification_codes_email').on(t.email, t.purpose, t.createdAt)],
);

/** Google sign-in flows: what the server sent with each authorization URL, claimed once by the exchange. */
export const googleFlows = pgTable(
  'google_flows',
  {
    state: text('state').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('google_flows_created').on(t.createdAt)],
);

/**
 * A customer's TOTP: the secret sealed with the platform key (context `customer-totp:<id>`), pending until a
 * first code confirms it; `lastStep` is the last 30-s step accepted, so each code signs in once.
 */
export const customerTotp = pgTable('customer_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secret: text('secret'),
  pendingSecret: text('pending_secret'),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** A customer's recovery codes: HMAC fingerprints under the platform key, each used once. */
export const customerRecoveryCodes = pgTable(
  'customer_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customer_recovery_codes_user_hash').on(t.userId, t.codeHash)],
);
