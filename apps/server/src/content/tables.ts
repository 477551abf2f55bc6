import { pgTable, bigserial, text, smallint, timestamp, index } from 'drizzle-orm/pg-core';

/** Company, policy, statement, FAQ and notice pages, one row per language group (1 Chinese, 2 others). */
export const contents = pgTable(
  'contents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** 1 Chinese, 2 all other languages (spec.md §2 "Language switching"). */
    langGroup: smallint('lang_group').notNull(),
    type: smallint('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    sort: smallint('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('contents_group_type').on(t.langGroup, t.type)],
);
