import { pgTable, bigint, text, integer, jsonb, timestamp, primaryKey, index } from 'drizzle-orm/pg-core';

/** Answers of money-moving requests, by (user, Idempotency-Key), replayed on a retry. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** References users(id) in the database (migration 0002); not declared here: platform names no domain table. */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    /** SHA-256 of route, book and body: the same key with another request is refused (10110). */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);

/**
 * The same answers for an admin's money-moving requests, by (admin, Idempotency-Key). References admins(id)
 * in the database (migration 0020); apart from the customers' keys, whose owner is a user.
 */
export const adminIdempotencyKeys = pgTable(
  'admin_idempotency_keys',
  {
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adminId, t.key] }),
    index('admin_idempotency_keys_created').on(t.createdAt),
  ],
);
