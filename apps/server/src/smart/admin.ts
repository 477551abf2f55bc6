// The back office edits smart products (manageProducts: finance and superadmin; CONTRACT.md "CRUD …
// smart-products"): names and plain-words texts per language, amounts, the early-exit penalty, each
// duration's daily rate, on offer or not. A rate above the `smart_daily_rate_max` parameter is refused with
// a field error, and so is a rate a loan could fund at a profit (10174, DESIGN.md §1.11: checked against the
// enabled loan products, which app.ts hands in, so that smart does not import loans); every change writes an
// audit row (before, after, reason) in its transaction. Running orders keep the terms they were bought at
// (copied on the order row; the database refuses to change them).
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSmartProduct,
  adminSmartProductCreateBody,
  adminSmartProductUpdateBody,
  catalogueIdParams,
  codes,
  envelope,
  type AdminSmartProduct,
  type AdminSmartProductCreateBody,
  type AdminSmartProductUpdateBody,
} from '@tradewind/contract';
import { locales } from '@tradewind/i18n/locales';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { percentOfE8, ratesArbitrage, type LoanRate } from '@tradewind/contract/product-rates';
import {
  dailyRatePercent,
  formatDailyRate,
  formatPenaltyPct,
  parseDailyRate,
  parsePenaltyPct,
} from '@tradewind/contract/smart-math';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError, assert, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { ok } from '../platform/http.ts';
import type { Locale } from '../platform/i18n.ts';
import { lockForTransaction } from '../platform/xact-lock.ts';
import { getParam } from '../settings/service.ts';
import { localized, productsWithPlans, type ProductWithPlans } from './products.ts';
import { smartOrders, smartProductPlans, smartProducts } from './tables.ts';

const usdt = assets.USDT.scale;

function adminView({ product, plans }: ProductWithPlans, earningOrders: number): AdminSmartProduct {
  return {
    id: String(product.id),
    code: product.code,
    names: product.names,
    descriptions: product.descriptions,
    minAmount: formatMinor(product.minAmountMinor, usdt),
    maxAmount: formatMinor(product.maxAmountMinor, usdt),
    earlyExitPenaltyPct: formatPenaltyPct(BigInt(product.earlyExitPenaltyBps)),
    plans: plans.map((p) => ({ days: p.days, dailyRate: formatDailyRate(BigInt(p.dailyRateE8)) })),
    enabled: product.enabled,
    earningOrders,
    updatedAt: product.updatedAt.getTime(),
  };
}

