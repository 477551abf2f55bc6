// The trade ticket's arithmetic, without React: lots stepping, take-profit / stop-loss checks, the confirm
// step's figures and a position's live P&L, all through the shared contract arithmetic
// (`@tradewind/contract/orders-math`) so that what the customer is shown is what the server applies.
import type { MarketInfo, OptionsContract } from '@tradewind/contract';
import { formatMinor, tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import {
  contractTerms,
  conversionOf,
  levelsOnTheRightSide,
  lotScale,
  maxLossMinor,
  moveValueMinor,
  netPnlMinor,
  parity,
  settledPnlMinor,
  slippageToleranceMinor,
  type ContractDirection,
  type ContractSpec,
  type Conversion,
} from '@tradewind/contract/orders-math';

/** Fee rates travel as fractions ("0.001"); the server keeps them in basis points (4 decimals). */
const feeRateScale = 4;
/** `max_slippage_pct` is a percent with at most two decimals ("0.5" → 50 hundredths). */
const slippageScale = 2;

export type LotBounds = { minMinor: bigint; maxMinor: bigint; stepMinor: bigint };

export function lotBoundsOf(
  info: Pick<MarketInfo, 'minLots' | 'maxLots' | 'lotSize'>,
): LotBounds | undefined {
  const minMinor = tryParseDecimal(info.minLots, lotScale);
  const maxMinor = tryParseDecimal(info.maxLots, lotScale);
  const stepMinor = tryParseDecimal(info.lotSize, lotScale);
  if (minMinor === undefined || maxMinor === undefined || stepMinor === undefined || stepMinor <= 0n)
    return undefined;
  return { minMinor, maxMinor, stepMinor };
}

export const lotsText = (minor: bigint): string => formatMinor(minor, lotScale);

/** The lot count typed, if it is one the server takes: in range and a whole number of steps. */
export function parseLots(text: string, bounds: LotBounds): bigint | undefined {
  const minor = tryParseDecimal(text, lotScale);
  if (minor === undefined) return undefined;
  const ok = minor >= bounds.minMinor && minor <= bounds.maxMinor && minor % bounds.stepMinor === 0n;
  return ok ? minor : undefined;
}

/**
 * One step up or down from what is typed: an off-step value goes to the next step in that direction, and
 * the result stays within min..max (a typo never jumps to a wild number).
 */
export function stepLots(text: string, bounds: LotBounds, by: 1 | -1): bigint {
  const { minMinor, maxMinor, stepMinor } = bounds;
  const current = tryParseDecimal(text, lotScale);
  if (current === undefined) return minMinor;
  const below = current - (((current % stepMinor) + stepMinor) % stepMinor);
  const next = by > 0 ? below + stepMinor : below === current ? current - stepMinor : below;
  return next < minMinor ? minMinor : next > maxMinor ? maxMinor : next;
}

export type LevelCheck =
  { kind: 'empty' } | { kind: 'invalid' } | { kind: 'ok'; minor: bigint; text: string };

/** A take-profit or stop-loss level as typed: empty, not a price at this scale, or the price. */
export function parseLevel(text: string, priceScale: number): LevelCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'empty' };
  const minor = /^\d+(\.\d+)?$/.test(trimmed) ? tryParseDecimal(trimmed, priceScale) : undefined;
  if (minor === undefined || minor <= 0n) return { kind: 'invalid' };
  return { kind: 'ok', minor, text: formatMinor(minor, priceScale) };
}

const levelMinor = (level: LevelCheck) => (level.kind === 'ok' ? level.minor : undefined);

/** Whether the levels sit on the side the server accepts against `priceMinor` (10105 otherwise). */
export function levelsFit(
  direction: ContractDirection,
  priceMinor: bigint,
  takeProfit: LevelCheck,
  stopLoss: LevelCheck,
): boolean {
  return levelsOnTheRightSide(direction, priceMinor, {
    takeProfitMinor: levelMinor(takeProfit),
    stopLossMinor: levelMinor(stopLoss),
  });
}

/** The ticket's fields as the server names them (buyOptions), where its refusals are shown. */
export const ticketFields = ['lots', 'leverage', 'termId', 'takeProfit', 'stopLoss'] as const;
export type TicketField = (typeof ticketFields)[number];

/** Refusals about one field of the ticket: lots 10016, term 10017, a take-profit or stop-loss 10105. */
const ticketFieldCodes: ReadonlySet<string> = new Set(['10016', '10017', '10105']);

/** Whether a refusal is about a field of the ticket (a code above, or a field message of the server's). */
export function refusesTicketField(error: { code: string; fields: Readonly<Record<string, string>> }) {
  return ticketFieldCodes.has(error.code) || ticketFields.some((name) => error.fields[name] !== undefined);
}

/**
 * Which level a 10105 ("take-profit or stop-loss on the wrong side") is about: the one that alone is on the
 * wrong side of the latest price (the server judged against the open price, which the customer did not see);
 * else the take-profit if there is one.
 */
export function refusedLevel(
  direction: ContractDirection,
  priceMinor: bigint | undefined,
  takeProfit: LevelCheck,
  stopLoss: LevelCheck,
): 'takeProfit' | 'stopLoss' {
  const empty: LevelCheck = { kind: 'empty' };
  if (priceMinor !== undefined) {
    if (!levelsFit(direction, priceMinor, takeProfit, empty)) return 'takeProfit';
    if (!levelsFit(direction, priceMinor, empty, stopLoss)) return 'stopLoss';
  }
  return takeProfit.kind === 'ok' || stopLoss.kind !== 'ok' ? 'takeProfit' : 'stopLoss';
}

