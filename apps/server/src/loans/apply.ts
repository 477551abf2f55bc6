// Applying for a loan (CONTRACT.md "User" loanAgreement, loan; issue 10 "Loans"). The agreement PDF is made
// for the product and amount asked about, in the customer's language, and kept 24 h by its SHA-256; the
// application names that SHA-256, so the terms signed are the terms read (10112 otherwise), and is stored
// pending with the same PDF stamped with the signature and the signing time.
import { and, eq, gte, inArray } from 'drizzle-orm';
import {
  codes,
  kycStatuses,
  loanAgreementValidMs,
  loanSignatureBytesMax,
  type Book,
  type LoanBody,
} from '@tradewind/contract';
import { loanInterestMinor, loanRepayMinor } from '@tradewind/contract/loan-math';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import type { Locale } from '../platform/i18n.ts';
import { isLocale } from '@tradewind/i18n/locales';
import { prepareImage, sha256Hex } from '../platform/uploads.ts';
import { documentSha256 } from '../platform/terms.ts';
import { users } from '../users/tables.ts';
import { kycSubmissions } from '../kyc/tables.ts';
import { formatMinor, tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import { getParam } from '../settings/service.ts';
import { renderAgreement, stampSignature } from './agreement.ts';
import { overdueRatePpm } from './late.ts';
import { discardSignedAgreement, saveSignedAgreement } from './files.ts';
import { offeredTerms, productName } from './products.ts';
import { loanAgreements, loans, type LoanAgreementRow, type LoanProductRow, type LoanRow } from './tables.ts';

/** The statuses that hold the customer's one loan at a time (the partial unique index `loans_one_open`). */
export const openStatuses = ['pending', 'repaying', 'overdue'] as const;

async function borrowerOf(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  assert(user, `user ${userId} exists`);
  // The name the customer verified, when there is one; the account name until then.
  const [kyc] = await db
    .select({ firstName: kycSubmissions.firstName, lastName: kycSubmissions.lastName })
    .from(kycSubmissions)
    .where(and(eq(kycSubmissions.userId, userId), eq(kycSubmissions.status, 'approved')))
    .limit(1);
  const name = kyc ? `${kyc.firstName} ${kyc.lastName}` : user.userName;
  return { user, borrower: { name, userName: user.userName, userId } };
}

const termsOf = (p: Pick<LoanProductRow, 'termDays' | 'freeDays' | 'dailyRatePpm'>, amountMinor: bigint) => ({
  amountMinor,
  termDays: p.termDays,
  freeDays: p.freeDays,
  dailyRatePpm: p.dailyRatePpm,
});

/** `loan_limit_per_customer`: one customer borrows at most this at a time (one loan at a time: 10024). */
async function assertWithinLimit(db: DbOrTx, amountMinor: bigint): Promise<void> {
  const raw = (await getParam(db, 'loan_limit_per_customer')).value.trim();
  const limit = tryParseDecimal(raw, usdtScale);
  if (limit === undefined) throw new AppError(codes.paramsFetchFailed);
  if (amountMinor > limit) throw new AppError(codes.loanAboveLimit, { limit: formatMinor(limit, usdtScale) });
}

/** The agreement PDF for these terms, kept for 24 h under its SHA-256 (the same bytes again: one row). */
export async function issueAgreement(
  ctx: Ctx,
  req: { userId: number; productId: number; amount: string; locale: Locale },
): Promise<{ pdf: Uint8Array; sha256: string }> {
  const { product, amountMinor } = await offeredTerms(ctx.db, req.productId, req.amount);
  await assertWithinLimit(ctx.db, amountMinor);
  const { borrower } = await borrowerOf(ctx.db, req.userId);
  const overdue = await overdueRatePpm(ctx.db);
  const now = new Date(ctx.clock.now());
  const pdf = await renderAgreement({
    locale: req.locale,
    issuedAtMs: now.getTime(),
    productName: productName(product, req.locale),
    terms: termsOf(product, amountMinor),
    overdueRatePpm: overdue,
    borrower,
  });
  // The hash the customer sends back to sign (terms shown = terms applied, platform/terms.ts).
  const sha256 = documentSha256(pdf);
  await ctx.db
    .insert(loanAgreements)
    .values({
      sha256,
      userId: req.userId,
      productId: product.id,
      amountMinor,
      termDays: product.termDays,
      freeDays: product.freeDays,
      dailyRatePpm: product.dailyRatePpm,
      overdueRatePpm: overdue,
      locale: req.locale,
      pdf,
      createdAt: now,
    })
    .onConflictDoNothing();
  return { pdf, sha256 };
}

/** The signature drawn on the pad: a PNG data URL, checked and re-encoded by sharp (10108, 10107). */
async function signaturePng(signature: string | undefined): Promise<Buffer> {
  const match =
    signature === undefined ? null : /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/.exec(signature);
  if (!match?.[1]) throw new AppError(codes.loanAgreementUnsigned);
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > loanSignatureBytesMax) throw new AppError(codes.imageTooLarge);
  const image = await prepareImage(bytes, { maxBytes: loanSignatureBytesMax, maxPixels: 4_000_000 }).catch(
    (err: unknown) => {
      // Not an image sharp can read as PNG: not a signature.
      throw err instanceof AppError && err.code === codes.imageTooLarge
        ? err
        : new AppError(codes.loanAgreementUnsigned);
    },
  );
  if (image.kind !== 'png') throw new AppError(codes.loanAgreementUnsigned);
  return image.bytes;
}

