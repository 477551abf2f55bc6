// Loan products in the back office (manageProducts: finance and superadmin; CONTRACT.md "CRUD …
// loan-products"): names per language, amounts, term, interest-free days and daily rate, on offer or not.
// Each change writes its audit row (before, after, reason) in its transaction. Loans copied their terms at
// application (and the database refuses to change them), and an agreement issued before an edit no longer
// matches the product, so it is refused with 10112: an edit reaches new applications only. A product on offer
// that would let a customer fund a smart plan on offer at a profit is refused (10174, DESIGN.md §1.11): checked
// against the enabled plans, which app.ts hands in, so that loans does not import smart.
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoanProduct,
  adminLoanProductCreateBody,
  adminLoanProductUpdateBody,
  catalogueIdParams,
  codes,
  envelope,
  type AdminLoanProduct,
  type AdminLoanProductCreateBody,
  type AdminLoanProductUpdateBody,
} from '@tradewind/contract';
import {
  formatDailyRate,
  formatDailyRatePercent,
  loanRateScale,
  parseDailyRate,
} from '@tradewind/contract/loan-math';
import { formatMinor, tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import { percentOfE8, ratesArbitrage, type PlanRate } from '@tradewind/contract/product-rates';
import { locales, type Locale } from '@tradewind/i18n/locales';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError, assert, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { ok } from '../platform/http.ts';
import { lockForTransaction } from '../platform/xact-lock.ts';
import { overdueRatePpm } from './late.ts';
import { productName } from './products.ts';
import { loanProducts, loans, type LoanProductRow } from './tables.ts';

/** The table's own bound (migration 0013): at most 1 % of the amount a day, in millionths. */
const dailyRatePpmMax = 10_000n;

function adminView(row: LoanProductRow, activeLoans: number): AdminLoanProduct {
  return {
    id: String(row.id),
    code: row.code,
    names: row.names,
    minAmount: formatMinor(row.minAmountMinor, usdtScale),
    maxAmount: formatMinor(row.maxAmountMinor, usdtScale),
    termDays: row.termDays,
    freeDays: row.freeDays,
    dailyRate: formatDailyRate(row.dailyRatePpm),
    enabled: row.enabled,
    activeLoans,
    updatedAt: row.updatedAt?.getTime() ?? null,
  };
}

/** Loans under review, repaying or overdue per product. */
async function activeOn(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: loans.productId, n: count() })
    .from(loans)
    .where(and(inArray(loans.status, ['pending', 'repaying', 'overdue']), inArray(loans.productId, ids)))
    .groupBy(loans.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

type Whole = Omit<AdminLoanProductCreateBody, 'code' | 'reason'>;
type Columns = Pick<
  LoanProductRow,
  'names' | 'minAmountMinor' | 'maxAmountMinor' | 'termDays' | 'freeDays' | 'dailyRatePpm' | 'enabled'
>;

/** The product's columns, or a 400 naming each field that is wrong. */
function check(body: Whole): Columns {
  const fields: Record<string, FieldProblem> = {};
  const min = tryParseDecimal(body.minAmount, usdtScale) ?? 0n;
  const max = tryParseDecimal(body.maxAmount, usdtScale) ?? 0n;
  if (max < min) fields.maxAmount = { key: 'tooSmall', params: { min: body.minAmount } };
  if (body.freeDays > body.termDays) fields.freeDays = { key: 'freeDaysAboveTerm' };
  const rate = tryParseDecimal(body.dailyRate, loanRateScale);
  if (rate === undefined) fields.dailyRate = { key: 'decimalPlaces', params: { scale: loanRateScale } };
  else if (rate > dailyRatePpmMax) fields.dailyRate = { key: 'tooBig', params: { max: '0.01' } };
  if (!body.names.en) fields['names.en'] = { key: 'required' };
  for (const key of Object.keys(body.names))
    if (!(locales as readonly string[]).includes(key)) fields[`names.${key}`] = { key: 'unknownField' };
  if (Object.keys(fields).length > 0) throw new AppError(codes.paramsEmpty, {}, fields);
  return {
    names: body.names as Record<Locale, string>,
    minAmountMinor: min,
    maxAmountMinor: max,
    termDays: body.termDays,
    freeDays: body.freeDays,
    dailyRatePpm: rate ?? 0n,
    enabled: body.enabled,
  };
}

/** The plans of the smart products on offer, each named by its product in `locale`. */
export type PlanRatesOf = (tx: Tx, locale: Locale) => Promise<(PlanRate & { name: string })[]>;

/** What a save needs besides the body: the plans a loan is checked against, and the language to name them in. */
type RateCheck = { planRates: PlanRatesOf; locale: Locale };

/** The enabled loan products as the smart editor checks a plan against them, named in `locale`. */
export async function enabledLoanRates(
  tx: Tx,
  locale: Locale,
): Promise<{ name: string; termDays: number; freeDays: number; dailyRatePpm: bigint }[]> {
  const rows = await tx.select().from(loanProducts).where(eq(loanProducts.enabled, true));
  return rows.map((r) => ({ ...r, name: productName(r, locale) }));
}

/**
 * 10174 when borrowing with these terms for a plan's days costs less than a plan on offer pays over them: the
 * message under the daily rate names the plan, and under the free days (if any) says they count too. A
 * product off offer is not checked (a customer cannot borrow with it); it is when enabled.
 */
async function refuseArbitrage(tx: Tx, product: Columns & { code: string }, rates: RateCheck): Promise<void> {
  // The bound of product-rates.ts counts a day kept past the date at no less than the loan's own rate: a
  // loan dearer a day than being late would make lateness the cheaper way to keep the money.
  const late = await overdueRatePpm(tx);
  if (product.dailyRatePpm > late)
    throw new AppError(
      codes.ratesArbitrage,
      { days: product.termDays, loan: productName(product, rates.locale) },
      {
        dailyRate: { key: 'loanRateAboveLateCost', params: { late: `${formatDailyRatePercent(late)} %` } },
      },
    );
  const found = ratesArbitrage(await rates.planRates(tx, rates.locale), [product]);
  if (!found) return;
  const days = found.plan.days;
  const fields: Record<string, FieldProblem> = {
    dailyRate: {
      key: 'loanBelowPlanYield',
      params: {
        days,
        plan: found.plan.name,
        cost: `${percentOfE8(found.costE8)} %`,
        yield: `${percentOfE8(found.yieldE8)} %`,
      },
    },
  };
  if (product.freeDays > 0) fields.freeDays = { key: 'freeDaysFundPlan', params: { days } };
  throw new AppError(codes.ratesArbitrage, { days, loan: productName(product, rates.locale) }, fields);
}

/**
 * A new `loan_overdue_daily_rate` below an enabled loan's daily rate (the other side of the rule above), as
 * the problem under the parameter's field; the settings editor calls it under the same lock.
 */
export async function lateCostBelowLoanRate(
  tx: Tx,
  value: string,
  locale: Locale,
): Promise<FieldProblem | undefined> {
  await lockForTransaction(tx, 'productRates');
  const late = parseDailyRate(value);
  const [dearest] = await tx
    .select()
    .from(loanProducts)
    .where(eq(loanProducts.enabled, true))
    .orderBy(desc(loanProducts.dailyRatePpm))
    .limit(1);
  if (!dearest || dearest.dailyRatePpm <= late) return undefined;
  return {
    key: 'lateCostBelowLoanRate',
    params: { loan: productName(dearest, locale), rate: `${formatDailyRatePercent(dearest.dailyRatePpm)} %` },
  };
}

export async function listLoanProducts(db: DbOrTx): Promise<AdminLoanProduct[]> {
  const rows = await db.select().from(loanProducts).orderBy(asc(loanProducts.sort), asc(loanProducts.id));
  const active = await activeOn(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => adminView(r, active.get(r.id) ?? 0));
}

export async function createLoanProduct(
  ctx: Ctx,
  adminId: number,
  body: AdminLoanProductCreateBody,
  rates: RateCheck,
): Promise<AdminLoanProduct> {
  const now = new Date(ctx.clock.now());
  const columns = check(body);
  return ctx.db.transaction(async (tx) => {
    await lockForTransaction(tx, 'productRates');
    if (columns.enabled) await refuseArbitrage(tx, { ...columns, code: body.code }, rates);
    const [row] = await tx
      .insert(loanProducts)
      .values({ code: body.code, ...columns, sort: 100, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(codes.productCodeTaken);
    const view = adminView(row, 0);
    await writeAudit(
      tx,
      {
        adminId,
        action: 'loanProduct.create',
        target: `loanProduct:${row.id}`,
        after: view,
        reason: body.reason,
      },
      now,
    );
    return view;
  });
}

export async function updateLoanProduct(
  ctx: Ctx,
  adminId: number,
  id: number,
  body: AdminLoanProductUpdateBody,
  rates: RateCheck,
): Promise<AdminLoanProduct> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    // Before the row: the smart editor takes the same lock first, so the two never wait on each other in turn.
    await lockForTransaction(tx, 'productRates');
    const [current] = await tx.select().from(loanProducts).where(eq(loanProducts.id, id)).for('update');
    if (!current) throw new AppError(codes.notFound);
    const active = (await activeOn(tx, [id])).get(id) ?? 0;
    const before = adminView(current, active);
    const { reason, ...changes } = body;
    const columns = check({ ...before, ...changes });
    if (columns.enabled) await refuseArbitrage(tx, { ...columns, code: current.code }, rates);
    const [row] = await tx
      .update(loanProducts)
      .set({ ...columns, updatedAt: now })
      .where(eq(loanProducts.id, id))
      .returning();
    assert(row, 'loan product updated');
    const after = adminView(row, active);
    await writeAudit(
      tx,
      { adminId, action: 'loanProduct.update', target: `loanProduct:${id}`, before, after, reason },
      now,
    );
    return after;
  });
}

