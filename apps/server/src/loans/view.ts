// A loan row on the wire (CONTRACT.md "User" listLoanRecord) and the URLs of its signed agreement.
import { loanStatuses, type LoanRecord, type LoanStatus } from '@tradewind/contract';
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import { formatDailyRate } from '@tradewind/contract/loan-math';
import { owedMinor } from './late.ts';
import type { LoanRow } from './tables.ts';

/** The signed agreement, for its owner. */
export const agreementUrl = (id: number) => `/api/swx/customer/user/loanAgreementFile/${id}`;
/** The same file for finance and compliance. */
export const adminAgreementUrl = (id: number) => `/admin/api/loans/${id}/agreement`;

/** USDT with at least two decimals and no more than the amount has: "1000.00", "12.345678". */
export function usdt(minor: bigint): string {
  const [whole, frac = ''] = formatMinor(minor, usdtScale).split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

/** The status column, which the table's CHECK keeps within the contract's words. */
function statusOf(row: LoanRow): LoanStatus {
  const status = loanStatuses.find((s) => s === row.status);
  if (!status) throw new Error(`loan ${row.id} has status ${row.status}`);
  return status;
}

export function loanView(row: LoanRow, productName: string, url = agreementUrl(row.id)): LoanRecord {
  return {
    id: String(row.id),
    productId: String(row.productId),
    productName,
    amount: usdt(row.amountMinor),
    termDays: row.termDays,
    dailyRate: formatDailyRate(row.dailyRatePpm),
    freeDays: row.freeDays,
    interest: usdt(row.interestMinor),
    repayAmount: usdt(row.repayMinor),
    ...(row.repayDueAt ? { repayDate: row.repayDueAt.getTime() } : {}),
    overdueDailyRate: formatDailyRate(row.overdueRatePpm),
    lateCharge: usdt(row.lateChargeMinor),
    paid: usdt(row.paidPrincipalMinor + row.paidIncomeMinor),
    owed: usdt(row.status === 'rejected' ? 0n : owedMinor(row)),
    ...(row.overdueAt ? { overdueAt: row.overdueAt.getTime() } : {}),
    status: statusOf(row),
    agreementUrl: url,
    ...(row.reason && row.status === 'rejected' ? { reason: row.reason } : {}),
    createdAt: row.createdAt.getTime(),
    ...(row.disburseEntryId !== null && row.reviewedAt ? { approvedAt: row.reviewedAt.getTime() } : {}),
    ...(row.repaidAt ? { repaidAt: row.repaidAt.getTime() } : {}),
  };
}
