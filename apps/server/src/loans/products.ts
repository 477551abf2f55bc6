// The loan products as customers see them (listLoanProduct) and as an application reads them.
import { and, asc, eq } from 'drizzle-orm';
import { codes, type LoanProduct } from '@tradewind/contract';
import { formatMinor, tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import { formatDailyRate } from '@tradewind/contract/loan-math';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import type { Locale } from '../platform/i18n.ts';
import { overdueRatePpm } from './late.ts';
import { loanProducts, type LoanProductRow } from './tables.ts';

export const productName = (row: Pick<LoanProductRow, 'names' | 'code'>, locale: Locale): string =>
  row.names[locale] ?? row.names.en ?? row.code;

/** `overdueRatePpm`: the late cost in force (late.ts), which an agreement issued now states. */
export function productView(row: LoanProductRow, locale: Locale, overdueRatePpm: bigint): LoanProduct {
  return {
    id: String(row.id),
    name: productName(row, locale),
    minAmount: formatMinor(row.minAmountMinor, usdtScale),
    maxAmount: formatMinor(row.maxAmountMinor, usdtScale),
    termDays: row.termDays,
    dailyRate: formatDailyRate(row.dailyRatePpm),
    freeDays: row.freeDays,
    overdueDailyRate: formatDailyRate(overdueRatePpm),
  };
}

export async function listProducts(db: DbOrTx, locale: Locale): Promise<LoanProduct[]> {
  const rows = await db
    .select()
    .from(loanProducts)
    .where(eq(loanProducts.enabled, true))
    .orderBy(asc(loanProducts.sort), asc(loanProducts.id));
  const overdue = await overdueRatePpm(db);
  return rows.map((r) => productView(r, locale, overdue));
}

/** An offered product and an amount within its bounds, or 10023 (no such product) / 10013 (amount). */
export async function offeredTerms(
  db: DbOrTx,
  productId: number,
  amount: string,
): Promise<{ product: LoanProductRow; amountMinor: bigint }> {
  const [product] = await db
    .select()
    .from(loanProducts)
    .where(and(eq(loanProducts.id, productId), eq(loanProducts.enabled, true)));
  if (!product) throw new AppError(codes.loanTermWrong);
  const amountMinor = tryParseDecimal(amount, usdtScale);
  if (
    amountMinor === undefined ||
    amountMinor < product.minAmountMinor ||
    amountMinor > product.maxAmountMinor
  )
    throw new AppError(codes.investmentAmountWrong);
  return { product, amountMinor };
}
