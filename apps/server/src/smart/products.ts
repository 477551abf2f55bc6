// The smart products on offer (listSmartProduct) and the product a purchase or renewal reads its terms from.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { SmartProduct } from '@tradewind/contract';
import { assets, formatMinor } from '@tradewind/contract/money';
import { formatDailyRate, formatPenaltyPct } from '@tradewind/contract/smart-math';
import type { DbOrTx } from '../platform/db.ts';
import { termsSha256 } from '../platform/terms.ts';
import type { Locale } from '../platform/i18n.ts';
import {
  smartProductPlans,
  smartProducts,
  type LocalizedText,
  type SmartPlanRow,
  type SmartProductRow,
} from './tables.ts';

const usdt = assets.USDT.scale;

export type ProductWithPlans = { product: SmartProductRow; plans: SmartPlanRow[] };

/** The text in `locale`, else English, else any: a product edited with fewer languages still shows a name. */
export function localized(texts: LocalizedText, locale: Locale | string): string {
  return texts[locale] ?? texts.en ?? Object.values(texts)[0] ?? '';
}

/** Products with their plans (by days), all or only `ids`; enabled only unless `all`. */
export async function productsWithPlans(
  db: DbOrTx,
  opts: { ids?: number[]; all?: boolean } = {},
): Promise<ProductWithPlans[]> {
  const where = and(
    opts.all ? undefined : eq(smartProducts.enabled, true),
    opts.ids ? inArray(smartProducts.id, opts.ids.length > 0 ? opts.ids : [-1]) : undefined,
  );
  const products = await db
    .select()
    .from(smartProducts)
    .where(where)
    .orderBy(asc(smartProducts.sort), asc(smartProducts.id));
  if (products.length === 0) return [];
  const plans = await db
    .select()
    .from(smartProductPlans)
    .where(
      inArray(
        smartProductPlans.productId,
        products.map((p) => p.id),
      ),
    )
    .orderBy(asc(smartProductPlans.days));
  return products.map((product) => ({ product, plans: plans.filter((p) => p.productId === product.id) }));
}

type ProductRow = ProductWithPlans['product'];
type PlanRow = ProductWithPlans['plans'][number];

/**
 * One plan's disclosed terms and their hash (CONTRACT.md "Terms shown = terms applied"): the product, the
 * days and daily rate, the amounts and the early-exit penalty. buySmart recomputes it in its transaction,
 * so a penalty or amount edited between the product card and the confirm click answers 10112.
 */
export function planTermsSha256(product: ProductRow, plan: Pick<PlanRow, 'days' | 'dailyRateE8'>): string {
  return termsSha256({
    productId: String(product.id),
    days: plan.days,
    dailyRate: formatDailyRate(BigInt(plan.dailyRateE8)),
    minAmount: formatMinor(product.minAmountMinor, usdt),
    maxAmount: formatMinor(product.maxAmountMinor, usdt),
    earlyExitPenaltyPct: formatPenaltyPct(BigInt(product.earlyExitPenaltyBps)),
  });
}

/** A plan as the wire shows it, with its terms hash. */
export function planView(product: ProductRow, plan: PlanRow): SmartProduct['plans'][number] {
  return {
    days: plan.days,
    dailyRate: formatDailyRate(BigInt(plan.dailyRateE8)),
    termsSha256: planTermsSha256(product, plan),
  };
}

export function productView({ product, plans }: ProductWithPlans, locale: Locale): SmartProduct {
  return {
    id: String(product.id),
    name: localized(product.names, locale),
    description: localized(product.descriptions, locale),
    minAmount: formatMinor(product.minAmountMinor, usdt),
    maxAmount: formatMinor(product.maxAmountMinor, usdt),
    plans: plans.map((p) => planView(product, p)),
    earlyExitPenaltyPct: formatPenaltyPct(BigInt(product.earlyExitPenaltyBps)),
  };
}

/** listSmartProduct: the enabled products that offer at least one duration, in the request's language. */
export async function listProducts(db: DbOrTx, locale: Locale): Promise<SmartProduct[]> {
  const all = await productsWithPlans(db);
  return all.filter((p) => p.plans.length > 0).map((p) => productView(p, locale));
}

/** The product `id` and its plan of `days`, as in force in the caller's transaction. */
export async function planOf(
  db: DbOrTx,
  id: number,
  days: number,
): Promise<{ product: SmartProductRow | undefined; plan: SmartPlanRow | undefined }> {
  const [product] = await db.select().from(smartProducts).where(eq(smartProducts.id, id)).limit(1);
  if (!product) return { product, plan: undefined };
  const [plan] = await db
    .select()
    .from(smartProductPlans)
    .where(and(eq(smartProductPlans.productId, id), eq(smartProductPlans.days, days)))
    .limit(1);
  return { product, plan };
}
