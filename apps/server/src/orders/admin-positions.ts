// Every customer's contracts for the back office, read-only: filtered by status, instrument, customer and
// book, newest first, with the realized P&L of closed ones and the unrealized P&L of open ones at the feed's
// latest price. Staff see positions; they cannot open, close or change one (DESIGN.md §1.3).
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type {
  AdminPosition,
  AdminPositionsQuery,
  Book,
  CloseReason,
  ContractDirection,
  Page,
} from '@tradewind/contract';
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import { closeReasons, lotScale } from '@tradewind/contract/orders-math';
import type { Db } from '../platform/db.ts';
import { formatPrice } from '../market/service.ts';
import { users } from '../users/tables.ts';
import { type MarkPrices } from './exposure.ts';
import { pnlAtMinor } from './spec.ts';
import { optionOrders, type OptionOrderRow } from './tables.ts';

const money = (minor: bigint) => formatMinor(minor, usdtScale);

const isCloseReason = (v: string | null): v is CloseReason =>
  (closeReasons as readonly (string | null)[]).includes(v);

/** The table's checks hold these to their words; anything else is a broken row, not a customer's input. */
function checked(row: OptionOrderRow): { book: Book; direction: ContractDirection } {
  const { book, direction } = row;
  if ((book !== 'demo' && book !== 'real') || (direction !== 'up' && direction !== 'down'))
    throw new Error(`option order ${row.id}: bad book or direction`);
  return { book, direction };
}

function closedPart(row: OptionOrderRow) {
  const price = (minor: bigint) => formatPrice(minor, row.priceScale);
  if (row.status !== 'closed') return {};
  if (
    row.closePriceMinor === null ||
    row.closeTickId === null ||
    row.closeAt === null ||
    row.pnlMinor === null ||
    !isCloseReason(row.closeReason)
  )
    throw new Error(`option order ${row.id}: closed without its close`);
  return {
    closePrice: price(row.closePriceMinor),
    closeTickId: String(row.closeTickId),
    closeAt: row.closeAt.getTime(),
    closeReason: row.closeReason,
    pnl: money(row.pnlMinor),
  };
}

function openPart(row: OptionOrderRow, marks: MarkPrices) {
  if (row.status !== 'open') return {};
  const mark = marks(row.code);
  if (mark === undefined) return { pnl: null };
  return { pnl: money(pnlAtMinor(row, mark)), markPrice: formatPrice(mark, row.priceScale) };
}

export function toAdminPosition(
  row: OptionOrderRow,
  user: { userName: string },
  marks: MarkPrices,
): AdminPosition {
  const price = (minor: bigint) => formatPrice(minor, row.priceScale);
  return {
    id: String(row.id),
    orderNo: row.orderNo,
    user: { id: String(row.userId), userName: user.userName },
    ...checked(row),
    code: row.code,
    quote: row.quote,
    lots: formatMinor(row.lotsMinor, lotScale, lotScale),
    leverage: row.leverage,
    openPrice: price(row.openPriceMinor),
    openTickId: String(row.openTickId),
    openAt: row.openAt.getTime(),
    notional: money(row.notionalMinor),
    margin: money(row.marginMinor),
    fee: money(row.feeMinor),
    ...(row.takeProfitMinor === null ? {} : { takeProfit: price(row.takeProfitMinor) }),
    ...(row.stopLossMinor === null ? {} : { stopLoss: price(row.stopLossMinor) }),
    expiresAt: row.expiresAt.getTime(),
    status: row.status === 'closed' ? 'closed' : 'open',
    pnl: null,
    ...closedPart(row),
    ...openPart(row, marks),
  };
}

export async function listPositions(
  db: Db,
  q: AdminPositionsQuery,
  marks: MarkPrices,
): Promise<Page<AdminPosition>> {
  const filters: SQL[] = [eq(optionOrders.status, q.status)];
  if (q.code) filters.push(eq(optionOrders.code, q.code));
  if (q.userId) filters.push(eq(optionOrders.userId, Number(q.userId)));
  if (q.book) filters.push(eq(optionOrders.book, q.book));
  const where = and(...filters);
  const [total] = await db.select({ n: count() }).from(optionOrders).where(where);
  const rows = await db
    .select({ order: optionOrders, userName: users.userName })
    .from(optionOrders)
    .innerJoin(users, eq(users.id, optionOrders.userId))
    .where(where)
    .orderBy(desc(optionOrders.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map((r) => toAdminPosition(r.order, r, marks)),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}
