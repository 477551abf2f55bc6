// A contract row on the wire (CONTRACT.md "Orders" Contract): decimals at the row's own scales, times in
// epoch ms, and while open the P&L at the latest price (capped at −margin, as a close would book it), with
// the result after the opening fee beside it.
import type { Book, OptionsContract, Tick } from '@tradewind/contract';
import { closeReasons, lotScale, netPnlMinor, type CloseReason } from '@tradewind/contract/orders-math';
import { assets, formatMinor, roundHalfEven } from '@tradewind/contract/money';
import { assert } from '../platform/errors.ts';
import { directionOf, pnlAtMinor } from './spec.ts';
import type { OptionOrderRow } from './tables.ts';

const usdt = assets.USDT.scale;
/** The conversion rate is shown to this many decimals (it is applied exactly, as num ÷ den). */
const rateScale = 8;

export type ViewContext = {
  appName: (code: string) => string;
  /** The latest price of `code` (minor units at its scale), for an open contract's unrealized P&L. */
  mark: (code: string) => bigint | undefined;
  /** Expired but its market is closed: it closes at the first tick when the market opens. */
  awaitingOpen: (row: OptionOrderRow) => boolean;
  /** The kept ticks the page's rows name (the conversion ticks), by id. */
  ticks: ReadonlyMap<number, Tick>;
};

const isCloseReason = (r: string): r is CloseReason => (closeReasons as readonly string[]).includes(r);
const optional = <K extends string, V>(key: K, value: V | null | undefined) =>
  (value === null || value === undefined ? {} : { [key]: value }) as Partial<Record<K, V>>;

export function contractView(row: OptionOrderRow, v: ViewContext): OptionsContract {
  const price = (minor: bigint) => formatMinor(minor, row.priceScale, row.priceScale);
  const money = (minor: bigint) => formatMinor(minor, usdt);
  const open = row.status === 'open';
  const mark = open ? v.mark(row.code) : undefined;
  const pnlMinor = open ? (mark === undefined ? 0n : pnlAtMinor(row, mark)) : (row.pnlMinor ?? 0n);
  const reason = row.closeReason;
  assert(reason === null || isCloseReason(reason), `contract ${row.id} has a known close reason`);
  const conversionTick = row.conversionTickId === null ? undefined : v.ticks.get(row.conversionTickId);
  return {
    id: String(row.id),
    orderNo: row.orderNo,
    code: row.code,
    appName: v.appName(row.code),
    book: row.book as Book,
    direction: directionOf(row),
    lots: formatMinor(row.lotsMinor, lotScale, lotScale),
    leverage: row.leverage,
    quote: row.quote,
    contractSize: row.contractSize.toString(),
    openPrice: price(row.openPriceMinor),
    openTickId: String(row.openTickId),
    openAt: row.openAt.getTime(),
    ...optional('closePrice', row.closePriceMinor === null ? null : price(row.closePriceMinor)),
    ...optional('closeTickId', row.closeTickId === null ? null : String(row.closeTickId)),
    ...optional('closeAt', row.closeAt?.getTime()),
    ...optional('closeReason', reason),
    notional: money(row.notionalMinor),
    margin: money(row.marginMinor),
    fee: money(row.feeMinor),
    feeRate: formatMinor(BigInt(row.feeRateBps), 4),
    ...optional('takeProfit', row.takeProfitMinor === null ? null : price(row.takeProfitMinor)),
    ...optional('stopLoss', row.stopLossMinor === null ? null : price(row.stopLossMinor)),
    termSeconds: row.termSeconds,
    expiresAt: row.expiresAt.getTime(),
    pnl: money(pnlMinor),
    netPnl: money(netPnlMinor(pnlMinor, row.feeMinor)),
    ...optional('markPrice', mark === undefined ? null : price(mark)),
    ...(open && v.awaitingOpen(row) ? { awaitingMarketOpen: true } : {}),
    ...(conversionTick
      ? {
          conversion: {
            code: conversionTick.code,
            price: conversionTick.price,
            tickId: conversionTick.id,
            rate: formatMinor(
              roundHalfEven(row.conversionNum * 10n ** BigInt(rateScale), row.conversionDen),
              rateScale,
            ),
            invert: conversionTick.code.startsWith('USD'),
          },
        }
      : {}),
    status: open ? 'open' : 'closed',
  };
}
