// The back office edits smart products (CONTRACT.md "CRUD … smart-products"): names and plain-words texts per
// language, amounts, the early-exit penalty and each duration's daily rate. A rate above the
// `smart_daily_rate_max` parameter is refused with a field error; every change writes an audit row in its
// transaction. Running orders keep the terms they were bought at (copied on the order row).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSmartProduct,
  adminSmartProductBody,
  codes,
  envelope,
  type AdminSmartProduct,
  type AdminSmartProductBody,
} from '@tradewind/contract';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import {
  dailyRatePercent,
  formatDailyRate,
  formatPenaltyPct,
  parseDailyRate,
  parsePenaltyPct,
} from '@tradewind/contract/smart-math';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import { AppError, assert, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { ok } from '../platform/http.ts';
import { getParam } from '../settings/service.ts';
import { productsWithPlans, type ProductWithPlans } from './products.ts';
import { smartProductPlans, smartProducts } from './tables.ts';

const usdt = assets.USDT.scale;

function adminView({ product, plans }: ProductWithPlans): AdminSmartProduct {
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
  };
}

/** `smart_daily_rate_max` ("0.1", in percent a day) in 1e-8 of a fraction; nonsense in it: 10018. */
async function rateCapE8(tx: Tx): Promise<bigint> {
  const percent = tryParseDecimal((await getParam(tx, 'smart_daily_rate_max')).value.trim(), 6);
  if (percent === undefined || percent <= 0n || percent > 1_000_000n)
    throw new AppError(codes.paramsFetchFailed);
  return percent; // percent at 6 places = fraction at 8 places
}

type Checked = {
  minAmountMinor: bigint;
  maxAmountMinor: bigint;
  penaltyBps: number;
  plans: { days: number; dailyRateE8: number }[];
};

/** The body's figures as integers, or a 400 naming each field that is wrong. */
async function check(tx: Tx, body: AdminSmartProductBody): Promise<Checked> {
  const fields: Record<string, FieldProblem> = {};
  const cap = await rateCapE8(tx);
  const min = tryParseDecimal(body.minAmount, usdt) ?? 0n;
  const max = tryParseDecimal(body.maxAmount, usdt) ?? 0n;
  if (max < min) fields.maxAmount = { key: 'tooSmall', params: { min: body.minAmount } };
  const bps = parsePenaltyPct(body.earlyExitPenaltyPct);
  if (bps === undefined || bps > 10_000n)
    fields.earlyExitPenaltyPct = { key: 'tooBig', params: { max: '100' } };
  if (!body.names.en) fields['names.en'] = { key: 'required' };
  if (!body.descriptions.en) fields['descriptions.en'] = { key: 'required' };
  const seen = new Set<number>();
  const plans = body.plans.map((p, i) => {
    const rate = parseDailyRate(p.dailyRate);
    if (rate === undefined || rate <= 0n) fields[`plans.${i}.dailyRate`] = { key: 'invalid' };
    else if (rate > cap)
      fields[`plans.${i}.dailyRate`] = { key: 'tooBig', params: { max: `${dailyRatePercent(cap)} %` } };
    if (seen.has(p.days)) fields[`plans.${i}.days`] = { key: 'invalid' };
    seen.add(p.days);
    return { days: p.days, dailyRateE8: Number(rate ?? 0n) };
  });
  if (Object.keys(fields).length > 0) throw new AppError(codes.paramsEmpty, {}, fields);
  return { minAmountMinor: min, maxAmountMinor: max, penaltyBps: Number(bps), plans };
}

async function save(ctx: Ctx, adminId: number, body: AdminSmartProductBody): Promise<AdminSmartProduct> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const c = await check(tx, body);
    const values = {
      code: body.code,
      names: body.names,
      descriptions: body.descriptions,
      minAmountMinor: c.minAmountMinor,
      maxAmountMinor: c.maxAmountMinor,
      earlyExitPenaltyBps: c.penaltyBps,
      enabled: body.enabled,
      updatedAt: now,
    };
    const id = body.id === undefined ? undefined : Number(body.id);
    const [before] = id === undefined ? [] : await productsWithPlans(tx, { ids: [id], all: true });
    if (id !== undefined && !before) throw new AppError(codes.notFound);
    const [row] = before
      ? await tx.update(smartProducts).set(values).where(eq(smartProducts.id, before.product.id)).returning()
      : await tx
          .insert(smartProducts)
          .values({ ...values, sort: 100, createdAt: now })
          .onConflictDoNothing()
          .returning();
    if (!row) throw new AppError(codes.paramsEmpty, {}, { code: { key: 'invalid' } });
    // Plans are replaced: orders copied their terms at purchase, so nothing running refers to a plan row.
    await tx.delete(smartProductPlans).where(eq(smartProductPlans.productId, row.id));
    await tx.insert(smartProductPlans).values(c.plans.map((p) => ({ productId: row.id, ...p })));
    const [after] = await productsWithPlans(tx, { ids: [row.id], all: true });
    assert(after, 'smart product saved');
    const view = adminView(after);
    await writeAudit(
      tx,
      {
        adminId,
        action: before ? 'smartProduct.update' : 'smartProduct.create',
        target: `smartProduct:${row.id}`,
        before: before ? adminView(before) : null,
        after: view,
      },
      now,
    );
    return view;
  });
}

export function registerSmartAdminRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/admin/api/smart-products', {
    schema: { response: { 200: envelope(z.array(adminSmartProduct)) } },
    onRequest: requireAdmin(ctx, 'manageCatalogue'),
    handler: async (req) => ok(req, (await productsWithPlans(ctx.db, { all: true })).map(adminView)),
  });
  app.post('/admin/api/smart-products', {
    schema: { body: adminSmartProductBody, response: { 200: envelope(adminSmartProduct) } },
    onRequest: requireAdmin(ctx, 'manageCatalogue'),
    handler: async (req) => ok(req, await save(ctx, adminOf(req).id, req.body), codes.done),
  });
}
