// The tape in the database: ticks kept when something uses them (an order opening or settling, an audit),
// and the 1-minute candles of live sources. Simulated candles are not stored: the walk recomputes them.
//
// Why not every tick: the walk ticks ~500 instruments up to once a second, ~15 million rows a day, which
// would swamp the embedded database. Any simulated tick can be recomputed exactly from (instrument, time),
// and the ticks that decide money are written the moment they are used, with the id the order records.
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../platform/db.ts';
import { queryRows } from '../platform/db.ts';
import { minuteMs } from './hours.ts';
import { marketCandles, marketTicks } from './tables.ts';
import type { MinuteCandle, Ohlcv, Tick } from './snapshot.ts';

/** Kept ticks are deleted after this long; orders copy the price and time they used. */
export const tickRetentionMs = 7 * 24 * 3_600_000;
/** Recorded live candles are deleted after this long (the K-line history of live instruments). */
export const candleRetentionMs = 90 * 24 * 3_600_000;

export type KeptTick = { tickId: string; code: string; priceMinor: bigint; atMs: number };

export type Bucket = Ohlcv & { startMs: number };

function aggregate(ticks: readonly Tick[]): Map<string, MinuteCandle & { code: string }> {
  const out = new Map<string, MinuteCandle & { code: string }>();
  for (const t of ticks) {
    const minute = Math.floor(t.atMs / minuteMs);
    const key = `${t.code}|${minute}`;
    const c = out.get(key);
    const p = t.priceMinor;
    if (!c) {
      out.set(key, { code: t.code, minute, open: p, high: p, low: p, close: p, volume: t.volumeMinor ?? 0n });
      continue;
    }
    if (p > c.high) c.high = p;
    if (p < c.low) c.low = p;
    c.close = p;
    c.volume += t.volumeMinor ?? 0n;
  }
  return out;
}

export class Tape {
  constructor(private readonly db: Db) {}

  /**
   * Writes a tick that is being used and answers its id; the same tick kept twice keeps one row. What the
   * source said about it (`meta`) is kept with it, for checking a settlement against the source.
   */
  async keep(instrumentId: number, tick: Tick, source: string): Promise<KeptTick> {
    const at = new Date(tick.atMs);
    const [inserted] = await this.db
      .insert(marketTicks)
      .values({ instrumentId, priceMinor: tick.priceMinor, at, source, meta: tick.meta ?? null })
      .onConflictDoNothing()
      .returning({ id: marketTicks.id, priceMinor: marketTicks.priceMinor });
    const row =
      inserted ??
      (
        await this.db
          .select({ id: marketTicks.id, priceMinor: marketTicks.priceMinor })
          .from(marketTicks)
          .where(and(eq(marketTicks.instrumentId, instrumentId), eq(marketTicks.at, at)))
      )[0];
    if (!row) throw new Error(`tick of instrument ${instrumentId} at ${tick.atMs} vanished`);
    return { tickId: String(row.id), code: tick.code, priceMinor: row.priceMinor, atMs: tick.atMs };
  }

  /** Folds live ticks into their 1-minute candles (one statement per step; the leader's fenced `db`). */
  async recordCandles(
    ticks: readonly Tick[],
    idOf: (code: string) => number | undefined,
    db: DbOrTx = this.db,
  ): Promise<void> {
    const rows = [...aggregate(ticks).values()].flatMap((c) => {
      const instrumentId = idOf(c.code);
      if (instrumentId === undefined) return [];
      return [
        {
          instrumentId,
          minuteStartMs: c.minute * minuteMs,
          openMinor: c.open,
          highMinor: c.high,
          lowMinor: c.low,
          closeMinor: c.close,
          volumeMinor: c.volume,
        },
      ];
    });
    if (rows.length === 0) return;
    await db
      .insert(marketCandles)
      .values(rows)
      .onConflictDoUpdate({
        target: [marketCandles.instrumentId, marketCandles.minuteStartMs],
        set: {
          highMinor: sql`greatest(${marketCandles.highMinor}, excluded.high_minor)`,
          lowMinor: sql`least(${marketCandles.lowMinor}, excluded.low_minor)`,
          closeMinor: sql`excluded.close_minor`,
          volumeMinor: sql`${marketCandles.volumeMinor} + excluded.volume_minor`,
        },
      });
  }

