// Helpers shared by the market tests: moving the harness's manual clock and reading decimal strings.
import type { TestApp } from '../test/harness.ts';
import { parseDecimal } from '@tradewind/contract/money';

const dayMs = 86_400_000;

/** The first instant at or after `fromMs` that falls on UTC `weekday` (0 Sunday) at `hour:minute`. */
export function nextUtc(fromMs: number, weekday: number, hour: number, minute = 0): number {
  const d = new Date(fromMs);
  const candidate = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute);
  const days = (weekday - new Date(candidate).getUTCDay() + 7) % 7;
  const at = candidate + days * dayMs;
  return at >= fromMs ? at : at + 7 * dayMs;
}

/** Moves the manual clock to `atMs` (forwards or back) and runs one feed step there. */
export async function travelTo(t: TestApp, atMs: number): Promise<void> {
  t.clock.advance(atMs - t.clock.now());
  await t.app.market.step();
}

/** "1234.50" → { minor: 123450n, scale: 2 } (the scale is the number of decimals written). */
export function decimal(text: string): { minor: bigint; scale: number } {
  const scale = text.split('.')[1]?.length ?? 0;
  return { minor: parseDecimal(text, scale), scale };
}