export type Application = {
  userId: number;
  product: LoanProductRow;
  agreement: LoanAgreementRow;
  signedPdf: Uint8Array;
  signedAtMs: number;
};

/**
 * Every check that needs no lock, in the contract's order: real book (10103), verified KYC (10022), product
 * and amount (10023 / 10013), a signature that is a real PNG (10108), an agreement issued to this customer
 * in the last 24 h for these terms (10112); then the signed copy is made (CPU work, kept out of the
 * transaction). One loan at a time (10024) is checked in the transaction.
 */
export async function prepareApplication(
  ctx: Ctx,
  req: { userId: number; book: Book; body: LoanBody },
): Promise<Application> {
  if (req.book !== 'real') throw new AppError(codes.switchToReal);
  const { user } = await borrowerOf(ctx.db, req.userId);
  if (user.kycStatus !== kycStatuses.verified) throw new AppError(codes.kycRequired);
  const { product, amountMinor } = await offeredTerms(ctx.db, Number(req.body.productId), req.body.amount);
  await assertWithinLimit(ctx.db, amountMinor);
  const png = await signaturePng(req.body.signature);
  const nowMs = ctx.clock.now();
  const [agreement] = await ctx.db
    .select()
    .from(loanAgreements)
    .where(
      and(
        eq(loanAgreements.userId, req.userId),
        eq(loanAgreements.sha256, req.body.agreementSha256),
        gte(loanAgreements.createdAt, new Date(nowMs - loanAgreementValidMs)),
      ),
    );
  const sameTerms =
    agreement !== undefined &&
    agreement.productId === product.id &&
    agreement.amountMinor === amountMinor &&
    agreement.termDays === product.termDays &&
    agreement.freeDays === product.freeDays &&
    agreement.dailyRatePpm === product.dailyRatePpm &&
    agreement.overdueRatePpm === (await overdueRatePpm(ctx.db));
  if (!agreement || !sameTerms) throw new AppError(codes.termsChanged);
  const locale: Locale = isLocale(agreement.locale) ? agreement.locale : 'en';
  const signedPdf = await stampSignature(agreement.pdf, png, nowMs, locale);
  return { userId: req.userId, product, agreement, signedPdf, signedAtMs: nowMs };
}

/** Stores the loan pending with its signed agreement, inside the caller's (idempotency) transaction. */
export async function storeApplication(ctx: Ctx, tx: Tx, app: Application): Promise<LoanRow> {
  const open = await tx
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.userId, app.userId), inArray(loans.status, [...openStatuses])))
    .for('update');
  if (open.length > 0) throw new AppError(codes.alreadyBought);
  const terms = termsOf(app.agreement, app.agreement.amountMinor);
  const file = await saveSignedAgreement(ctx.config, app.signedPdf);
  try {
    const [row] = await tx
      .insert(loans)
      .values({
        userId: app.userId,
        productId: app.product.id,
        ...terms,
        overdueRatePpm: app.agreement.overdueRatePpm,
        interestMinor: loanInterestMinor(terms),
        repayMinor: loanRepayMinor(terms),
        status: 'pending',
        agreementSha256: app.agreement.sha256,
        signedFile: file,
        signedSha256: sha256Hex(app.signedPdf),
        signedAt: new Date(app.signedAtMs),
        createdAt: new Date(ctx.clock.now()),
      })
      .onConflictDoNothing()
      .returning();
    // Another application of the customer's committed between the check and the insert.
    if (!row) throw new AppError(codes.alreadyBought);
    return row;
  } catch (err) {
    await discardSignedAgreement(ctx.config, file);
    throw err;
  }
}
