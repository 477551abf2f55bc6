// Loans: the products offered, the agreements issued to customers (kept 24 h so that the one signed is the
// one read), and the loans. A loan changes only along pending → rejected | repaying → overdue → repaid (or
// repaying → repaid), its terms never change, and a customer has at most one loan outstanding or under
// review; the trigger and the partial unique index in migrations/0013_loans.sql keep that in the database.
import {
  pgTable,
  bigserial,
  bigint,
  integer,
  boolean,
  jsonb,
  text,
  timestamp,
  index,
  uniqueIndex,
  check,
  customType,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Locale } from '../platform/i18n.ts';
import { users } from '../users/tables.ts';
import { admins } from '../platform/staff-tables.ts';
import { journalEntries } from '../ledger/tables.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const loanProducts = pgTable(
  'loan_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    /** The product's name in each of the 11 languages. */
    names: jsonb('names').$type<Record<Locale, string>>().notNull(),
    minAmountMinor: bigint('min_amount_minor', { mode: 'bigint' }).notNull(),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    freeDays: integer('free_days').notNull(),
    /** Millionths of the amount per interest-bearing day (loan-math `loanRateScale`). */
    dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
    enabled: boolean('enabled').notNull(),
    sort: integer('sort').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last back-office edit (migration 0022); null: as seeded. */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('loan_products_code').on(t.code),
    check(
      'loan_products_amounts',
      sql`${t.minAmountMinor} > 0 and ${t.maxAmountMinor} >= ${t.minAmountMinor}`,
    ),
    check(
      'loan_products_terms',
      sql`${t.termDays} between 1 and 3650 and ${t.freeDays} >= 0 and ${t.freeDays} <= ${t.termDays}
        and ${t.dailyRatePpm} >= 0 and ${t.dailyRatePpm} <= 10000`,
    ),
  ],
);
export type LoanProductRow = typeof loanProducts.$inferSelect;

/** Every agreement PDF handed to a customer, by its SHA-256, with the terms it states. */
export const loanAgreements = pgTable(
  'loan_agreements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sha256: text('sha256').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => loanProducts.id),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    /** The product's terms the PDF states: a product edited since makes the agreement stale (10112). */
    termDays: integer('term_days').notNull(),
    freeDays: integer('free_days').notNull(),
    dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
    /** The late cost the PDF states (`loan_overdue_daily_rate` when issued, ppm a day); a change since: 10112. */
    overdueRatePpm: bigint('overdue_rate_ppm', { mode: 'bigint' }).notNull().default(0n),
    locale: text('locale').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_agreements_user_sha').on(t.userId, t.sha256),
    index('loan_agreements_created').on(t.createdAt),
  ],
);
export type LoanAgreementRow = typeof loanAgreements.$inferSelect;

