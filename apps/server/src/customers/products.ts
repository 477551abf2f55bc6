// The 360's product sections: contracts (both books), smart plans, loans and charity-auction bids — the latest
// rows of each with the product's name in the reader's language, and the counts that matter at a glance.
import { count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  closeReasons,
  contractDirections,
  contractStatuses,
  customerBooks,
  customerSectionSize,
  nftStatuses,
  smartOrderStatuses,
  type Customer360,
} from '@tradewind/contract';
import { formatMinor } from '@tradewind/contract/money';
import { lotScale } from '@tradewind/contract/orders-math';
import type { Locale } from '@tradewind/i18n/locales';
import type { DbOrTx } from '../platform/db.ts';
import { optionOrders } from '../orders/tables.ts';
import { smartOrders, smartProducts } from '../smart/tables.ts';
import { localized } from '../smart/products.ts';
import { loanProducts, loans } from '../loans/tables.ts';
import { productName } from '../loans/products.ts';
import { adminAgreementUrl, loanView } from '../loans/view.ts';
import { nftBids, nfts } from '../nft/tables.ts';
import { countOf, ms, oneOf, usdt } from './format.ts';

export async function contractsOf(db: DbOrTx, userId: number): Promise<Customer360['contracts']> {
  const where = eq(optionOrders.userId, userId);
  const [counts] = await db
    .select({
      n: count(),
      open: sql<number>`count(*) filter (where ${optionOrders.status} = 'open')`.mapWith(Number),
    })
    .from(optionOrders)
    .where(where);
  const rows = await db
    .select()
    .from(optionOrders)
    .where(where)
    .orderBy(desc(optionOrders.id))
    .limit(customerSectionSize);
  const list = rows.map((o) => ({
    id: String(o.id),
    orderNo: o.orderNo,
    book: oneOf(customerBooks, o.book, `contract ${o.id} book`),
    code: o.code,
    direction: oneOf(contractDirections, o.direction, `contract ${o.id} direction`),
    lots: formatMinor(o.lotsMinor, lotScale),
    leverage: o.leverage,
    margin: usdt(o.marginMinor),
    fee: usdt(o.feeMinor),
    status: oneOf(contractStatuses, o.status, `contract ${o.id} status`),
    closeReason:
      o.closeReason === null ? null : oneOf(closeReasons, o.closeReason, `contract ${o.id} reason`),
    pnl: o.pnlMinor === null ? null : usdt(o.pnlMinor),
    openAt: o.openAt.getTime(),
    closedAt: ms(o.closeAt),
  }));
  return { total: counts?.n ?? 0, open: counts?.open ?? 0, list };
}

export async function smartPlansOf(
  db: DbOrTx,
  userId: number,
  locale: Locale,
): Promise<Customer360['smartPlans']> {
  const where = eq(smartOrders.userId, userId);
  const earning = sql`${smartOrders.status} = 'earning'`;
  const [counts] = await db
    .select({
      n: count(),
      earning: sql<number>`count(*) filter (where ${earning})`.mapWith(Number),
      principal: sql<string>`coalesce(sum(${smartOrders.amountMinor}) filter (where ${earning}), 0)::text`,
    })
    .from(smartOrders)
    .where(where);
  const rows = await db
    .select({ o: smartOrders, names: smartProducts.names })
    .from(smartOrders)
    .innerJoin(smartProducts, eq(smartProducts.id, smartOrders.productId))
    .where(where)
    .orderBy(desc(smartOrders.id))
    .limit(customerSectionSize);
  const list = rows.map(({ o, names }) => ({
    id: String(o.id),
    productName: localized(names, locale),
    days: o.days,
    amount: usdt(o.amountMinor),
    totalInterest: usdt(o.totalInterestMinor),
    status: oneOf(smartOrderStatuses, o.status, `smart order ${o.id} status`),
    autoRenew: o.autoRenew,
    startAt: o.startAt.getTime(),
    maturityAt: o.maturityAt.getTime(),
  }));
  return {
    total: counts?.n ?? 0,
    earning: counts?.earning ?? 0,
    principal: usdt(BigInt(counts?.principal ?? '0')),
    list,
  };
}

/** The latest loans `where` selects, each with its product: a section's rows. */
export const latestLoans = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select({ loan: loans, product: loanProducts })
    .from(loans)
    .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
    .where(where)
    .orderBy(desc(loans.id))
    .limit(customerSectionSize);

/** Loans as the review queue shows them, with the signed agreement's staff URL. */
export async function loansOf(db: DbOrTx, userId: number, locale: Locale): Promise<Customer360['loans']> {
  const where = eq(loans.userId, userId);
  const total = await countOf(db, loans, where);
  const rows = await latestLoans(db, where);
  const list = rows.map(({ loan, product }) =>
    loanView(loan, productName(product, locale), adminAgreementUrl(loan.id)),
  );
  return { total, list };
}

export async function bidsOf(db: DbOrTx, userId: number): Promise<Customer360['bids']> {
  const where = eq(nftBids.userId, userId);
  const total = await countOf(db, nftBids, where);
  const rows = await db
    // Not the whole piece: its artwork is a PNG in the row.
    .select({
      bid: nftBids,
      nft: {
        id: nfts.id,
        name: nfts.name,
        status: nfts.status,
        leaderUserId: nfts.leaderUserId,
        currentBidMinor: nfts.currentBidMinor,
      },
    })
    .from(nftBids)
    .innerJoin(nfts, eq(nfts.id, nftBids.nftId))
    .where(where)
    .orderBy(desc(nftBids.id))
    .limit(customerSectionSize);
  const list = rows.map(({ bid, nft }) => ({
    id: String(bid.id),
    nftId: String(nft.id),
    nftName: nft.name,
    amount: usdt(bid.amountMinor),
    at: bid.createdAt.getTime(),
    nftStatus: oneOf(nftStatuses, nft.status, `nft ${nft.id} status`),
    leading: nft.leaderUserId === userId && nft.currentBidMinor === bid.amountMinor,
  }));
  return { total, list };
}