export function feeRateBpsOf(feeRate: string): number | undefined {
  const bps = tryParseDecimal(feeRate, feeRateScale);
  return bps === undefined ? undefined : Number(bps);
}

export function slippageHundredthsOf(pct: string): bigint | undefined {
  return tryParseDecimal(pct.trim(), slippageScale);
}

/** A live price at the instrument's scale, or undefined when it has more decimals than the scale. */
export const priceMinorOf = (price: string, priceScale: number) => tryParseDecimal(price, priceScale);

/** The decimals a wire price is written with: prices carry all the instrument's decimals. */
export function scaleOfPrice(price: string): number {
  const dot = price.indexOf('.');
  return dot < 0 ? 0 : price.length - dot - 1;
}

/** The USD pairs that can convert `quote` to USDT, in the order the server looks for them. */
export function conversionPairs(quote: string): { code: string; invert: boolean }[] {
  if (quote === 'USD' || quote === 'USDT') return [];
  return [
    { code: `USD${quote}`, invert: true },
    { code: `${quote}USD`, invert: false },
  ];
}

export function conversionFromPair(price: string, invert: boolean): Conversion | undefined {
  const priceScale = scaleOfPrice(price);
  const priceMinor = tryParseDecimal(price, priceScale);
  if (priceMinor === undefined || priceMinor <= 0n) return undefined;
  return conversionOf({ priceMinor, priceScale, invert });
}

export type TicketInput = {
  direction: ContractDirection;
  lotsMinor: bigint;
  leverage: number;
  /** The live price the confirm step shows, at the instrument's scale. */
  priceMinor: bigint;
  takeProfitMinor?: bigint | undefined;
  conversion: Conversion;
};

export type ConfirmFigures = {
  notionalMinor: bigint;
  marginMinor: bigint;
  feeMinor: bigint;
  /** The margin (a loss never exceeds it: negative balance protection) plus the fee, which is not returned. */
  maxLossMinor: bigint;
  /** P&L if the take-profit is hit at its level, before the fee; undefined without one. */
  profitAtTakeProfitMinor: bigint | undefined;
  /** The same after the opening fee: what the contract would add to cash. */
  netProfitAtTakeProfitMinor: bigint | undefined;
  /** What the slippage tolerance is worth on this position ("up to"), given `slippageHundredths`. */
  slippageValueMinor: bigint | undefined;
};

/** The figures of the confirm step, computed the way the server computes them at open. */
export function confirmFigures(
  info: Pick<MarketInfo, 'contractSize' | 'priceScale' | 'feeRate'>,
  input: TicketInput,
  slippageHundredths?: bigint,
): ConfirmFigures | undefined {
  const contractSize = tryParseDecimal(info.contractSize, 0);
  const feeRateBps = feeRateBpsOf(info.feeRate);
  if (contractSize === undefined || feeRateBps === undefined) return undefined;
  const spec: ContractSpec = {
    lotsMinor: input.lotsMinor,
    contractSize,
    priceScale: info.priceScale,
    conversion: input.conversion,
  };
  const terms = contractTerms(spec, { priceMinor: input.priceMinor, leverage: input.leverage, feeRateBps });
  const tp = input.takeProfitMinor;
  const profit =
    tp === undefined
      ? undefined
      : settledPnlMinor(spec, input.direction, input.priceMinor, tp, terms.marginMinor);
  return {
    ...terms,
    maxLossMinor: maxLossMinor(terms),
    profitAtTakeProfitMinor: profit,
    netProfitAtTakeProfitMinor: profit === undefined ? undefined : netPnlMinor(profit, terms.feeMinor),
    slippageValueMinor:
      slippageHundredths === undefined
        ? undefined
        : moveValueMinor(spec, slippageToleranceMinor(input.priceMinor, slippageHundredths)),
  };
}

export const usdtText = (minor: bigint): string => formatMinor(minor, usdtScale);

/** The shared arithmetic's view of an open contract, from its wire form. */
export function specOfContract(c: OptionsContract): ContractSpec | undefined {
  const lotsMinor = tryParseDecimal(c.lots, lotScale);
  const contractSize = tryParseDecimal(c.contractSize, 0);
  const conversion = c.conversion ? conversionFromPair(c.conversion.price, c.conversion.invert) : parity;
  if (lotsMinor === undefined || contractSize === undefined || !conversion) return undefined;
  return { lotsMinor, contractSize, priceScale: scaleOfPrice(c.openPrice), conversion };
}

/**
 * Unrealized P&L of an open contract at a live price (never below −margin), as a wire decimal; the
 * server's own figure when the live price cannot be used.
 */
export function livePnl(c: OptionsContract, livePrice: string | undefined): string {
  const spec = specOfContract(c);
  if (!spec || livePrice === undefined) return c.pnl;
  const open = tryParseDecimal(c.openPrice, spec.priceScale);
  const mark = tryParseDecimal(livePrice, spec.priceScale);
  const margin = tryParseDecimal(c.margin, usdtScale);
  if (open === undefined || mark === undefined || margin === undefined) return c.pnl;
  return usdtText(settledPnlMinor(spec, c.direction, open, mark, margin));
}

/** The result after the opening fee of `pnl` (a wire decimal of the contract's P&L), as a wire decimal. */
export function netOf(c: Pick<OptionsContract, 'fee'>, pnl: string): string {
  const pnlMinor = tryParseDecimal(pnl, usdtScale);
  const feeMinor = tryParseDecimal(c.fee, usdtScale);
  if (pnlMinor === undefined || feeMinor === undefined) return pnl;
  return usdtText(netPnlMinor(pnlMinor, feeMinor));
}
