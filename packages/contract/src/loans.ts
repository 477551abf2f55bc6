// Loans on the wire (CONTRACT.md "User": loan, listLoanRecord, repayLoan, loanAgreement; "Market and
// content": listLoanProduct; "Back office": reviews/loans). The arithmetic is in loan-math.ts (no zod).
import { z } from 'zod';
import { amountString, decimalString, idString, text } from './common.ts';
import { usdtScale } from './money.ts';
import { loanStatuses } from './loan-math.ts';
import { reviewedCustomer } from './wallet-deposits.ts';

export { loanStatuses, type LoanStatus } from './loan-math.ts';

/** A loan product as listed (public): names in the request's language; `dailyRate` "0.0005" is 0.05 %/day. */
export const loanProduct = z.object({
  id: z.string(),
  name: z.string(),
  minAmount: decimalString,
  maxAmount: decimalString,
  termDays: z.number().int(),
  dailyRate: decimalString,
  freeDays: z.number().int(),
  /**
   * What a loan left unpaid past its repayment date costs per day, as a fraction of the unpaid principal
   * ("0.001" is 0.1 % a day): the `loan_overdue_daily_rate` in force, which an agreement issued now states
   * and the loan keeps (DESIGN §1.11).
   */
  overdueDailyRate: decimalString,
});
export type LoanProduct = z.infer<typeof loanProduct>;

/** A positive USDT amount with at most 6 decimals. */
export const loanAmount = amountString(usdtScale, { positive: true });

/** The agreement to read before signing: a PDF in the request's language, kept by the server 24 h. */
export const loanAgreementQuery = z.strictObject({ productId: idString, amount: loanAmount });

/** How long an issued agreement can be signed, and the largest signature image accepted (decoded bytes). */
export const loanAgreementValidMs = 24 * 3_600_000;
export const loanSignatureBytesMax = 256 * 1024;

export const loanBody = z.strictObject({
  productId: idString,
  amount: loanAmount,
  /**
   * The signature drawn on the pad, as a `data:image/png;base64,…` URL. Optional here so that a missing
   * one answers 10108 (not signed) rather than a generic 400; not a PNG: 10108; too large: 10107.
   */
  signature: text().max(1_000_000).optional(),
  agreementAccepted: z.literal(true),
  /** SHA-256 (hex) of the agreement PDF the customer read (CONTRACT.md "Terms shown = terms applied"). */
  agreementSha256: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/)
    .transform((v) => v.toLowerCase()),
});
export type LoanBody = z.infer<typeof loanBody>;

export const loanIdParams = z.strictObject({ id: idString });

/**
 * repayLoan: what the confirm step showed as owed now (terms shown = terms applied). Late days are charged
 * when the repayment is taken, so a day that passed since the customer read the figure makes it 10112 and
 * nothing moves. Optional for the spec's bodiless call, which repays whatever is owed.
 */
export const repayLoanBody = z.strictObject({ quotedOwed: loanAmount }).nullish();
export type RepayLoanBody = z.infer<typeof repayLoanBody>;

export const loanRecord = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  amount: decimalString,
  termDays: z.number().int(),
  dailyRate: decimalString,
  freeDays: z.number().int(),
  interest: decimalString,
  repayAmount: decimalString,
  /** Set at approval: approval + termDays. */
  repayDate: z.number().int().optional(),
  /** The late cost the agreement states: a fraction of the unpaid principal per day past `repayDate`. */
  overdueDailyRate: decimalString,
  /** The late cost accrued so far (one charge per whole day past `repayDate`). */
  lateCharge: decimalString,
  /** Repaid so far (automatic repayments from cash at and after the due date, or the customer's own). */
  paid: decimalString,
  /** What is owed now: repayAmount + lateCharge − paid ("0.00" once repaid, or before approval: repayAmount). */
  owed: decimalString,
  /** When it became overdue. */
  overdueAt: z.number().int().optional(),
  status: z.enum(loanStatuses),
  /** The signed agreement PDF, served to its owner only. */
  agreementUrl: z.string(),
  /** Why it was rejected. */
  reason: z.string().optional(),
  createdAt: z.number().int(),
  approvedAt: z.number().int().optional(),
  repaidAt: z.number().int().optional(),
});
export type LoanRecord = z.infer<typeof loanRecord>;

/** A loan in the back-office queue: the customer with their KYC status and the signed PDF (admin URL). */
export const loanReviewItem = loanRecord.extend({
  user: reviewedCustomer.extend({ kycStatus: z.number().int() }),
  agreementSha256: z.string(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.number().int().nullable(),
  /** The disbursement's ledger entry, once approved. */
  entryId: z.string().nullable(),
});
export type LoanReviewItem = z.infer<typeof loanReviewItem>;
