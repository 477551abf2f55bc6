// One interface for every price source (DESIGN.md §4): the simulated walk, recorded ticks replayed from
// a file, a real exchange through ccxt and Pyth's Hermes service. `MARKET_FEED` lists sources; each
// instrument is priced by the first that covers it and the walk prices the rest, so `ccxt:binance,pyth`
// has crypto from the exchange, forex, metals and US stocks from Pyth, and the futures still simulated.
import type { Instrument } from './catalogue.ts';
import type { MinuteCandle, Tick } from './snapshot.ts';

/** What `getMarketInfo.source` says: only prices taken from a real market as they happen are "live". */
export type SourceKind = 'simulated' | 'live';

/**
 * The kind of a kept tick from the source name recorded with it (for answers about past ticks):
 * `ccxt:<exchange>`, `pyth` and `replay:live` (a recording that declares itself live) are live, the rest
 * simulated.
 */
export function sourceKindOfName(name: string): SourceKind {
  return name.startsWith('ccxt:') || name === 'pyth' || name === 'replay:live' ? 'live' : 'simulated';
}

export interface PriceSource {
  /** Recorded with every kept tick: `sim`, `replay`, `replay:live`, `ccxt:<exchange>` or `pyth`. */
  readonly name: string;
  readonly kind: SourceKind;
  /**
   * Prepares the source (reads the file, loads the exchange's markets); answers the codes it prices. The
   * feed hands each source only the instruments no earlier source in `MARKET_FEED` covers.
   */
  start(instruments: readonly Instrument[], nowMs: number): Promise<Set<string>>;
  /** The ticks produced since the previous poll, oldest first. */
  poll(nowMs: number): Promise<Tick[]>;
  /**
   * Every tick of `code` with `afterMs` < at ≤ `toMs`, oldest first, when the source can say (the walk
   * recomputes them, a replay reads its file). The settlement engine reads the tape through it, so a
   * position is judged on every tick of the source, not only the latest one of each feed step, and a
   * restarted or newly elected engine judges the ticks it missed.
   */
  ticksBetween?(code: string, afterMs: number, toMs: number): Tick[];
  /** Past 1-minute candles of a covered instrument, when the source can fetch them (ccxt). */
  history?(instrument: Instrument, sinceMs: number, limit: number): Promise<MinuteCandle[]>;
  close(): Promise<void>;
}
