// The `sim` source: ticks of the pure walk (sim.ts) as the clock passes them. Nothing is random at run
// time, so a restarted node or a second node produces exactly the same prices.
import type { Instrument } from './catalogue.ts';
import { minuteMs } from './hours.ts';
import { pegs } from './catalogue-data.ts';
import { simLastTick, simParams, simTicksOfMinute, type SimInput, type SimParams } from './sim.ts';
import type { Tick } from './snapshot.ts';
import type { PriceSource } from './source.ts';

/** How far back the first poll after a long pause looks for the last tick (a long weekend and more). */
const lookbackMinutesMax = 10 * 1440;

function simInputOf(i: Instrument): SimInput {
  return {
    code: i.code,
    referencePriceMinor: i.referencePriceMinor,
    priceScale: i.priceScale,
    volumeScale: i.volumeScale,
    volatilityBps: i.volatilityBps,
    tickTier: i.tickTier,
    schedule: i.schedule,
  };
}

/**
 * The walk of `i`; a pegged instrument (catalogue-data.ts `pegs`) follows the walk of its reference, which
 * `instrumentOf` finds (disabled ones included). A reference missing from the catalogue leaves it unpegged.
 */
export function simParamsOf(
  i: Instrument,
  instrumentOf: (code: string) => Instrument | undefined,
): SimParams {
  const peg = pegs[i.code];
  const reference = peg && (peg.reference === 'par' ? 'par' : instrumentOf(peg.reference));
  return simParams({
    ...simInputOf(i),
    peg:
      peg && reference
        ? { reference: reference === 'par' ? 'par' : simInputOf(reference), bandBps: peg.bandBps }
        : undefined,
  });
}

export class SimSource implements PriceSource {
  readonly name = 'sim';
  readonly kind = 'simulated';
  private readonly walks = new Map<string, { params: SimParams; lastAtMs: number }>();
  private polledAtMs = 0;

  constructor(private readonly paramsOf: (code: string) => SimParams | undefined) {}

  async start(instruments: readonly Instrument[], nowMs: number): Promise<Set<string>> {
    const byCode = new Map(instruments.map((i) => [i.code, i]));
    for (const i of instruments) {
      const params = this.paramsOf(i.code) ?? simParamsOf(i, (code) => byCode.get(code));
      this.walks.set(i.code, { params, lastAtMs: -1 });
    }
    this.polledAtMs = nowMs - minuteMs;
    return new Set(this.walks.keys());
  }

  /** The walk of `code` with its instrument's edited parameters (new hours), from the last tick it made. */
  retarget(code: string, params: SimParams): void {
    const walk = this.walks.get(code);
    if (walk) walk.params = params;
  }

  /** The latest tick of each instrument since the previous poll (at most one per instrument). */
  async poll(nowMs: number): Promise<Tick[]> {
    if (nowMs < this.polledAtMs) this.polledAtMs = nowMs - minuteMs; // the clock went back (tests)
    const lookback = Math.min(lookbackMinutesMax, Math.ceil((nowMs - this.polledAtMs) / minuteMs) + 1);
    this.polledAtMs = nowMs;
    const ticks: Tick[] = [];
    for (const [code, walk] of this.walks) {
      const t = simLastTick(walk.params, nowMs, lookback);
      if (!t || t.atMs === walk.lastAtMs) continue;
      walk.lastAtMs = t.atMs;
      ticks.push({ code, priceMinor: t.priceMinor, atMs: t.atMs });
    }
    return ticks;
  }

  ticksBetween(code: string, afterMs: number, toMs: number): Tick[] {
    const walk = this.walks.get(code);
    if (!walk || toMs <= afterMs) return [];
    const ticks: Tick[] = [];
    const last = Math.floor(toMs / minuteMs);
    for (let minute = Math.floor(afterMs / minuteMs); minute <= last; minute++) {
      for (const t of simTicksOfMinute(walk.params, minute)) {
        const atMs = minute * minuteMs + t.second * 1000;
        if (atMs > afterMs && atMs <= toMs) ticks.push({ code, priceMinor: BigInt(t.priceMinor), atMs });
      }
    }
    return ticks;
  }

  async close(): Promise<void> {}
}
