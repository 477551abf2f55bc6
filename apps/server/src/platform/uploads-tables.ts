import { pgTable, bigint, text, integer, timestamp, index, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every stored upload, written in the same transaction as the business row that refers to it. A file on
 * disk without a row here (its transaction rolled back) is never served.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** Server-generated random file name under DATA_DIR/uploads, e.g. "3f…9a.png". */
    name: text('name').primaryKey(),
    /** References users(id) in the database (migration 0005); not declared here: platform names no domain table. */
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** What the file is evidence of; it decides which admins may read it. */
    purpose: text('purpose').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the stored bytes (after re-encoding). */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('uploads_user').on(t.userId),
    check('uploads_purpose_valid', sql`${t.purpose} in ('deposit_proof', 'kyc', 'support')`),
  ],
);
