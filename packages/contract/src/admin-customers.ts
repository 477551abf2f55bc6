// The back office's customer 360 (issue 13 "Customers"; CONTRACT.md "Back office"): find a customer by name,
// e-mail, id or invite code; see them whole, each section its latest rows and its totals (bounded, never a
// whole history); and the few actions staff take from there. KYC photo URLs are present only for roles with
// `reviewKyc`, and every fetch of one is an audit row; withdrawal destinations are masked.
import { z } from 'zod';
import { auditRow } from './admin.ts';
import { userInfo } from './auth.ts';
import { decimalString, idString, pageQuery, text } from './common.ts';
import { kycReviewItem } from './kyc.ts';
import { entryCategory, fundRecord } from './ledger.ts';
import { loanRecord, loanStatuses } from './loans.ts';
import { nftStatuses } from './nft.ts';
import { closeReasons, contractDirections, contractStatuses } from './orders.ts';
import { adjustment } from './reviews.ts';
import { smartOrderStatuses } from './smart-math.ts';
import { kycStatus, userStatus } from './statuses.ts';
import { supportAuthors, supportThreadStatuses } from './support.ts';
import { depositAssets, depositNetworks, depositStatuses } from './wallet-deposits.ts';
import { withdrawalMethodTypes, withdrawalNetworks, withdrawalStatuses } from './wallet-withdrawals.ts';

/** Rows each section of the 360 carries; the section's `total` says how many there are in all. */
export const customerSectionSize = 10;
/** Audit rows and status changes carried by the 360. */
export const customerAuditSize = 20;

export const customerBooks = ['demo', 'real'] as const;
export type CustomerBook = (typeof customerBooks)[number];

