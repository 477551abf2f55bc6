// The polling the sources behind an HTTP API share (ccxt, Pyth): a fetch runs in the background when one
// is due, so a slow provider never holds up the other sources; a fast one (the recorded exchange, the
// loopback Hermes of the tests) is waited for briefly, so its ticks come out of the very poll that asked.
// A failed fetch pushes nothing: the prices it would have refreshed age, and the feed calls them stale.
import type { Tick } from './snapshot.ts';

/** How long a poll waits for a fetch in flight before answering what has arrived. */
const waitMs = 200;

export class Poller {
  private queue: Tick[] = [];
  private inFlight: Promise<void> | undefined;
  private fetchedAtMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly everyMs: number,
    private readonly fetch: () => Promise<void>,
  ) {}

  /** A tick the fetch produced, handed out by the next poll. */
  push(tick: Tick): void {
    this.queue.push(tick);
  }

  /** Starts a fetch when one is due (and there is anything to fetch), then drains what arrived. */
  async poll(nowMs: number, active: boolean): Promise<Tick[]> {
    if (active && !this.inFlight && nowMs - this.fetchedAtMs >= this.everyMs) {
      this.fetchedAtMs = nowMs;
      this.inFlight = this.fetch().finally(() => {
        this.inFlight = undefined;
      });
    }
    if (this.inFlight) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.inFlight, new Promise<void>((r) => (timer = setTimeout(r, waitMs)))]);
      clearTimeout(timer);
    }
    const due = this.queue;
    this.queue = [];
    return due;
  }

  /** Waits for the fetch in flight, if any (closing). */
  async settled(): Promise<void> {
    await this.inFlight;
  }
}
