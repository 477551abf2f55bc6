// The loan calculator reads the typed amount as the server does and shows the server's figures; the
// signature pad's history and export are what gets signed.
import { describe, expect, it } from 'vitest';
import type { LoanProduct } from '@tradewind/contract';
import { checkAmount, countdown, formatCountdown, formatDays } from './calc.ts';
import {
  drawStrokes,
  emptyPad,
  exportSignature,
  exportSize,
  hasSignature,
  inkFrame,
  padReducer,
  type ExportCanvas,
  type Ink,
  type Stroke,
} from './signature.ts';

const quick: LoanProduct = {
  id: '1',
  name: 'Quick loan · 15 days',
  minAmount: '100',
  maxAmount: '2000',
  termDays: 15,
  dailyRate: '0.0005',
  freeDays: 7,
  overdueDailyRate: '0.001',
};
const approvedAt = Date.UTC(2026, 10, 22, 12);
const dayMs = 86_400_000;

describe('the loan calculator', () => {
  it('quotes 100 USDT at 0.05 % a day over 15 days with 7 free as 0.40 interest, 100.40 to repay in 15 days', () => {
    const check = checkAmount(quick, '100', approvedAt);
    expect(check).toEqual({
      kind: 'ok',
      amount: '100',
      quote: {
        interest: '0.400000',
        repayAmount: '100.400000',
        interestDays: 8,
        repayDate: approvedAt + 15 * dayMs,
        latePerDay: '0.100000',
      },
    });
  });

  it('states a late day at 0.1 % of the amount, half-even at 6 decimals, and nothing at a zero rate', () => {
    // 123.456789 × 0.001 = 0.123456789 → 0.123457
    const check = checkAmount(quick, '123.456789', approvedAt);
    expect(check.kind === 'ok' && check.quote.latePerDay).toBe('0.123457');
    const free = checkAmount({ ...quick, overdueDailyRate: '0' }, '500', approvedAt);
    expect(free.kind === 'ok' && free.quote.latePerDay).toBe('0.000000');
  });

  it('names the per-customer limit when it is below the product maximum, and the maximum otherwise', () => {
    expect(checkAmount(quick, '1500', approvedAt, '1500').kind).toBe('ok');
    expect(checkAmount(quick, '1500.000001', approvedAt, '1500')).toEqual({
      kind: 'overLimit',
      limit: '1500',
    });
    expect(checkAmount(quick, '2500', approvedAt, '1500')).toEqual({ kind: 'overLimit', limit: '1500' });
    expect(checkAmount(quick, '2000.000001', approvedAt, '50000')).toEqual({ kind: 'above', max: '2000' });
    expect(checkAmount(quick, '2000.000001', approvedAt, '2000')).toEqual({ kind: 'above', max: '2000' });
    // Not known yet (or not set): the product's bounds alone, as before; the server still refuses (10173).
    expect(checkAmount(quick, '2000', approvedAt, null).kind).toBe('ok');
    expect(checkAmount(quick, '99', approvedAt, '1500')).toEqual({ kind: 'below', min: '100' });
  });

  it('rounds the interest half-even at 6 decimals, as the server posts it', () => {
    // 123.456789 × 0.0005 × 8 = 0.4938271560 → 0.493827
    const check = checkAmount(quick, '123.456789', approvedAt);
    expect(check.kind === 'ok' && check.quote.interest).toBe('0.493827');
    expect(check.kind === 'ok' && check.quote.repayAmount).toBe('123.950616');
  });

  it('charges no interest when the term is all interest-free days', () => {
    const check = checkAmount({ ...quick, freeDays: 30 }, '500', approvedAt);
    expect(check.kind === 'ok' && check.quote).toMatchObject({ interest: '0.000000', interestDays: 0 });
  });

  it('accepts the bounds themselves and refuses one minor unit outside them', () => {
    expect(checkAmount(quick, '100', approvedAt).kind).toBe('ok');
    expect(checkAmount(quick, '2000.000000', approvedAt).kind).toBe('ok');
    expect(checkAmount(quick, '99.999999', approvedAt)).toEqual({ kind: 'below', min: '100' });
    expect(checkAmount(quick, '2000.000001', approvedAt)).toEqual({ kind: 'above', max: '2000' });
  });

  it('refuses what is not a plain USDT amount rather than rounding it', () => {
    for (const typed of ['abc', '-100', '100.1234567', '1e3', '0', '12,5']) {
      expect(checkAmount(quick, typed, approvedAt).kind, typed).toBe('invalid');
    }
    expect(checkAmount(quick, '  ', approvedAt).kind).toBe('empty');
  });

  it('counts down in days, hours and minutes, and counts up once overdue', () => {
    const due = approvedAt + 15 * dayMs;
    expect(countdown(due, due - (2 * dayMs + 3 * 3_600_000 + 4 * 60_000 + 5_000))).toEqual({
      overdue: false,
      days: 2,
      hours: 3,
      minutes: 4,
    });
    expect(countdown(due, due + 90 * 60_000)).toEqual({ overdue: true, days: 0, hours: 1, minutes: 30 });
    expect(formatCountdown({ overdue: false, days: 2, hours: 0, minutes: 5 }, 'en')).toBe(
      '2 days 0 hours 5 minutes',
    );
    expect(formatCountdown({ overdue: false, days: 0, hours: 0, minutes: 1 }, 'en')).toBe('1 minute');
    expect(formatDays(15, 'de')).toBe('15 Tage');
  });
});