/** `keyword`: part of a user name or e-mail, an exact id or an exact invite code (any case). */
export const customersQuery = z.strictObject({
  keyword: text().trim().max(64).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type CustomersQuery = z.infer<typeof customersQuery>;

export const customerListItem = userInfo.extend({
  /** Free cash of each book (USDT). */
  realCash: decimalString,
  demoCash: decimalString,
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customerParams = z.strictObject({ id: idString });
export const customerSessionParams = z.strictObject({ id: idString, sid: idString });
/** Every action of the 360 says why; the reason is kept in the audit row. */
export const customerActionBody = z.strictObject({ reason: text().trim().min(1).max(500) });
export const customerFundRecordsQuery = pageQuery.extend({
  book: z.enum(customerBooks).default('real'),
  category: entryCategory.optional(),
});

const customerRef = z.object({ id: z.string(), userName: z.string() });

/** The latest rows of a section and how many it has in all. */
const recent = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), list: z.array(item) });

/** A book's accounts (USDT); `total` is everything of the customer's in that book. */
export const customerBookBalances = z.object({
  cash: decimalString,
  margin: decimalString,
  planPrincipal: decimalString,
  withdrawalHold: decimalString,
  bidHold: decimalString,
  total: decimalString,
});
export type CustomerBookBalances = z.infer<typeof customerBookBalances>;

/** A disable or enable, from the audit log. */
export const customerStatusChange = z.object({
  at: z.number().int(),
  adminUserName: z.string(),
  status: userStatus,
  reason: z.string().nullable(),
});

/** The review item's fields without its customer and reviewer; photos only for roles with `reviewKyc`. */
export const customerKycSubmission = kycReviewItem
  .omit({ user: true, reviewedBy: true, photos: true })
  .extend({
    /** Each fetch of a photo is audited (`kyc.photo.view`). */
    photos: kycReviewItem.shape.photos.optional(),
  });
export type CustomerKycSubmission = z.infer<typeof customerKycSubmission>;

export const customerDeposit = z.object({
  id: z.string(),
  asset: z.enum(depositAssets),
  network: z.enum(depositNetworks),
  /** USDT credited on approval. */
  amount: decimalString,
  txHash: z.string(),
  status: z.enum(depositStatuses),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});

export const customerWithdrawal = z.object({
  id: z.string(),
  amount: decimalString,
  fee: decimalString,
  /** The destination as the methods section shows it (masked). */
  destination: z.string(),
  status: z.enum(withdrawalStatuses),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});

/** A saved destination: a card by its last four digits, an address by its ends. */
export const customerWithdrawalMethod = z.object({
  id: z.string(),
  type: z.enum(withdrawalMethodTypes),
  bankName: z.string().nullable(),
  holderName: z.string().nullable(),
  cardMasked: z.string().nullable(),
  network: z.enum(withdrawalNetworks).nullable(),
  addressMasked: z.string().nullable(),
  createdAt: z.number().int(),
});
export type CustomerWithdrawalMethod = z.infer<typeof customerWithdrawalMethod>;

export const customerContract = z.object({
  id: z.string(),
  orderNo: z.string(),
  book: z.enum(customerBooks),
  code: z.string(),
  direction: z.enum(contractDirections),
  lots: decimalString,
  leverage: z.number().int(),
  margin: decimalString,
  fee: decimalString,
  status: z.enum(contractStatuses),
  closeReason: z.enum(closeReasons).nullable(),
  /** Realized, once closed. */
  pnl: decimalString.nullable(),
  openAt: z.number().int(),
  closedAt: z.number().int().nullable(),
});

export const customerSmartPlan = z.object({
  id: z.string(),
  productName: z.string(),
  days: z.number().int(),
  amount: decimalString,
  totalInterest: decimalString,
  status: z.enum(smartOrderStatuses),
  autoRenew: z.boolean(),
  startAt: z.number().int(),
  maturityAt: z.number().int(),
});

export const customerBid = z.object({
  id: z.string(),
  nftId: z.string(),
  nftName: z.string(),
  amount: decimalString,
  at: z.number().int(),
  nftStatus: z.enum(nftStatuses),
  /** This bid is the piece's current bid (leading while open, won once sold). */
  leading: z.boolean(),
});

export const customerInvitee = z.object({
  id: z.string(),
  userName: z.string(),
  joinedAt: z.number().int(),
  /** The invite reward paid for this invitee, if any. */
  reward: decimalString.nullable(),
});

export const customerSupportMessage = z.object({
  id: z.string(),
  author: z.enum(supportAuthors),
  text: z.string(),
  hasImage: z.boolean(),
  createdAt: z.number().int(),
});

export const customerSession = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  expiresAt: z.number().int(),
  revokedAt: z.number().int().nullable(),
  revokedReason: z.string().nullable(),
  /** Neither revoked nor expired (absolute or idle): the token still works. */
  active: z.boolean(),
});
export type CustomerSession = z.infer<typeof customerSession>;

export const customer360 = z.object({
  profile: userInfo.extend({
    locale: z.string(),
    googleLinked: z.boolean(),
    invitedBy: customerRef.nullable(),
  }),
  statusHistory: z.array(customerStatusChange),
  kyc: z.object({
    status: kycStatus,
    submissions: z.number().int(),
    latest: customerKycSubmission.nullable(),
  }),
  books: z.object({ demo: customerBookBalances, real: customerBookBalances }),
  /** The real book's latest cash lines; the rest, and the demo book's, page through fund-records. */
  fundRecords: recent(fundRecord),
  deposits: recent(customerDeposit).extend({ pending: z.number().int(), approvedAmount: decimalString }),
  withdrawals: recent(customerWithdrawal).extend({
    pending: z.number().int(),
    approvedAmount: decimalString,
  }),
  withdrawalMethods: recent(customerWithdrawalMethod),
  adjustments: recent(adjustment),
  contracts: recent(customerContract).extend({ open: z.number().int() }),
  smartPlans: recent(customerSmartPlan).extend({ earning: z.number().int(), principal: decimalString }),
  loans: recent(loanRecord),
  bids: recent(customerBid),
  invitees: recent(customerInvitee).extend({ rewarded: z.number().int() }),
  support: z.object({
    thread: z
      .object({
        id: z.string(),
        status: z.enum(supportThreadStatuses),
        lastMessageAt: z.number().int(),
        /** Customer messages no staff member has opened yet. */
        unread: z.number().int(),
      })
      .nullable(),
    messages: recent(customerSupportMessage),
  }),
  sessions: recent(customerSession).extend({ active: z.number().int() }),
  /** Audit rows about the customer or anything of theirs (deposits, KYC, support…), newest first. */
  audit: recent(auditRow),
});
export type Customer360 = z.infer<typeof customer360>;

