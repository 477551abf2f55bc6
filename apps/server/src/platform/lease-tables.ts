import { bigint, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The cluster's leader lease (migration 0024, platform/lease.ts): who holds it, under which term, until when
 * by the database's clock. `holder` is null once released (a SIGTERM'd leader hands over at once).
 */
export const leaderLease = pgTable(
  'leader_lease',
  {
    name: text('name').primaryKey(),
    holder: text('holder'),
    term: bigint('term', { mode: 'bigint' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('leader_lease_term_positive', sql`${t.term} > 0`)],
);
