import { pgTable, bigserial, bigint, text, jsonb, timestamp, index } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/** A message to a customer. Title and body are rendered in the reader's language from `kind` and `params`. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('notifications_user').on(t.userId, t.id)],
);