/** `planRates`: the plans a loan product is checked against (smart's own reader, wired by app.ts). */
export function registerLoanProductAdminRoutes(
  fastify: FastifyInstance,
  ctx: Ctx,
  planRates: PlanRatesOf,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/loan-products';
  const manage = requireAdmin(ctx, 'manageProducts');
  app.get(base, {
    schema: { response: { 200: envelope(z.array(adminLoanProduct)) } },
    onRequest: manage,
    handler: async (req) => ok(req, await listLoanProducts(ctx.db)),
  });
  app.post(base, {
    schema: { body: adminLoanProductCreateBody, response: { 200: envelope(adminLoanProduct) } },
    onRequest: manage,
    handler: async (req) =>
      ok(
        req,
        await createLoanProduct(ctx, adminOf(req).id, req.body, { planRates, locale: req.locale }),
        codes.done,
      ),
  });
  app.post(`${base}/:id`, {
    schema: {
      params: catalogueIdParams,
      body: adminLoanProductUpdateBody,
      response: { 200: envelope(adminLoanProduct) },
    },
    onRequest: manage,
    handler: async (req) =>
      ok(
        req,
        await updateLoanProduct(ctx, adminOf(req).id, Number(req.params.id), req.body, {
          planRates,
          locale: req.locale,
        }),
        codes.done,
      ),
  });
}
