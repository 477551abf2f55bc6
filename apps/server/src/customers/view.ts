// The customer 360: every section read for one customer, each bounded (latest rows and totals), so the page
// costs the same for a customer of a day and one of ten years.
import { eq } from 'drizzle-orm';
import { codes, type Customer360, type EntryCategory, type FundRecord, type Page } from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n/locales';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { can, type AdminIdentity } from '../platform/admin-identity.ts';
import { listFundRecords } from '../ledger/records.ts';
import { users, type UserRow } from '../users/tables.ts';
import { auditOf, kycOf, profileOf, sessionsOf, statusHistoryOf } from './profile.ts';
import { adjustmentsOf, booksOf, depositsOf, fundRecordsOf, methodsOf, withdrawalsOf } from './money.ts';
import { bidsOf, contractsOf, loansOf, smartPlansOf } from './products.ts';
import { inviteesOf, supportOf } from './network.ts';

/** The customer's row; 10009 when there is none. */
export async function customerRow(db: DbOrTx, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(codes.userNotFound);
  return user;
}

export async function customerView(
  ctx: Ctx,
  reader: AdminIdentity,
  userId: number,
  locale: Locale,
): Promise<Customer360> {
  const { db } = ctx;
  const user = await customerRow(db, userId);
  const now = new Date(ctx.clock.now());
  // Identity photos only for those who decide KYC; the others see the data and the status.
  const withPhotos = can(reader, 'reviewKyc');
  const [profile, statusHistory, kyc, books, fundRecords, deposits, withdrawals, withdrawalMethods] =
    await Promise.all([
      profileOf(db, user),
      statusHistoryOf(db, userId),
      kycOf(db, user, withPhotos),
      booksOf(db, userId),
      fundRecordsOf(ctx, userId),
      depositsOf(db, userId),
      withdrawalsOf(db, userId),
      methodsOf(db, userId),
    ]);
  const [adjustments, contracts, smartPlans, loans, bids, invitees, support, sessions, audit] =
    await Promise.all([
      adjustmentsOf(db, userId),
      contractsOf(db, userId),
      smartPlansOf(db, userId, locale),
      loansOf(db, userId, locale),
      bidsOf(db, userId),
      inviteesOf(db, userId),
      supportOf(db, userId),
      sessionsOf(db, userId, now, ctx.config.session.idleMs),
      auditOf(db, userId),
    ]);
  return {
    profile,
    statusHistory,
    kyc,
    books,
    fundRecords,
    deposits,
    withdrawals,
    withdrawalMethods,
    adjustments,
    contracts,
    smartPlans,
    loans,
    bids,
    invitees,
    support,
    sessions,
    audit,
  };
}

/** Every cash line of one book, paged (the 360 carries the real book's latest only). */
export async function customerFundRecords(
  ctx: Ctx,
  userId: number,
  q: { book: 'demo' | 'real'; page: number; size: number; category?: EntryCategory | undefined },
): Promise<Page<FundRecord>> {
  await customerRow(ctx.db, userId);
  return listFundRecords(ctx, userId, q.book, { page: q.page, size: q.size, category: q.category });
}
