// Reading kept ticks back (CONTRACT.md getTick): the tape keeps every tick that something used, and any row
// that names one (a deposit's rate, an order's open and close) answers it in this one shape.
import { eq, inArray } from 'drizzle-orm';
import type { Tick } from '@tradewind/contract';
import type { DbOrTx } from '../platform/db.ts';
import { formatMinor } from '@tradewind/contract/money';
import type { TickMeta } from './snapshot.ts';
import { sourceKindOfName } from './source.ts';
import { marketInstruments, marketTicks } from './tables.ts';

const tickColumns = {
  id: marketTicks.id,
  priceMinor: marketTicks.priceMinor,
  at: marketTicks.at,
  source: marketTicks.source,
  meta: marketTicks.meta,
  code: marketInstruments.code,
  priceScale: marketInstruments.priceScale,
};

type TickRow = {
  id: number;
  priceMinor: bigint;
  at: Date;
  source: string;
  meta: TickMeta | null;
  code: string;
  priceScale: number;
};

function tickView(r: TickRow): Tick {
  return {
    id: String(r.id),
    code: r.code,
    price: formatMinor(r.priceMinor, r.priceScale, r.priceScale),
    at: r.at.getTime(),
    source: sourceKindOfName(r.source),
    feed: r.source,
    ...(r.meta ? { meta: r.meta } : {}),
  };
}

const selectTicks = (db: DbOrTx) =>
  db
    .select(tickColumns)
    .from(marketTicks)
    .innerJoin(marketInstruments, eq(marketInstruments.id, marketTicks.instrumentId));

export async function keptTick(db: DbOrTx, id: number): Promise<Tick | undefined> {
  const [row] = await selectTicks(db).where(eq(marketTicks.id, id)).limit(1);
  return row ? tickView(row) : undefined;
}

/** The kept ticks with these ids, by id: one query for a page of rows that name ticks. */
export async function keptTicks(db: DbOrTx, ids: Iterable<number>): Promise<Map<number, Tick>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await selectTicks(db).where(inArray(marketTicks.id, wanted));
  return new Map(rows.map((r) => [r.id, tickView(r)]));
}
