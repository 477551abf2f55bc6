import { describe, expect, it } from 'vitest';
import type { OptionsContract } from '@tradewind/contract';
import { contractTerms, parity } from '@tradewind/contract/orders-math';
import {
  confirmFigures,
  conversionFromPair,
  conversionPairs,
  levelsFit,
  livePnl,
  lotBoundsOf,
  parseLevel,
  parseLots,
  refusedLevel,
  stepLots,
} from './ticket.ts';

const bounds = lotBoundsOf({ minLots: '0.01', maxLots: '10', lotSize: '0.01' });
const coarse = lotBoundsOf({ minLots: '0.1', maxLots: '1', lotSize: '0.1' });

describe('lots', () => {
  it('bounds come from the instrument in lot minor units', () => {
    expect(bounds).toEqual({ minMinor: 1n, maxMinor: 1000n, stepMinor: 1n });
  });

  it('step up and down by the lot size, clamped to min..max', () => {
    if (!coarse) throw new Error('bounds');
    expect(stepLots('0.1', coarse, 1)).toBe(20n);
    expect(stepLots('0.2', coarse, -1)).toBe(10n);
    expect(stepLots('0.1', coarse, -1)).toBe(10n);
    expect(stepLots('1', coarse, 1)).toBe(100n);
  });

  it('an off-step value steps to the next step in that direction', () => {
    if (!coarse) throw new Error('bounds');
    expect(stepLots('0.15', coarse, 1)).toBe(20n);
    expect(stepLots('0.15', coarse, -1)).toBe(10n);
  });

  it('garbage steps to the minimum', () => {
    if (!coarse) throw new Error('bounds');
    expect(stepLots('abc', coarse, 1)).toBe(10n);
  });

  it('accepts only lots in range and on a step (the server answers 10016 otherwise)', () => {
    if (!coarse) throw new Error('bounds');
    expect(parseLots('0.3', coarse)).toBe(30n);
    expect(parseLots('0.35', coarse)).toBeUndefined();
    expect(parseLots('0.05', coarse)).toBeUndefined();
    expect(parseLots('1.1', coarse)).toBeUndefined();
    expect(parseLots('0.123', coarse)).toBeUndefined();
  });
});

describe('take-profit and stop-loss', () => {
  const open = 6_000_000n; // 60000.00 at scale 2

  it('an empty level is fine, a malformed or over-precise one is invalid', () => {
    expect(parseLevel('', 2)).toEqual({ kind: 'empty' });
    expect(parseLevel('1.234', 2)).toEqual({ kind: 'invalid' });
    expect(parseLevel('-5', 2)).toEqual({ kind: 'invalid' });
    expect(parseLevel('61000.5', 2)).toEqual({ kind: 'ok', minor: 6_100_050n, text: '61000.5' });
  });

  it('up wants take-profit above and stop-loss below the live price', () => {
    expect(levelsFit('up', open, parseLevel('61000', 2), parseLevel('59000', 2))).toBe(true);
    expect(levelsFit('up', open, parseLevel('59000', 2), parseLevel('', 2))).toBe(false);
    expect(levelsFit('up', open, parseLevel('', 2), parseLevel('61000', 2))).toBe(false);
  });

  it('down wants them the other way round; a level at the price itself is wrong', () => {
    expect(levelsFit('down', open, parseLevel('59000', 2), parseLevel('61000', 2))).toBe(true);
    expect(levelsFit('down', open, parseLevel('60000', 2), parseLevel('', 2))).toBe(false);
  });
});

