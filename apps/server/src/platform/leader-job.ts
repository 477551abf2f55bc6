// A periodic job that runs on the feed's leader only (one per cluster; in-process when embedded): a first run
// at start or on taking the lead (catching up after downtime or a failover), then every `everyMs`; a timer
// tick while a run is still going is skipped rather than queued; runs of one instance take turns, including
// on-demand runs (`run`), and what a run does must be safe when two instances race (each domain's rule in
// the database decides that).
// A run writes through the `db` it is handed: its transactions begin with the leader's fence
// (platform/lease.ts), so a node that lost the lead meanwhile writes nothing.
import type { Ctx } from './context.ts';
import type { Db, Tx } from './db.ts';

export type Leadership = {
  isLeader(): boolean;
  /** Checks in `tx` that this node still leads under the term it acts on; throws otherwise. */
  fence?(tx: Tx): Promise<void>;
};

/** How often a job looks whether its node has taken the lead (a takeover runs the due work at once). */
const leadershipCheckMs = 1_000;

const unfencedWrites = new Set<PropertyKey>(['insert', 'update', 'delete']);

/**
 * `db` whose every transaction starts with the leader's fence; writes outside a transaction are refused
 * (a programmer error: they could not be fenced). Reads pass through.
 */
export function fencedDb(db: Db, leadership: Leadership): Db {
  const fence = leadership.fence?.bind(leadership);
  if (!fence) return db;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'transaction') {
        const transaction: Db['transaction'] = (work, config) =>
          target.transaction(async (tx) => {
            await fence(tx);
            return work(tx);
          }, config);
        return transaction;
      }
      if (unfencedWrites.has(prop))
        throw new Error(`a leader write (${String(prop)}) outside a fenced transaction`);
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

export class LeaderJob<R> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private ticking = false;
  /** The database as this job writes to it: fenced by the leadership. */
  private readonly db: Db;

  constructor(
    private readonly ctx: Ctx,
    private readonly leadership: Leadership,
    private readonly job: { name: string; everyMs: number; run: (nowMs: number, db: Db) => Promise<R> },
  ) {
    this.db = fencedDb(ctx.db, leadership);
  }

  start(): void {
    let leading = false;
    let lastRunAt = Number.NEGATIVE_INFINITY;
    const tick = () => {
      const leader = this.leadership.isLeader();
      // A node that has just taken the lead runs at once: the work its predecessor left is due now.
      const tookLead = leader && !leading;
      leading = leader;
      if (this.ticking || !leader) return;
      if (!tookLead && performance.now() - lastRunAt < this.job.everyMs) return;
      lastRunAt = performance.now();
      this.ticking = true;
      this.run(this.ctx.clock.now())
        .catch((err: unknown) =>
          this.ctx.log.error({ err, job: this.job.name }, 'job failed; the next run catches up'),
        )
        .finally(() => (this.ticking = false));
    };
    tick();
    this.timer = setInterval(tick, Math.min(this.job.everyMs, leadershipCheckMs));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running.catch(() => undefined);
  }

  /** One run at `nowMs`, after any run of this instance still going. */
  run(nowMs: number): Promise<R> {
    const run = this.running.then(() => this.job.run(nowMs, this.db));
    this.running = run.catch(() => undefined);
    return run;
  }
}