export const loans = pgTable(
  'loans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => loanProducts.id),
    // The terms, copied at application: a later product edit changes no loan.
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    termDays: integer('term_days').notNull(),
    freeDays: integer('free_days').notNull(),
    dailyRatePpm: bigint('daily_rate_ppm', { mode: 'bigint' }).notNull(),
    interestMinor: bigint('interest_minor', { mode: 'bigint' }).notNull(),
    repayMinor: bigint('repay_minor', { mode: 'bigint' }).notNull(),
    /** The agreement's late cost, ppm of the unpaid principal per day past the repayment date (migration 0029). */
    overdueRatePpm: bigint('overdue_rate_ppm', { mode: 'bigint' }).notNull().default(0n),
    /** Late cost accrued so far: the sum of its loan_late_charges rows. */
    lateChargeMinor: bigint('late_charge_minor', { mode: 'bigint' }).notNull().default(0n),
    /** Repaid so far, split as the entries split it: principal back to the receivable, the rest income. */
    paidPrincipalMinor: bigint('paid_principal_minor', { mode: 'bigint' }).notNull().default(0n),
    paidIncomeMinor: bigint('paid_income_minor', { mode: 'bigint' }).notNull().default(0n),
    status: text('status').notNull(),
    /** The agreement as issued (what the customer read) and the signed copy kept under DATA_DIR. */
    agreementSha256: text('agreement_sha256').notNull(),
    signedFile: text('signed_file').notNull(),
    signedSha256: text('signed_sha256').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, precision: 3 }).notNull(),
    reason: text('reason'),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, precision: 3 }),
    /** loan receivable → cash, at approval. */
    disburseEntryId: bigint('disburse_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    repayDueAt: timestamp('repay_due_at', { withTimezone: true, precision: 3 }),
    overdueAt: timestamp('overdue_at', { withTimezone: true, precision: 3 }),
    /** cash → loan receivable + interest income. */
    repayEntryId: bigint('repay_entry_id', { mode: 'number' }).references(() => journalEntries.id),
    repaidAt: timestamp('repaid_at', { withTimezone: true, precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    index('loans_user').on(t.userId, t.id),
    index('loans_status').on(t.status, t.id),
    /** One loan under review or outstanding per customer (10024). */
    uniqueIndex('loans_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'repaying', 'overdue')`),
    uniqueIndex('loans_disburse_entry').on(t.disburseEntryId),
    uniqueIndex('loans_repay_entry').on(t.repayEntryId),
    check('loans_status', sql`${t.status} in ('pending', 'rejected', 'repaying', 'overdue', 'repaid')`),
    check(
      'loans_amounts',
      sql`${t.amountMinor} > 0 and ${t.interestMinor} >= 0 and ${t.repayMinor} = ${t.amountMinor} + ${t.interestMinor}
        and ${t.termDays} > 0 and ${t.freeDays} >= 0 and ${t.dailyRatePpm} >= 0`,
    ),
    check(
      'loans_disbursed',
      sql`(${t.status} in ('repaying', 'overdue', 'repaid')) = (${t.disburseEntryId} is not null and ${t.repayDueAt} is not null)`,
    ),
    check(
      'loans_repaid',
      sql`(${t.status} = 'repaid') = (${t.repayEntryId} is not null and ${t.repaidAt} is not null)`,
    ),
    check('loans_rejected', sql`${t.status} <> 'rejected' or ${t.reason} is not null`),
  ],
);
export type LoanRow = typeof loans.$inferSelect;

/** One day's late cost of an overdue loan: day n past the repayment date, once (the primary key). */
export const loanLateCharges = pgTable(
  'loan_late_charges',
  {
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    day: integer('day').notNull(),
    /** The principal unpaid when the day was charged, which the charge is the rate of. */
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ name: 'loan_late_charges_pk', columns: [t.loanId, t.day] })],
);

/** Every repayment of a loan, each its own ledger entry: automatic from cash, or the customer's. */
export const loanRepayments = pgTable(
  'loan_repayments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => journalEntries.id),
    principalMinor: bigint('principal_minor', { mode: 'bigint' }).notNull(),
    incomeMinor: bigint('income_minor', { mode: 'bigint' }).notNull(),
    source: text('source').$type<'auto' | 'customer'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_repayments_entry').on(t.entryId),
    index('loan_repayments_loan').on(t.loanId, t.id),
  ],
);
export type LoanRepaymentRow = typeof loanRepayments.$inferSelect;

export const loanNoticeKinds = ['due_in_3d', 'due_in_1d'] as const;
export type LoanNoticeKind = (typeof loanNoticeKinds)[number];

/** The reminders sent about a loan, each once (the primary key). */
export const loanNotices = pgTable(
  'loan_notices',
  {
    loanId: bigint('loan_id', { mode: 'number' })
      .notNull()
      .references(() => loans.id),
    kind: text('kind').$type<LoanNoticeKind>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ name: 'loan_notices_pk', columns: [t.loanId, t.kind] })],
);