describe('confirm figures', () => {
  const btc = { contractSize: '1', priceScale: 2, feeRate: '0.001' };

  it('equal the shared contractTerms the server applies', () => {
    const figures = confirmFigures(btc, {
      direction: 'up',
      lotsMinor: 1n,
      leverage: 2,
      priceMinor: 6_712_345n,
      conversion: parity,
    });
    const terms = contractTerms(
      { lotsMinor: 1n, contractSize: 1n, priceScale: 2, conversion: parity },
      { priceMinor: 6_712_345n, leverage: 2, feeRateBps: 10 },
    );
    expect(figures).toMatchObject(terms);
    // 0.01 lot × 67123.45 = 671.2345 USDT notional, half of it margin, 0.1 % fee.
    expect(figures?.notionalMinor).toBe(671_234_500n);
    expect(figures?.marginMinor).toBe(335_617_250n);
    expect(figures?.feeMinor).toBe(671_234n); // 0.6712345 half-even: the tie goes to the even digit
  });

  it('the maximum loss is the margin plus the fee, and the profit at the take-profit is shown before and after the fee', () => {
    const figures = confirmFigures(btc, {
      direction: 'down',
      lotsMinor: 100n,
      leverage: 2,
      priceMinor: 6_000_000n,
      takeProfitMinor: 5_900_000n,
      conversion: parity,
    });
    // 1 lot × 60000: margin 30000, fee 0.1 % = 60 USDT.
    expect(figures?.marginMinor).toBe(30_000_000_000n);
    expect(figures?.feeMinor).toBe(60_000_000n);
    expect(figures?.maxLossMinor).toBe(30_060_000_000n);
    expect(figures?.profitAtTakeProfitMinor).toBe(1_000_000_000n); // (60000 − 59000) × 1 lot
    expect(figures?.netProfitAtTakeProfitMinor).toBe(940_000_000n);
  });

  it('states the slippage tolerance in USDT on the chosen size, rounded up', () => {
    const input = {
      direction: 'up',
      lotsMinor: 3n,
      leverage: 2,
      priceMinor: 6_712_345n,
      conversion: parity,
    } as const;
    // 0.5 % of 67123.45 is 335.61725 → 335.61 at the price scale (rounded down, as the server allows);
    // on 0.03 lot: 10.0683 USDT exactly.
    expect(confirmFigures(btc, input, 50n)?.slippageValueMinor).toBe(10_068_300n);
    // 0.01 lot × 0.01 % of 67123.45 (6.71 after rounding) = 0.0671 USDT.
    expect(confirmFigures(btc, { ...input, lotsMinor: 1n }, 1n)?.slippageValueMinor).toBe(67_100n);
    expect(confirmFigures(btc, input)?.slippageValueMinor).toBeUndefined();
  });

  it('converts a JPY quote through USDJPY (inverted) and GBP through GBPUSD', () => {
    expect(conversionPairs('JPY')).toEqual([
      { code: 'USDJPY', invert: true },
      { code: 'JPYUSD', invert: false },
    ]);
    expect(conversionPairs('USDT')).toEqual([]);
    const jpy = conversionFromPair('150.000', true);
    expect(jpy).toEqual({ num: 1000n, den: 150_000n });
    const gbp = conversionFromPair('1.25000', false);
    expect(gbp).toEqual({ num: 125_000n, den: 100_000n });
  });
});

describe('live P&L', () => {
  const contract = {
    direction: 'up',
    lots: '0.5',
    contractSize: '1',
    openPrice: '100.00',
    margin: '25',
    pnl: '0',
  } as const satisfies Partial<OptionsContract>;
  const of = (price: string | undefined) => livePnl(contract as unknown as OptionsContract, price);

  it('follows the live price with the shared arithmetic', () => {
    expect(of('110.00')).toBe('5');
    expect(of('98.5')).toBe('-0.75');
  });

  it('never goes below −margin (negative balance protection)', () => {
    expect(of('10.00')).toBe('-25');
  });

  it("falls back to the server's figure without a usable live price", () => {
    expect(of(undefined)).toBe('0');
    expect(of('100.001')).toBe('0');
  });
});

describe('which level a 10105 is about', () => {
  const at = (text: string) => parseLevel(text, 2);
  const none = parseLevel('', 2);

  it('the take-profit that is below the price of an Up contract', () => {
    expect(refusedLevel('up', 10000n, at('99'), at('90'))).toBe('takeProfit');
  });

  it('the stop-loss that is above the price of an Up contract, when the take-profit is fine', () => {
    expect(refusedLevel('up', 10000n, at('110'), at('101'))).toBe('stopLoss');
  });

  it('on a Down contract the sides swap', () => {
    expect(refusedLevel('down', 10000n, at('90'), at('99'))).toBe('stopLoss');
    expect(refusedLevel('down', 10000n, at('101'), none)).toBe('takeProfit');
  });

  it('both fine at the latest price (the open price moved): the take-profit, else the stop-loss set', () => {
    expect(refusedLevel('up', 10000n, at('110'), at('90'))).toBe('takeProfit');
    expect(refusedLevel('up', 10000n, none, at('90'))).toBe('stopLoss');
    expect(refusedLevel('up', undefined, none, at('90'))).toBe('stopLoss');
  });
});