// The applicant's finances (issue 24 "Finance decides with the facts"): what a loan decision weighs, each
// figure computed from the ledger and the domains' rows in one snapshot, for the loan review and the 360.

export const applicantFinancesQuery = z.strictObject({
  /** The loan being weighed; omitted: the customer's loan under review or outstanding, if any. */
  loanId: idString.optional(),
});

/** One of the applicant's loans as a lender reads a credit history. */
export const applicantLoan = z.object({
  id: z.string(),
  productName: z.string(),
  amount: decimalString,
  repayAmount: decimalString,
  status: z.enum(loanStatuses),
  createdAt: z.number().int(),
  repayDate: z.number().int().nullable(),
  repaidAt: z.number().int().nullable(),
  /** When it went past its repayment date unpaid; null: it never did. */
  overdueAt: z.number().int().nullable(),
  /** Repaid, and late (it was overdue first) or not; null until it is repaid. */
  repaidLate: z.boolean().nullable(),
  /** The late cost accrued, and how much of it has been paid (repayments pay interest first, then it). */
  lateCharge: decimalString,
  latePaid: decimalString,
  paid: decimalString,
  owed: decimalString,
});
export type ApplicantLoan = z.infer<typeof applicantLoan>;

/** How many of a kind were approved and what they came to (USDT), and how many wait for a decision. */
const reviewedFlow = z.object({
  approved: z.number().int(),
  approvedAmount: decimalString,
  pending: z.number().int(),
});

export const applicantFinances = z.object({
  userId: z.string(),
  /** The real book's accounts by purpose. */
  balances: customerBookBalances,
  /** Principal lent and not yet repaid, over the customer's loans being repaid or overdue. */
  loanPrincipalOutstanding: decimalString,
  /**
   * cash + smart plan principal − loanPrincipalOutstanding: what is the customer's own (DESIGN §1.11);
   * negative when more borrowed money has been spent than the customer holds.
   */
  ownFunds: decimalString,
  /** Deposits credited to date; withdrawals approved (paid out, fee included) to date. */
  deposits: reviewedFlow,
  withdrawals: reviewedFlow,
  /** Real-book contracts open now and the margin they hold. */
  contracts: z.object({ open: z.number().int(), margin: decimalString }),
  /** Smart plans earning now and their principal. */
  smartPlans: z.object({ earning: z.number().int(), principal: decimalString }),
  /** The customer's other loans (all but the one weighed), newest first, and their record in all. */
  loans: z.object({
    total: z.number().int(),
    list: z.array(applicantLoan),
    repaidOnTime: z.number().int(),
    repaidLate: z.number().int(),
    overdueNow: z.number().int(),
    lateChargePaid: decimalString,
  }),
  /** The loan weighed against own funds; null when there is none to weigh. */
  affordability: z
    .object({
      loanId: z.string(),
      amount: decimalString,
      repayAmount: decimalString,
      /** max(ownFunds, 0) ÷ repayAmount, rounded down to 2 decimals ("0.85": own funds are 85 % of it). */
      coverRatio: decimalString,
      /** ownFunds ≥ repayAmount. */
      covered: z.boolean(),
      /** amount ÷ (max(ownFunds, 0) + amount), a fraction rounded up to 4 decimals ("0.8334"). */
      borrowedShare: decimalString,
    })
    .nullable(),
});
export type ApplicantFinances = z.infer<typeof applicantFinances>;
