import {
  pgTable,
  bigserial,
  bigint,
  text,
  date,
  timestamp,
  index,
  uniqueIndex,
  check,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { uploads } from '../platform/uploads-tables.ts';

/** Identity submissions, all kept: a rejected one stays beside the resubmission that follows it. */
export const kycSubmissions = pgTable(
  'kyc_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    sex: text('sex').notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    areaCode: text('area_code').notNull(),
    phone: text('phone').notNull(),
    docType: text('doc_type').notNull(),
    frontName: text('front_name')
      .notNull()
      .references(() => uploads.name),
    backName: text('back_name')
      .notNull()
      .references(() => uploads.name),
    selfieName: text('selfie_name')
      .notNull()
      .references(() => uploads.name),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('kyc_submissions_user').on(t.userId, t.id),
    index('kyc_submissions_status').on(t.status, t.id),
    // At most one submission under review per customer.
    uniqueIndex('kyc_submissions_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('kyc_submissions_status_valid', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check('kyc_submissions_sex_valid', sql`${t.sex} in ('male', 'female', 'other')`),
    check('kyc_submissions_doc_type_valid', sql`${t.docType} in ('id_card', 'passport', 'driver_licence')`),
  ],
);
export type KycSubmissionRow = typeof kycSubmissions.$inferSelect;
