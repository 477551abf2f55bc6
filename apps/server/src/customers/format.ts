// Small readers shared by the 360's sections: times, USDT amounts and the contract's words from text columns.
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import { assert } from '../platform/errors.ts';

export const ms = (d: Date | null): number | null => d?.getTime() ?? null;

export const usdt = (minor: bigint): string => formatMinor(minor, usdtScale);

/** A text column's value as one of the contract's words; the column's CHECK keeps it so, else it is a bug. */
export function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((v) => v === value);
  assert(found !== undefined, `${what} is one of the contract's words (${value})`);
  return found;
}
