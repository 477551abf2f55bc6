// The support inbox: one conversation per customer and its messages (migrations/0016_support.sql). Unread
// counts are computed from `read_at` on the messages, so they cannot disagree with what was opened.
import { pgTable, bigserial, bigint, text, timestamp, index, uniqueIndex, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { uploads } from '../platform/uploads-tables.ts';

export const supportThreads = pgTable(
  'support_threads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** `open` | `closed`: staff close a conversation; the customer's next message opens it again. */
    status: text('status').notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('support_threads_user').on(t.userId),
    index('support_threads_last_message').on(t.lastMessageAt),
    check('support_threads_status_valid', sql`${t.status} in ('open', 'closed')`),
  ],
);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    threadId: bigint('thread_id', { mode: 'number' })
      .notNull()
      .references(() => supportThreads.id),
    /** `customer` | `staff`; a staff message carries its author's admin id. */
    author: text('author').notNull(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => admins.id),
    text: text('text').notNull(),
    imageName: text('image_name').references(() => uploads.name),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the other side opened it: staff for a customer message, the customer for a reply. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('support_messages_thread').on(t.threadId, t.id),
    check(
      'support_messages_author_valid',
      sql`(${t.author} = 'customer' and ${t.adminId} is null) or (${t.author} = 'staff' and ${t.adminId} is not null)`,
    ),
    check('support_messages_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
);
