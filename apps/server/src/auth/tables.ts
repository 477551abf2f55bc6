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
    /** Where the session signed in from, as the security page lists it (migrations/0033). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The hash of the one-time link a new-device e-mail carries to sign this session out, and its use. */
    revokeLinkHash: text('revoke_link_hash'),
    revokeLinkUsedAt: timestamp('revoke_link_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash').on(t.tokenHash),
    index('sessions_user').on(t.userId),
    uniqueIndex('sessions_revoke_link_hash').on(t.revokeLinkHash),
  ],
);

/** Browsers a customer has signed in from: the hash of a token the browser keeps (auth/devices.ts). */
export const customerDevices = pgTable(
  'customer_devices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('customer_devices_token_hash').on(t.tokenHash),
    index('customer_devices_user').on(t.userId),
  ],
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
    /** Whom a claimed flow resolved to while their second factor is awaited (auth/google-second-factor.ts). */
    pendingUserId: bigint('pending_user_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'cascade',
    }),
    pendingUntil: timestamp('pending_until', { withTimezone: true }),
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

/**
 * A customer's passkeys (WebAuthn): the credential id and COSE public key as base64url, the signature counter
 * last seen, the transports the browser reported (JSON array, a hint for the next sign-in) and the name the
 * customer gave it.
 */
export const customerPasskeys = pgTable(
  'customer_passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_passkeys_credential').on(t.credentialId),
    index('customer_passkeys_user').on(t.userId),
  ],
);

/** WebAuthn challenges the server issued: claimed once by the response that signs them, while fresh. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** register | login | stepUp: a challenge issued for one ceremony is refused by the others. */
    purpose: text('purpose').notNull(),
    /** The signed-in customer it was issued to (register, stepUp); null for a sign-in. */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('passkey_challenges_created').on(t.createdAt)],
);
