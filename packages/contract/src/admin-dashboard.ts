// The back office's dashboard and CSV exports (issue 13 "Dashboard and exports"). Every figure is computed
// from the data when asked (no one types a number in); money is a decimal string in USDT unless an asset is
// named, days are UTC calendar days ("2026-11-22").
import { z } from 'zod';
import { decimalString } from './common.ts';
import { exposure } from './admin-orders.ts';

/** A number of items and what they add up to. */
export const countSum = z.object({ count: z.number().int(), sum: decimalString });
export type CountSum = z.infer<typeof countSum>;

/**
 * What the real book owes its customers in one asset, read from the customers' ledger accounts: free cash,
 * contract margin, smart-plan principal, NFT bid holds and withdrawals held for review. `total` is their sum.
 */
export const liability = z.object({
  asset: z.string(),
  cash: decimalString,
  margin: decimalString,
  planPrincipal: decimalString,
  bidHold: decimalString,
  withdrawalHold: decimalString,
  total: decimalString,
});
export type Liability = z.infer<typeof liability>;

/** One UTC day of the charts: deposits and withdrawals approved that day, customers who signed up. */
export const dashboardDay = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  deposits: countSum,
  withdrawals: countSum,
  newCustomers: z.number().int(),
});
export type DashboardDay = z.infer<typeof dashboardDay>;

/** One live price source on the dashboard: live or stale, and how old its newest tick is. */
export const dashboardFeed = z.object({
  name: z.string(),
  live: z.boolean(),
  ageMs: z.number().int().nullable(),
});
export type DashboardFeed = z.infer<typeof dashboardFeed>;

/** Days in the dashboard's series, today included. */
export const dashboardSeriesDays = 30;

export const dashboard = z.object({
  /** When the figures were taken (epoch ms); "today" is the UTC day of this instant. */
  at: z.number().int(),
  /** Start of today, UTC (epoch ms). */
  todayFrom: z.number().int(),
  customers: z.number().int(),
  newCustomers24h: z.number().int(),
  newCustomers7d: z.number().int(),
  /** Identity submissions waiting for compliance. */
  kycPending: z.number().int(),
  /** Claims waiting for finance: the USDT they would credit. */
  depositsPending: countSum,
  depositsApprovedToday: countSum,
  /** Withdrawals waiting for finance (amount with fee, held from the customers' cash). */
  withdrawalsPending: countSum,
  withdrawalsApprovedToday: countSum,
  /** The real book's customer liabilities per asset. */
  liabilities: z.array(liability),
  /** The platform's exposure per instrument from open real-book contracts (GET /admin/api/exposure). */
  exposure,
  /** Smart-plan interest of earning plans falling due by now + 7 days and not yet paid. */
  smartInterestDue7d: z.object({ orders: z.number().int(), sum: decimalString }),
  /** Loans disbursed and not repaid (repaying or overdue), and the overdue ones among them. */
  loans: z.object({
    outstanding: z.object({ count: z.number().int(), principal: decimalString, repayable: decimalString }),
    overdue: z.object({ count: z.number().int(), principal: decimalString, repayable: decimalString }),
  }),
  /** Won NFT bids held for the charity and not yet paid out. */
  charityPayable: decimalString,
  /** The ledger audit (GET /admin/api/ledger/audit): every invariant holds. */
  ledgerBalanced: z.boolean(),
  ledger: z.object({
    entryCount: z.number().int(),
    negativeCustomerAccounts: z.number().int(),
    accountsMatchingPostings: z.boolean(),
  }),
  /** The last `dashboardSeriesDays` UTC days, oldest first, every day present. */
  series: z.array(dashboardDay),
  /**
   * Each live price source (market/feed.ts `liveSources`): live while its newest tick is younger than
   * `price_stale_after_s`, with that tick's age (null before its first tick). Empty on the walk alone.
   */
  feeds: z.array(dashboardFeed),
});
export type Dashboard = z.infer<typeof dashboard>;

export const exportKinds = ['fund-records', 'deposits', 'withdrawals', 'contracts', 'audit'] as const;
export type ExportKind = (typeof exportKinds)[number];

/** The longest range one export may cover, in days (from and to included). */
export const exportRangeDaysMax = 366;

/** A calendar day of 1970–2999 ("2026-11-22"), one that exists (no 30 February). */
const isoDay = z
  .string()
  .regex(/^(19[7-9]\d|2\d{3})-\d{2}-\d{2}$/)
  .refine((v) => {
    const at = Date.parse(`${v}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().startsWith(v);
  }, 'not a date');

/** Days between two ISO days (to − from). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * GET /admin/api/export/<kind>.csv?from&to: rows created from the start of `from` to the end of `to` (UTC
 * days, both included), at most `exportRangeDaysMax` days.
 */
export const exportQuery = z
  .strictObject({ from: isoDay, to: isoDay })
  .refine((q) => daysBetween(q.from, q.to) >= 0, { path: ['to'], message: 'before from' })
  .refine((q) => daysBetween(q.from, q.to) < exportRangeDaysMax, { path: ['to'], message: 'range too long' });
export type ExportQuery = z.infer<typeof exportQuery>;
