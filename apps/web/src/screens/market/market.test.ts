import { describe, expect, it } from 'vitest';
import type { Candle, TradingHours } from '@tradewind/contract';
import { candleWithTick, changePercent } from '../../ui/market/kline.ts';
import {
  formatChange,
  formatCompactUsd,
  formatDuration,
  formatOpensIn,
  formatPrice,
  formatRate,
} from '../../ui/market/format.ts';
import { documentTitle } from '../../app/documentTitle.ts';
import { sparklinePoints } from '../../ui/market/Sparkline.tsx';
import { categoryOf, detailHref } from './categories.ts';
import { groupSessions, sessionLines, weekdayName } from './hours.ts';

const de = (day: number) => weekdayName(day, 'de');

const weekdays = (open: string, close: string, days = [1, 2, 3, 4, 5]): TradingHours['sessions'] =>
  days.map((d) => ({ openDay: d, open, closeDay: d, close }));

describe('trading hours', () => {
  it('groups a stock exchange week into one line per session', () => {
    // Day and time names come from the ICU data of the runtime; German has no AM/PM spacing to vary.
    expect(sessionLines(weekdays('09:30', '16:00'), 'de')).toEqual([`${de(1)} – ${de(5)} · 09:30 – 16:00`]);
    const hongKong = [...weekdays('09:30', '12:00'), ...weekdays('13:00', '16:00')];
    expect(sessionLines(hongKong, 'de')).toEqual([
      `${de(1)} – ${de(5)} · 09:30 – 12:00`,
      `${de(1)} – ${de(5)} · 13:00 – 16:00`,
    ]);
    expect(sessionLines(weekdays('09:30', '16:00'), 'en')[0]).toMatch(/^Mon – Fri · 09:30\sAM – 04:00\sPM$/u);
  });

  it('shows both days of a session that spans the week, and marks overnight sessions', () => {
    expect(sessionLines([{ openDay: 0, open: '22:00', closeDay: 5, close: '22:00' }], 'de')).toEqual([
      `${de(0)} 22:00 – ${de(5)} 22:00`,
    ]);
    const futures = [0, 1, 2, 3, 4].map((d) => ({
      openDay: d,
      open: '17:00',
      closeDay: d + 1,
      close: '16:00',
    }));
    expect(groupSessions(futures)).toEqual([
      { firstDay: 0, lastDay: 4, open: '17:00', close: '16:00', spanDays: 1 },
    ]);
    expect(sessionLines(futures, 'de')).toEqual([`${de(0)} – ${de(4)} · 17:00 – 16:00 (+1)`]);
  });
});

describe('market formats', () => {
  it('shows prices with the digits the server sent, in the locale', () => {
    expect(formatPrice('66378.50', 'en')).toBe('66,378.50');
    expect(formatPrice('1.07979', 'de')).toBe('1,07979');
    expect(formatPrice('190', 'en')).toBe('190');
    // No float on the way: 17 significant digits survive.
    expect(formatPrice('12345678.123456789', 'en')).toBe('12,345,678.123456789');
  });

  it('signs changes, turns rates into percents and compacts volumes', () => {
    expect(formatChange('-2.21', 'en')).toBe('-2.21%');
    expect(formatChange('0.14', 'en')).toBe('+0.14%');
    expect(formatChange('0.00', 'en')).toBe('0.00%');
    expect(formatRate('0.002', 'en')).toBe('0.2%');
    expect(formatCompactUsd('104900058905.31', 'en')).toBe('$104.9B');
    // Right to left "US$" is one left-to-right unit: its "$" cannot drift to the far side ("$US").
    expect(formatCompactUsd('70200000000', 'ar')).toContain('\u2066US$\u2069');
    expect(formatDuration(300, 'en')).toBe('5 min');
    expect(formatDuration(3600, 'en', 'long')).toBe('1 hour');
    expect(formatDuration(604_800, 'en', 'narrow')).toBe('1w');
  });
});

describe('the newest candle under live ticks', () => {
  const last: Candle = { time: 60_000, open: '10.0', high: '12.0', low: '9.0', close: '11.0', volume: '5' };
  it('moves the close, high and low within the period, in the wire strings', () => {
    expect(candleWithTick(last, 60_000, '13.0', 100_000)).toEqual({ ...last, high: '13.0', close: '13.0' });
    expect(candleWithTick(last, 60_000, '8.5', 119_999)).toEqual({ ...last, low: '8.5', close: '8.5' });
  });

  it('opens a new candle at the period start of a later tick', () => {
    expect(candleWithTick(last, 60_000, '14.0', 250_000)).toEqual({
      time: 240_000,
      open: '14.0',
      high: '14.0',
      low: '14.0',
      close: '14.0',
      volume: '0',
    });
  });

  it('ignores ticks older than the candle, candles that do not exist and prices that are not decimals', () => {
    expect(candleWithTick(last, 60_000, '14.0', 59_000)).toBeUndefined();
    expect(candleWithTick(undefined, 60_000, '14.0', 59_000)).toBeUndefined();
    expect(candleWithTick(last, 60_000, '1e3', 100_000)).toBeUndefined();
  });
});

describe('the readout change', () => {
  it('is (close - open) / open in percent, half-even to two decimals, in bigint', () => {
    expect(changePercent('100.00', '101.25')).toBe('1.25');
    expect(changePercent('3', '2.99')).toBe('-0.33');
    expect(changePercent('0.0000200', '0.0000201')).toBe('0.50');
    expect(changePercent('8', '8.0001')).toBe('0.00');
  });

  it('has none for a zero open or a text that is not a decimal', () => {
    expect(changePercent('0', '1')).toBeUndefined();
    expect(changePercent('1', 'abc')).toBeUndefined();
  });
});

describe('sparkline geometry', () => {
  it('draws at most 100 points inside the box, a flat series in the middle', () => {
    const points = sparklinePoints(Array.from({ length: 150 }, (_, i) => String(i)));
    expect(points.split(' ')).toHaveLength(100);
    expect(sparklinePoints([])).toBe('');
    expect(sparklinePoints(['5', '5'])).toBe('2.0,18.0 118.0,18.0');
  });
});

describe('categories', () => {
  it('sends ETFs to their own tab and builds the detail route of spec.md §2', () => {
    expect(categoryOf({ type: 3, etf: true })?.id).toBe('etfs');
    expect(categoryOf({ type: 3, etf: false })?.id).toBe('stocks');
    expect(categoryOf({ type: 2, etf: false })?.id).toBe('crypto');
    expect(detailHref({ code: 'BTCUSDT', type: 2, id: '39' })).toBe('/cruuency?code=BTCUSDT&type=2&id=39');
  });
});

describe('closed markets and tab titles', () => {
  const now = Date.UTC(2026, 0, 10, 12, 0);
  it('says when a closed market opens, rounding the wait up', () => {
    expect(formatOpensIn(now + 30_000, now, 'en')).toBe('in 1 min.');
    expect(formatOpensIn(now + 2 * 3_600_000, now, 'en')).toBe('in 2 hr.');
    expect(formatOpensIn(now + 3 * 86_400_000, now, 'en')).toBe('in 3 days');
    expect(formatOpensIn(now + 2 * 3_600_000, now, 'fr')).toMatch(/^dans 2\s?h$/u);
  });

  it('names the page before the brand, and the brand alone without a name', () => {
    expect(documentTitle('Markets')).toBe('Markets · Tradewind');
    expect(documentTitle('  ')).toBe('Tradewind');
    expect(documentTitle(undefined)).toBe('Tradewind');
  });
});
