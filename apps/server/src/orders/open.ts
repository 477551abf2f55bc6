// Opening a contract (CONTRACT.md buyOptions, DESIGN.md §5): the terms the confirm step showed are checked
// against the terms in force inside the transaction (10112), then margin and fee leave cash in one entry
// written with the row. The open price is the instrument's latest tick, kept in the tape and named by id.
import { sql } from 'drizzle-orm';
import { codes, type Book, type BuyOptionsBody, type PriceStatus } from '@tradewind/contract';
import { formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import {
  contractTerms,
  conversionOf,
  levelsOnTheRightSide,
  lotScale,
  parity,
  slippageToleranceMinor,
  type ContractDirection,
  type Conversion,
} from '@tradewind/contract/orders-math';
import { AppError, assert, type FieldProblem } from '../platform/errors.ts';
import { queryRows, type Tx } from '../platform/db.ts';
import { assertTermsUnchanged } from '../platform/terms.ts';
import { contractTermsSha256, disclosedContractTerms } from '../market/disclosure.ts';
import { post, type Line } from '../ledger/post.ts';
import type { Instrument } from '../market/catalogue.ts';
import type { KeptTick } from '../market/tape.ts';
import { getParam } from '../settings/service.ts';
import { optionOrders, type OptionOrderRow } from './tables.ts';
import { assertNoOverdueLoan } from '../loans/debt.ts';

/** What the route learnt from the feed just before the transaction (the tape writes on its own connection). */
export type OpenMarket = {
  instrument: Instrument | undefined;
  /** The instrument's latest tick, kept; undefined while it has no price. */
  tick: KeptTick | undefined;
  tradable: boolean;
  /** The instrument's price status when its tick was kept (CONTRACT.md "Price status"). */
  status: PriceStatus | undefined;
  /** The USD pair's latest tick for a quote other than USD/USDT, and its status. */
  conversion:
    | {
        tick: KeptTick | undefined;
        priceScale: number;
        invert: boolean;
        status: PriceStatus | undefined;
        appName: string;
      }
    | 'parity'
    | undefined;
};

export type OpenRequest = { userId: number; book: Book; body: BuyOptionsBody; market: OpenMarket; now: Date };

const feeRateScale = 4;

/**
 * `max_slippage_pct` as written ("0.5", a disclosed term) and in hundredths of a percent (50), or 10018
 * when an operator set nonsense.
 */
export async function slippageParam(tx: Tx): Promise<{ text: string; hundredths: bigint }> {
  const text = (await getParam(tx, 'max_slippage_pct')).value.trim();
  const value = /^\d{1,2}(\.\d{1,2})?$/.test(text) ? tryParseDecimal(text, 2) : undefined;
  if (value === undefined || value > 10_00n) throw new AppError(codes.paramsFetchFailed);
  return { text, hundredths: value };
}

function leverageOf(instrument: Instrument, leverage: number): number {
  if (instrument.leverages.includes(leverage)) return leverage;
  const cap = Math.max(...instrument.leverages);
  throw leverage > cap
    ? new AppError(codes.paramsEmpty, {}, { leverage: { key: 'leverageMax', params: { max: cap } } })
    : new AppError(
        codes.paramsEmpty,
        {},
        { leverage: { key: 'leverageChoice', params: { choices: instrument.leverages.join(', ') } } },
      );
}

function lotsOf(instrument: Instrument, text: string): bigint {
  const lots = tryParseDecimal(text, lotScale);
  const ok =
    lots !== undefined &&
    lots >= instrument.minLotsMinor &&
    lots <= instrument.maxLotsMinor &&
    lots % instrument.lotStepMinor === 0n;
  if (!ok) throw new AppError(codes.purchaseAmountWrong);
  return lots;
}

/** The largest value of the levels' bigint columns (take_profit_minor, stop_loss_minor). */
const columnMax = 2n ** 63n - 1n;

/**
 * A take-profit or stop-loss level at the instrument's price scale; more decimals than it has, or more than
 * its column holds at that scale (a 20-digit level was an overflow and a 500, L-13): 10105.
 */
function levelOf(instrument: Instrument, text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  const minor = tryParseDecimal(text, instrument.priceScale);
  if (minor === undefined || minor > columnMax) throw new AppError(codes.tpSlUnreasonable);
  return minor;
}

/**
 * The real book moves money only on live, fresh prices (DESIGN.md §1.10): the instrument's and, for a quote
 * other than USD, the conversion pair's. 10160 simulated, 10161 stale; the demo book practises on any price.
 */
/**
 * 10105 when a level sits on the wrong side of the open price, with a message at each such field naming the
 * bound for this direction ("For Down, the take-profit must be below the open price, 3000.00").
 */
function assertLevelsSide(
  direction: ContractDirection,
  priceText: string,
  openMinor: bigint,
  levels: { takeProfitMinor: bigint | undefined; stopLossMinor: bigint | undefined },
): void {
  const fields: Record<string, FieldProblem> = {};
  const params = { price: priceText };
  if (!levelsOnTheRightSide(direction, openMinor, { takeProfitMinor: levels.takeProfitMinor }))
    fields.takeProfit = { key: direction === 'up' ? 'takeProfitAboveOpen' : 'takeProfitBelowOpen', params };
  if (!levelsOnTheRightSide(direction, openMinor, { stopLossMinor: levels.stopLossMinor }))
    fields.stopLoss = { key: direction === 'up' ? 'stopLossBelowOpen' : 'stopLossAboveOpen', params };
  if (Object.keys(fields).length > 0) throw new AppError(codes.tpSlUnreasonable, {}, fields);
}

function assertLiveForReal(book: Book, instrument: Instrument, market: OpenMarket): void {
  if (book !== 'real') return;
  const c = market.conversion;
  const checks: Array<[PriceStatus | undefined, string]> = [[market.status, instrument.appName]];
  if (c && c !== 'parity') checks.push([c.status, c.appName]);
  for (const [status, name] of checks) {
    if (status === 'simulated') throw new AppError(codes.livePriceRequired, { name });
    if (status !== 'live') throw new AppError(codes.pricesDelayed, { name });
  }
}

function conversionFor(market: OpenMarket): { conversion: Conversion; tickId: number | null } {
  const c = market.conversion;
  if (c === 'parity') return { conversion: parity, tickId: null };
  // A quote without a priced USD pair cannot be settled in USDT: the product is not offered.
  if (!c?.tick) throw new AppError(codes.optionsProductWrong);
  const conversion = conversionOf({
    priceMinor: c.tick.priceMinor,
    priceScale: c.priceScale,
    invert: c.invert,
  });
  return { conversion, tickId: Number(c.tick.tickId) };
}

/**
 * Opens the contract inside the caller's (idempotency) transaction, or refuses with nothing written: 10014
 * unknown instrument, 10015 closed, 10017 unknown term, 10016 lots, 400 leverage, 10112 price or fee rate
 * not the ones shown, 10105 TP/SL on the wrong side, 10011 margin + fee above available cash.
 */
export async function openContract(tx: Tx, req: OpenRequest): Promise<OptionOrderRow> {
  const { body, market, now } = req;
  const instrument = market.instrument;
  if (!instrument) throw new AppError(codes.optionsProductWrong);
  if (!market.tradable || !market.tick) throw new AppError(codes.notTradableHours);
  assertLiveForReal(req.book, instrument, market);
  // An overdue loan is repaid before real money trades again (loans/debt.ts); the demo book practises on.
  if (req.book === 'real') await assertNoOverdueLoan(tx, req.userId);
  // Every disclosed term at once (contract size, lots, leverages, fee, terms, close-out, slippage, hours).
  const slippage = await slippageParam(tx);
  if (body.termsSha256 !== contractTermsSha256(disclosedContractTerms(instrument, slippage.text)))
    throw new AppError(codes.termsChanged);
  const term = instrument.terms.find((t) => t.id === body.termId);
  if (!term) throw new AppError(codes.termNotFound);
  const lotsMinor = lotsOf(instrument, body.lots);
  const leverage = leverageOf(instrument, body.leverage);

  const open = market.tick;
  const quotedPrice = tryParseDecimal(body.quotedPrice, instrument.priceScale);
  const quotedFeeRate = tryParseDecimal(body.quotedFeeRate, feeRateScale);
  // A price or rate written with more decimals than the instrument has was not one we showed.
  if (quotedPrice === undefined || quotedFeeRate === undefined) throw new AppError(codes.termsChanged);
  assertTermsUnchanged(
    { price: quotedPrice, feeRate: quotedFeeRate },
    { price: open.priceMinor, feeRate: BigInt(instrument.feeRateBps) },
    { price: slippageToleranceMinor(quotedPrice, slippage.hundredths) },
  );

  const takeProfitMinor = levelOf(instrument, body.takeProfit);
  const stopLossMinor = levelOf(instrument, body.stopLoss);
  const openText = formatMinor(open.priceMinor, instrument.priceScale, instrument.priceScale);
  assertLevelsSide(body.direction, openText, open.priceMinor, {
    takeProfitMinor,
    stopLossMinor,
  });

  const { conversion, tickId: conversionTickId } = conversionFor(market);
  const spec = {
    lotsMinor,
    contractSize: instrument.contractSize,
    priceScale: instrument.priceScale,
    conversion,
  };
  const terms = contractTerms(spec, {
    priceMinor: open.priceMinor,
    leverage,
    feeRateBps: instrument.feeRateBps,
  });
  // A position too small to hold a minor unit of margin is not a position.
  if (terms.marginMinor <= 0n) throw new AppError(codes.purchaseAmountWrong);

  const [next] = await queryRows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('option_orders', 'id'))::text as id`,
  );
  assert(next, 'contract id allocated');
  const id = Number(next.id);
  const user = { owner: 'user', userId: req.userId, book: req.book, asset: 'USDT' } as const;
  const lines: Line[] = [
    { account: { ...user, purpose: 'cash' }, amountMinor: -(terms.marginMinor + terms.feeMinor) },
    { account: { ...user, purpose: 'margin' }, amountMinor: terms.marginMinor },
  ];
  if (terms.feeMinor > 0n) {
    lines.push({
      account: { owner: 'platform', book: req.book, asset: 'USDT', purpose: 'fee_income' },
      amountMinor: terms.feeMinor,
    });
  }
  const entry = await post(tx, { book: req.book, kind: 'contract_open', ref: `contract:${id}`, lines }, now);
  if (!entry.ok) throw new AppError(codes.insufficientBalance);

  const openAt = new Date(open.atMs);
  const [row] = await tx
    .insert(optionOrders)
    .values({
      id,
      orderNo: orderNumber(id, now),
      userId: req.userId,
      book: req.book,
      instrumentId: instrument.id,
      code: instrument.code,
      direction: body.direction,
      lotsMinor,
      leverage,
      termSeconds: term.seconds,
      contractSize: instrument.contractSize,
      priceScale: instrument.priceScale,
      quote: instrument.quote,
      conversionNum: conversion.num,
      conversionDen: conversion.den,
      conversionTickId,
      openPriceMinor: open.priceMinor,
      openTickId: Number(open.tickId),
      openAt,
      notionalMinor: terms.notionalMinor,
      marginMinor: terms.marginMinor,
      feeMinor: terms.feeMinor,
      feeRateBps: instrument.feeRateBps,
      takeProfitMinor: takeProfitMinor ?? null,
      stopLossMinor: stopLossMinor ?? null,
      // The term runs from the moment of the order, not from the (slightly earlier) tick it opened at.
      expiresAt: new Date(now.getTime() + term.seconds * 1000),
      status: 'open',
      openEntryId: entry.entryId,
      createdAt: now,
    })
    .returning();
  assert(row, 'contract inserted');
  return row;
}

/** "C20261122-000123": the day it opened and its id, readable on a statement and over the phone. */
function orderNumber(id: number, now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `C${day}-${String(id).padStart(6, '0')}`;
}