  /** Stores candles fetched from an exchange; the exchange's figures replace what the ticks built. */
  async storeHistory(instrumentId: number, candles: readonly MinuteCandle[]): Promise<void> {
    for (let i = 0; i < candles.length; i += 500) {
      const rows = candles.slice(i, i + 500).map((c) => ({
        instrumentId,
        minuteStartMs: c.minute * minuteMs,
        openMinor: c.open,
        highMinor: c.high,
        lowMinor: c.low,
        closeMinor: c.close,
        volumeMinor: c.volume,
      }));
      await this.db
        .insert(marketCandles)
        .values(rows)
        .onConflictDoUpdate({
          target: [marketCandles.instrumentId, marketCandles.minuteStartMs],
          set: {
            openMinor: sql`excluded.open_minor`,
            highMinor: sql`excluded.high_minor`,
            lowMinor: sql`excluded.low_minor`,
            closeMinor: sql`excluded.close_minor`,
            volumeMinor: sql`excluded.volume_minor`,
          },
        });
    }
  }

  /** Recorded candles since `sinceMs` per instrument, oldest first (to seed the snapshot at start). */
  async recent(instrumentIds: readonly number[], sinceMs: number): Promise<Map<number, MinuteCandle[]>> {
    const out = new Map<number, MinuteCandle[]>();
    if (instrumentIds.length === 0) return out;
    const rows = await this.db
      .select()
      .from(marketCandles)
      .where(
        and(
          inArray(marketCandles.instrumentId, [...instrumentIds]),
          gte(marketCandles.minuteStartMs, sinceMs),
        ),
      )
      .orderBy(marketCandles.instrumentId, marketCandles.minuteStartMs);
    for (const r of rows) {
      const list = out.get(r.instrumentId) ?? [];
      list.push({
        minute: Math.floor(r.minuteStartMs / minuteMs),
        open: r.openMinor,
        high: r.highMinor,
        low: r.lowMinor,
        close: r.closeMinor,
        volume: r.volumeMinor,
      });
      out.set(r.instrumentId, list);
    }
    return out;
  }

  /**
   * Period candles built from the recorded 1-minute candles in [fromMs, toMs): bucket starts are
   * `offsetMs + k·periodMs`. Answers the latest `limit` buckets, oldest first.
   */
  async buckets(
    instrumentId: number,
    periodMs: number,
    offsetMs: number,
    fromMs: number,
    toMs: number,
    limit: number,
  ): Promise<Bucket[]> {
    const rows = await queryRows<{ bucket: string; o: string; h: string; l: string; c: string; v: string }>(
      this.db,
      sql`select ((${marketCandles.minuteStartMs} - ${offsetMs}) / ${periodMs}) * ${periodMs} + ${offsetMs} as bucket_ms,
            ((${marketCandles.minuteStartMs} - ${offsetMs}) / ${periodMs} * ${periodMs} + ${offsetMs})::text as bucket,
            ((array_agg(${marketCandles.openMinor} order by ${marketCandles.minuteStartMs}))[1])::text as o,
            max(${marketCandles.highMinor})::text as h,
            min(${marketCandles.lowMinor})::text as l,
            ((array_agg(${marketCandles.closeMinor} order by ${marketCandles.minuteStartMs} desc))[1])::text as c,
            sum(${marketCandles.volumeMinor})::text as v
          from ${marketCandles}
          where ${marketCandles.instrumentId} = ${instrumentId}
            and ${marketCandles.minuteStartMs} >= ${fromMs} and ${marketCandles.minuteStartMs} < ${toMs}
          group by 1, 2 order by 1 desc limit ${limit}`,
    );
    return rows
      .map((r) => ({
        startMs: Number(r.bucket),
        open: BigInt(r.o),
        high: BigInt(r.h),
        low: BigInt(r.l),
        close: BigInt(r.c),
        volume: BigInt(r.v),
      }))
      .reverse();
  }

  /**
   * The retention job: old kept ticks and old recorded candles go, except ticks that a row names through a
   * foreign key (a deposit's rate, an order's open and close): those are the record of what a price was
   * and stay as long as the row. The referencing columns are read from the catalogue, so a domain that
   * adds one (the contracts issue) is covered without registering anything here.
   */
  async prune(nowMs: number, db: DbOrTx = this.db): Promise<void> {
    const refs = await queryRows<{ tbl: string; col: string }>(
      db,
      sql`select c.conrelid::regclass::text as tbl, a.attname::text as col
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and c.confrelid = 'market_ticks'::regclass`,
    );
    const named = refs.map(
      (r) =>
        sql`not exists (select 1 from ${sql.raw(r.tbl)} where ${sql.identifier(r.col)} = ${marketTicks.id})`,
    );
    await db.delete(marketTicks).where(and(lt(marketTicks.at, new Date(nowMs - tickRetentionMs)), ...named));
    await db.delete(marketCandles).where(lt(marketCandles.minuteStartMs, nowMs - candleRetentionMs));
  }
}
