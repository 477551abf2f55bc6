import {
  pgTable,
  bigserial,
  bigint,
  integer,
  text,
  smallint,
  boolean,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Company, policy and statement pages, FAQ entries and notices: one row per item, its texts per locale. */
export const contents = pgTable(
  'contents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The seed's name for an item it wrote (`about`, `faq:kyc:1`), so translations added later find it. */
    slug: text('slug'),
    /** 1 company, 2 policy, 3 statement, 4 FAQ, 5 notice. */
    type: smallint('type').notNull(),
    /** FAQ entries only: one of the contract's `faqTopics`. */
    topic: text('topic'),
    sort: smallint('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    /** Notices only: when it was announced; lists give the newest first. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /**
     * When a person last changed the item's texts in the back office; null while they are as seeded. The seed
     * neither upgrades nor fills in languages of an edited item (migration 0023).
     */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Raised by every back-office change: an editor saving on a revision it did not read is refused. */
    revision: integer('revision').notNull().default(0),
  },
  (t) => [uniqueIndex('contents_slug').on(t.slug), index('contents_type').on(t.type, t.published)],
);

/** An item's title and body in one locale; at most one per item and locale. */
export const contentTranslations = pgTable(
  'content_translations',
  {
    contentId: bigint('content_id', { mode: 'number' })
      .notNull()
      .references(() => contents.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /**
     * The version of the seeded text this row holds ('1.0'), which a start with a newer module text replaces;
     * null once a person wrote or edited it, and the seed leaves it alone from then on.
     */
    seedVersion: text('seed_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('content_translations_item_locale').on(t.contentId, t.locale),
    check('content_translations_seed_version', sql`${t.seedVersion} ~ '^[0-9]+(\\.[0-9]+)*$'`),
  ],
);

/** Seed sets a database has had (`pages`, `help`): each is written once, so later edits are kept. */
export const contentSeeds = pgTable('content_seeds', {
  name: text('name').primaryKey(),
  seededAt: timestamp('seeded_at', { withTimezone: true }).notNull(),
});