/** Earning orders per product: what keeps its old terms through an edit. */
async function earningOn(db: DbOrTx, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: smartOrders.productId, n: count() })
    .from(smartOrders)
    .where(and(eq(smartOrders.status, 'earning'), inArray(smartOrders.productId, ids)))
    .groupBy(smartOrders.productId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** `smart_daily_rate_max` ("0.1", in percent a day) in 1e-8 of a fraction; nonsense in it: 10018. */
async function rateCapE8(tx: Tx): Promise<bigint> {
  const percent = tryParseDecimal((await getParam(tx, 'smart_daily_rate_max')).value.trim(), 6);
  if (percent === undefined || percent <= 0n || percent > 1_000_000n)
    throw new AppError(codes.paramsFetchFailed);
  return percent; // percent at 6 places = fraction at 8 places
}

/** A product's fields as the body leaves them (every one of them: a create, or an edit merged onto the row). */
type Whole = Omit<AdminSmartProductCreateBody, 'code' | 'reason'>;

type Checked = {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  penaltyBps: number;
  plans: { days: number; dailyRateE8: number }[];
};

const knownLocale = (key: string) => (locales as readonly string[]).includes(key);

function checkTexts(texts: Record<string, string>, field: string, fields: Record<string, FieldProblem>) {
  if (!texts.en) fields[`${field}.en`] = { key: 'required' };
  for (const key of Object.keys(texts))
    if (!knownLocale(key)) fields[`${field}.${key}`] = { key: 'unknownField' };
}

/** The product's figures as integers, or a 400 naming each field that is wrong. */
async function check(tx: Tx, body: Whole): Promise<Checked> {
  const fields: Record<string, FieldProblem> = {};
  const cap = await rateCapE8(tx);
  const min = tryParseDecimal(body.minAmount, usdt) ?? 0n;
  const max = tryParseDecimal(body.maxAmount, usdt) ?? 0n;
  if (max < min) fields.maxAmount = { key: 'tooSmall', params: { min: body.minAmount } };
  const bps = parsePenaltyPct(body.earlyExitPenaltyPct);
  if (bps === undefined || bps > 10_000n)
    fields.earlyExitPenaltyPct = { key: 'tooBig', params: { max: '100' } };
  checkTexts(body.names, 'names', fields);
  checkTexts(body.descriptions, 'descriptions', fields);
  const seen = new Set<number>();
  const plans = body.plans.map((p, i) => {
    const rate = parseDailyRate(p.dailyRate);
    if (rate === undefined || rate <= 0n) fields[`plans.${i}.dailyRate`] = { key: 'invalid' };
    else if (rate > cap)
      fields[`plans.${i}.dailyRate`] = { key: 'tooBig', params: { max: `${dailyRatePercent(cap)} %` } };
    if (seen.has(p.days)) fields[`plans.${i}.days`] = { key: 'duplicate' };
    seen.add(p.days);
    return { days: p.days, dailyRateE8: Number(rate ?? 0n) };
  });
  if (Object.keys(fields).length > 0) throw new AppError(codes.paramsEmpty, {}, fields);
  return { minAmountMinor: min, maxAmountMinor: max, penaltyBps: Number(bps), plans };
}

/** The enabled loan products, named in `locale`: what a customer could borrow to fund a plan. */
export type LoanRatesOf = (tx: Tx, locale: Locale) => Promise<(LoanRate & { name: string })[]>;

/**
 * 10174 when a plan of a product on offer pays more over its term than borrowing for those days costs with a
 * loan on offer, with a message under each such plan's rate naming the loan and the highest rate that passes.
 * A product off offer is not checked (DESIGN.md §1.11 counts what a customer can combine); it is when enabled.
 */
async function refuseArbitrage(
  tx: Tx,
  plans: Checked['plans'],
  loanRates: LoanRatesOf,
  locale: Locale,
): Promise<void> {
  const loans = await loanRates(tx, locale);
  const fields: Record<string, FieldProblem> = {};
  let first: { days: number; loan: string } | undefined;
  for (const [i, plan] of plans.entries()) {
    const found = ratesArbitrage([plan], loans);
    if (!found) continue;
    first ??= { days: plan.days, loan: found.loan.name };
    fields[`plans.${i}.dailyRate`] = {
      key: 'planAboveLoanCost',
      params: {
        days: plan.days,
        loan: found.loan.name,
        yield: `${percentOfE8(found.yieldE8)} %`,
        cost: `${percentOfE8(found.costE8)} %`,
        max: `${dailyRatePercent(found.dailyRateE8Max)} %`,
      },
    };
  }
  if (first) throw new AppError(codes.ratesArbitrage, first, fields);
}

/**
 * The plans of the products on offer, each named by its product in `locale`: what the loan editor checks a
 * loan product against (handed to it by app.ts).
 */
export async function enabledPlanRates(
  tx: Tx,
  locale: Locale,
): Promise<{ name: string; days: number; dailyRateE8: number }[]> {
  const onOffer = await productsWithPlans(tx);
  return onOffer.flatMap(({ product, plans }) =>
    plans.map((p) => ({ name: localized(product.names, locale), days: p.days, dailyRateE8: p.dailyRateE8 })),
  );
}

async function writePlans(tx: Tx, productId: number, plans: Checked['plans']): Promise<void> {
  // Plans are replaced: orders copied their terms at purchase, so nothing running refers to a plan row.
  await tx.delete(smartProductPlans).where(eq(smartProductPlans.productId, productId));
  await tx.insert(smartProductPlans).values(plans.map((p) => ({ productId, ...p })));
}

async function viewOf(tx: Tx, id: number): Promise<AdminSmartProduct> {
  const [after] = await productsWithPlans(tx, { ids: [id], all: true });
  assert(after, 'smart product saved');
  return adminView(after, (await earningOn(tx, [id])).get(id) ?? 0);
}

/** What an edit needs besides the body: the loans a plan is checked against, and the language to name them in. */
type RateCheck = { loanRates: LoanRatesOf; locale: Locale };

async function create(
  ctx: Ctx,
  adminId: number,
  body: AdminSmartProductCreateBody,
  rates: RateCheck,
): Promise<AdminSmartProduct> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    await lockForTransaction(tx, 'productRates');
    const c = await check(tx, body);
    if (body.enabled) await refuseArbitrage(tx, c.plans, rates.loanRates, rates.locale);
    const [row] = await tx
      .insert(smartProducts)
      .values({
        code: body.code,
        names: body.names,
        descriptions: body.descriptions,
        minAmountMinor: c.minAmountMinor,
        maxAmountMinor: c.maxAmountMinor,
        earlyExitPenaltyBps: c.penaltyBps,
        enabled: body.enabled,
        sort: 100,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(codes.productCodeTaken);
    await writePlans(tx, row.id, c.plans);
    const view = await viewOf(tx, row.id);
    await writeAudit(
      tx,
      {
        adminId,
        action: 'smartProduct.create',
        target: `smartProduct:${row.id}`,
        after: view,
        reason: body.reason,
      },
      now,
    );
    return view;
  });
}

