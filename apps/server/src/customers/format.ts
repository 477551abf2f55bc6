// Small readers shared by the 360's sections: counts, times, USDT amounts and the contract's words from text
// columns.
import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import type { DbOrTx } from '../platform/db.ts';
import { assert } from '../platform/errors.ts';

/** How many rows of `table` `where` selects, counted in the database. */
export async function countOf(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

export const ms = (d: Date | null): number | null => d?.getTime() ?? null;

export const usdt = (minor: bigint): string => formatMinor(minor, usdtScale);

/** A text column's value as one of the contract's words; the column's CHECK keeps it so, else it is a bug. */
export function oneOf<T extends string>(values: readonly T[], value: string, what: string): T {
  const found = values.find((v) => v === value);
  assert(found !== undefined, `${what} is one of the contract's words (${value})`);
  return found;
}
