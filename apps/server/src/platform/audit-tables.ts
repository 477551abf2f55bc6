import { pgTable, bigserial, bigint, text, timestamp, jsonb, index } from 'drizzle-orm/pg-core';

/**
 * Every operator action: who, when, what, why (DESIGN.md §1.6). Rows are only ever inserted.
 * `admin_id` references `admins(id)` in the database (migration 0000); the reference is not declared here
 * because platform knows no domain table.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: bigint('admin_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt),
    /** Rows about one thing (`user:12`, `deposit:7`): the customer 360 reads them (migration 0025). */
    index('audit_log_target').on(t.target, t.id),
  ],
);
