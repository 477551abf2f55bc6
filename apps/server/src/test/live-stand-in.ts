// A stand-in for a live exchange in the suite: the instruments it is given are priced "live" by a walk of
// their own (the same arithmetic as the simulated feed), so the real book's rules — trade only on a live,
// fresh price (DESIGN.md §1.10) — can be exercised on any day and hour the tests move the clock to. It is
// handed to buildApp by the harness only; no configuration reaches it. The adapters of real sources are
// tested against real protocol peers (ccxt.test.ts, pyth.test.ts), this only feeds the money paths.
//
// `stopAnswering()` makes it fall silent as a failed exchange does (no ticks, none recorded for the gap),
// `answerAgain()` resumes: what a feed outage looks like to the feed and the settlement engine.
import type { Instrument } from '../market/catalogue.ts';
import type { Tick } from '../market/snapshot.ts';
import type { PriceSource } from '../market/source.ts';
import { SimSource, simParamsOf } from '../market/source-sim.ts';

/** The instruments the contract, deposit and back-office tests trade in the real book. */
export const liveInTests = ['BTCUSDT', 'ETHUSDT', 'EURUSD', 'XAUUSD'] as const;

export class LiveStandIn implements PriceSource {
  /** Kept ticks name it as a recording declared live (source.ts `sourceKindOfName`). */
  readonly name = 'replay:live';
  readonly kind = 'live';
  private readonly params = new Map<string, Instrument>();
  private readonly walk = new SimSource((code) => {
    const i = this.params.get(code);
    return i && simParamsOf(i, (c) => this.params.get(c));
  });
  /** Silent intervals [from, to) in ms: no tick exists in them; `to` undefined while silent. */
  private readonly gaps: Array<{ fromMs: number; toMs: number | undefined }> = [];
  private lastPolledMs = 0;

  constructor(private readonly codes: readonly string[] = liveInTests) {}

  async start(instruments: readonly Instrument[], nowMs: number): Promise<Set<string>> {
    const mine = instruments.filter((i) => this.codes.includes(i.code));
    for (const i of mine) this.params.set(i.code, i);
    this.lastPolledMs = nowMs;
    return this.walk.start(mine, nowMs);
  }

  /** The exchange stops answering from the last poll on: nothing more until `answerAgain`. */
  stopAnswering(): void {
    if (this.silent()) return;
    this.gaps.push({ fromMs: this.lastPolledMs, toMs: undefined });
  }

  /** Answers again from `nowMs`: the first tick after the gap is the first one after `nowMs`. */
  answerAgain(nowMs: number): void {
    const gap = this.gaps.at(-1);
    if (gap && gap.toMs === undefined) gap.toMs = nowMs;
  }

  private silent(): boolean {
    return this.gaps.at(-1)?.toMs === undefined && this.gaps.length > 0;
  }

  private inGap(atMs: number): boolean {
    return this.gaps.some((g) => atMs > g.fromMs && (g.toMs === undefined || atMs <= g.toMs));
  }

  async poll(nowMs: number): Promise<Tick[]> {
    if (this.silent()) return [];
    this.lastPolledMs = nowMs;
    return (await this.walk.poll(nowMs)).filter((t) => !this.inGap(t.atMs));
  }

  ticksBetween(code: string, afterMs: number, toMs: number): Tick[] {
    return this.walk.ticksBetween(code, afterMs, toMs).filter((t) => !this.inGap(t.atMs));
  }

  async close(): Promise<void> {}
}