const line = (from: [number, number], to: [number, number], steps = 10): Stroke =>
  Array.from({ length: steps + 1 }, (_, i) => ({
    x: from[0] + ((to[0] - from[0]) * i) / steps,
    y: from[1] + ((to[1] - from[1]) * i) / steps,
    pressure: 0.5,
  }));

/** A 2D context that writes down what is drawn. */
function recorder() {
  const calls: string[] = [];
  const ink = {
    beginPath: () => calls.push('begin'),
    moveTo: (x: number, y: number) => calls.push(`move ${x} ${y}`),
    lineTo: (x: number, y: number) => calls.push(`line ${x} ${y}`),
    stroke: () => calls.push('stroke'),
    arc: (x: number, y: number) => calls.push(`arc ${x} ${y}`),
    fill: () => calls.push('fill'),
    lineCap: 'butt',
    lineJoin: 'miter',
    lineWidth: 1,
    strokeStyle: '',
    fillStyle: '',
  } satisfies Ink;
  return { calls, ink };
}

describe('the signature pad', () => {
  it('undoes and redoes strokes and a clear, and a new stroke drops the redo steps', () => {
    const a = line([0.1, 0.5], [0.4, 0.5]);
    const b = line([0.5, 0.2], [0.5, 0.8]);
    let pad = padReducer(padReducer(emptyPad, { type: 'add', stroke: a }), { type: 'add', stroke: b });
    expect(pad.present).toEqual([a, b]);
    pad = padReducer(pad, { type: 'clear' });
    expect(pad.present).toEqual([]);
    pad = padReducer(pad, { type: 'undo' });
    expect(pad.present).toEqual([a, b]);
    pad = padReducer(pad, { type: 'undo' });
    expect(pad.present).toEqual([a]);
    pad = padReducer(pad, { type: 'redo' });
    expect(pad.present).toEqual([a, b]);
    pad = padReducer(pad, { type: 'undo' });
    pad = padReducer(pad, { type: 'add', stroke: b });
    expect(pad.future).toEqual([]);
    expect(padReducer(pad, { type: 'redo' })).toBe(pad);
    expect(padReducer(emptyPad, { type: 'undo' })).toBe(emptyPad);
  });

  it('takes a tap or a short slip for no signature, and a real stroke for one', () => {
    expect(hasSignature([])).toBe(false);
    expect(hasSignature([[{ x: 0.5, y: 0.5, pressure: 0.5 }]])).toBe(false);
    expect(hasSignature([line([0.5, 0.5], [0.52, 0.5])])).toBe(false); // 12 px
    expect(hasSignature([line([0.1, 0.5], [0.4, 0.5])])).toBe(true); // 180 px
  });

  it('crops the export to the ink with a margin, inside the strip', () => {
    expect(inkFrame([line([0.1, 0.25], [0.5, 0.75])])).toEqual({ x: 48, y: 38, width: 264, height: 124 });
    // Ink at the edge: the margin stops at the strip.
    expect(inkFrame([line([0, 0], [1, 1])])).toEqual({ x: 0, y: 0, ...exportSize });
    expect(inkFrame([])).toBeUndefined();
  });

  it('exports a PNG data URL of the cropped size with the strokes drawn shifted into it', () => {
    const { calls, ink } = recorder();
    const canvas: ExportCanvas = {
      width: 0,
      height: 0,
      getContext: () => ink,
      toDataURL: () => 'data:image/png;base64,iVBORw0KGgo=',
    };
    const url = exportSignature([line([0.1, 0.5], [0.3, 0.5], 2)], () => canvas);
    expect(url).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect([canvas.width, canvas.height]).toEqual([144, 24]);
    // x 60 → 12 (the margin) after the crop's shift of 48; y 100 → 12.
    expect(calls.slice(0, 4)).toEqual(['begin', 'move 12 12', 'line 72 12', 'stroke']);
    expect(ink.lineCap).toBe('round');
  });

  it('exports nothing without a signature, or when the canvas does not give a PNG', () => {
    const canvas = (url: string): ExportCanvas => ({
      width: 0,
      height: 0,
      getContext: () => null,
      toDataURL: () => url,
    });
    expect(exportSignature([], () => canvas('data:image/png;base64,x'))).toBeUndefined();
    expect(exportSignature([line([0.1, 0.5], [0.4, 0.5])], () => canvas('data:,'))).toBeUndefined();
  });

  it('draws a single-point stroke as a dot', () => {
    const { calls, ink } = recorder();
    drawStrokes(ink, [[{ x: 0.5, y: 0.5, pressure: 0.5 }]], { width: 200, height: 100 });
    expect(calls).toEqual(['begin', 'arc 100 50', 'fill']);
  });
});