async function update(
  ctx: Ctx,
  adminId: number,
  id: number,
  body: AdminSmartProductUpdateBody,
  rates: RateCheck,
): Promise<AdminSmartProduct> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    // Before the row: the loan editor takes the same lock first, so the two never wait on each other in turn.
    await lockForTransaction(tx, 'productRates');
    // Locked, so two edits of one product apply one after the other, each checked against the other's result.
    const [locked] = await tx.select().from(smartProducts).where(eq(smartProducts.id, id)).for('update');
    const [current] = locked ? await productsWithPlans(tx, { ids: [id], all: true }) : [];
    if (!current) throw new AppError(codes.notFound);
    const before = adminView(current, (await earningOn(tx, [id])).get(id) ?? 0);
    const { reason, ...changes } = body;
    const c = await check(tx, { ...before, ...changes });
    const enabled = changes.enabled ?? current.product.enabled;
    if (enabled) await refuseArbitrage(tx, c.plans, rates.loanRates, rates.locale);
    await tx
      .update(smartProducts)
      .set({
        names: changes.names ?? current.product.names,
        descriptions: changes.descriptions ?? current.product.descriptions,
        minAmountMinor: c.minAmountMinor,
        maxAmountMinor: c.maxAmountMinor,
        earlyExitPenaltyBps: c.penaltyBps,
        enabled,
        updatedAt: now,
      })
      .where(eq(smartProducts.id, id));
    if (changes.plans) await writePlans(tx, id, c.plans);
    const view = await viewOf(tx, id);
    await writeAudit(
      tx,
      { adminId, action: 'smartProduct.update', target: `smartProduct:${id}`, before, after: view, reason },
      now,
    );
    return view;
  });
}

/** `loanRates`: the loans a plan's rate is checked against (loans' own reader, wired by app.ts). */
export function registerSmartAdminRoutes(fastify: FastifyInstance, ctx: Ctx, loanRates: LoanRatesOf): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/smart-products';
  const manage = requireAdmin(ctx, 'manageProducts');
  app.get(base, {
    schema: { response: { 200: envelope(z.array(adminSmartProduct)) } },
    onRequest: manage,
    handler: async (req) => {
      const all = await productsWithPlans(ctx.db, { all: true });
      const earning = await earningOn(
        ctx.db,
        all.map((p) => p.product.id),
      );
      return ok(
        req,
        all.map((p) => adminView(p, earning.get(p.product.id) ?? 0)),
      );
    },
  });
  app.post(base, {
    schema: { body: adminSmartProductCreateBody, response: { 200: envelope(adminSmartProduct) } },
    onRequest: manage,
    handler: async (req) =>
      ok(req, await create(ctx, adminOf(req).id, req.body, { loanRates, locale: req.locale }), codes.done),
  });
  app.post(`${base}/:id`, {
    schema: {
      params: catalogueIdParams,
      body: adminSmartProductUpdateBody,
      response: { 200: envelope(adminSmartProduct) },
    },
    onRequest: manage,
    handler: async (req) =>
      ok(
        req,
        await update(ctx, adminOf(req).id, Number(req.params.id), req.body, {
          loanRates,
          locale: req.locale,
        }),
        codes.done,
      ),
  });
}
