import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** System parameters: one text value per key, read by the public `getParamByKey` and by services. */
export const params = pgTable('params', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
