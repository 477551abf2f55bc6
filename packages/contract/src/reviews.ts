// Back-office review queues (CONTRACT.md "Back office" reviews/{kind}) and balance adjustments: the kinds,
// the decision states every reviewed item moves through, and the typed item of each queue, so routes
// declare what they answer and the back office renders each kind by its own fields.
import { z } from 'zod';
import { amountString, decimalString, idString, text } from './common.ts';
import { usdtScale } from './money.ts';
import { depositReviewItem, depositStatuses } from './wallet-deposits.ts';
import { withdrawalApproveBody, withdrawalReviewItem, withdrawalStatuses } from './wallet-withdrawals.ts';
import { kycReviewItem, kycSubmissionStatuses } from './kyc.ts';
import { loanReviewItem, loanStatuses } from './loans.ts';

/** The queues under /admin/api/reviews/{kind}. */
export const reviewKinds = ['deposits', 'withdrawals', 'kyc', 'loans'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

/**
 * Every reviewed item is pending until decided once (tigerbeetle's pending → posted/voided):
 * approved (its ledger entry posted), rejected by a reviewer with a reason, or voided — withdrawn by the
 * side that asked before anyone decided (a cancelled adjustment). None of the three can be decided again.
 */
export const reviewStatuses = ['pending', 'approved', 'rejected', 'voided'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** Approving takes an optional note for the audit log; an empty body (or none) is fine. */
export const approveBody = z.strictObject({ note: text().trim().max(500).optional() }).nullish();
export const rejectBody = z.strictObject({ reason: text().trim().min(1).max(500) });

/** Each queue that exists: its item, the statuses its list can be filtered by, and its approval's body. */
export const reviewQueues = {
  deposits: { item: depositReviewItem, statuses: depositStatuses, approve: approveBody },
  withdrawals: { item: withdrawalReviewItem, statuses: withdrawalStatuses, approve: withdrawalApproveBody },
  kyc: { item: kycReviewItem, statuses: kycSubmissionStatuses, approve: approveBody },
  loans: { item: loanReviewItem, statuses: loanStatuses, approve: approveBody },
} as const;
export type ReviewQueueKind = keyof typeof reviewQueues;
export type ReviewItemOf<K extends ReviewQueueKind> = z.infer<(typeof reviewQueues)[K]['item']>;
/** What an approval of kind K carries besides its note (a withdrawal's payout hash). */
export type ApprovalOf<K extends ReviewQueueKind> = NonNullable<z.infer<(typeof reviewQueues)[K]['approve']>>;

export const reviewListQuery = <K extends ReviewQueueKind>(kind: K) =>
  z.strictObject({
    status: z.enum(reviewQueues[kind].statuses).optional(),
    page: z.coerce.number().int().min(1).default(1),
    size: z.coerce.number().int().min(1).max(100).default(20),
  });
export const reviewItemParams = z.strictObject({ id: idString });

// Balance adjustments (four eyes): requested by one admin, approved or rejected by another, or cancelled
// (voided) by the one who asked.

export const adjustmentStatuses = reviewStatuses;
export type AdjustmentStatus = ReviewStatus;
export const adjustmentBooks = ['demo', 'real'] as const;

export const adjustmentBody = z.strictObject({
  userId: idString,
  book: z.enum(adjustmentBooks),
  amount: amountString(usdtScale, { signed: true }),
  reason: text().trim().min(1).max(500),
});
export const cancelAdjustmentBody = z
  .strictObject({ reason: text().trim().min(1).max(500).optional() })
  .nullish();
export const adjustmentsQuery = z.strictObject({
  status: z.enum(adjustmentStatuses).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export const adjustment = z.object({
  id: z.string(),
  userId: z.string(),
  book: z.enum(adjustmentBooks),
  /** USDT, signed: a credit is positive, a debit negative. */
  amount: decimalString,
  reason: z.string(),
  status: z.enum(adjustmentStatuses),
  requestedBy: z.string(),
  /** The approver or rejecter (a second admin), or the requester who cancelled. */
  decidedBy: z.string().nullable(),
  /** Why it was rejected or cancelled; the approval note. */
  decisionReason: z.string().nullable(),
  /** The ledger entry, once approved. */
  entryId: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof adjustment>;

/**
 * The adjustment limits (params `adjustment_amount_max`, `adjustment_amount_max_superadmin`, USDT):
 * up to the first any finance admin may approve; above it only a superadmin; above the second none.
 */
export const adjustmentLimits = z.object({ amountMax: decimalString, amountMaxSuperadmin: decimalString });
export type AdjustmentLimits = z.infer<typeof adjustmentLimits>;
