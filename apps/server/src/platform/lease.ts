// The cluster's one leader (DESIGN.md §3): a lease row in the database (leader_lease, migration 0024) that the
// holder renews every `heartbeatMs` for `ttlMs`, judged by the database's clock, never a node's. Another node
// takes it once it has expired or been released, and each acquisition raises the term.
//
// Fencing: a leader write runs in a transaction whose first statement is `fence(tx)`, which reads the lease
// row FOR KEY SHARE and requires this node's (holder, term). A takeover locks that row FOR UPDATE, so it
// waits for the writes in flight, and every later write under the old term fails (the heartbeat's plain
// update of `expires_at` does not conflict with FOR KEY SHARE, so long writes never delay renewal): a leader paused (SIGSTOP, a long GC, a
// partition) that wakes after losing the lease cannot write, notices, and steps down. The same transaction
// gets an idle-in-transaction timeout of one lease, so a leader paused inside a fenced transaction cannot
// hold the row (and the takeover) longer than its lease would have.
//
// Locally, a leader whose last successful renewal started more than `ttlMs` ago no longer believes it leads
// (a woken process sees this before its timers run any work), and the feed tags what it publishes with the
// term, so followers drop ticks of a term older than one they have seen.
//
// Embedded mode (PGlite, one node per data directory) uses the same lease, `exclusive`: the node takes it at
// start whatever the row says, as a crash leaves a lease behind that nobody else could be holding.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type DbOrTx, type Tx } from './db.ts';
import type { Leadership } from './leader-job.ts';

/** A leader write refused because this node no longer holds the lease under the term it acted on. */
export class NotLeaderError extends Error {
  constructor(reason: string) {
    super(`not the leader: ${reason}`);
  }
}

export type LeaseOptions = {
  /** One lease per cluster and job set; the feed, the settlement engine and every leader job share one. */
  name?: string;
  /** This node, as written in the row (host, pid and a random part by default). */
  holder?: string;
  ttlMs?: number;
  heartbeatMs?: number;
  /** The only node on its database (embedded): takes the lease at start even if the row names another. */
  exclusive?: boolean;
  log: FastifyBaseLogger;
};

export type LeaseState = { leading: boolean; term: bigint | undefined; reason: string };

export const defaultLease = { name: 'cluster', ttlMs: 5_000, heartbeatMs: 1_000 };
/** Alone on its database nobody waits to take over: a slow beat spares the embedded database a write a second. */
const exclusiveLease = { ttlMs: 60_000, heartbeatMs: 10_000 };

export function nodeId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export class LeaderLease implements Leadership {
  readonly name: string;
  readonly holder: string;
  private readonly ttlMs: number;
  private readonly heartbeatMs: number;
  private term: bigint | undefined;
  /** performance.now() when the last successful acquisition or renewal was sent. */
  private renewedAt = Number.NEGATIVE_INFINITY;
  private seenTerm = 0n;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private closed = false;
  private readonly listeners: Array<(state: LeaseState) => void> = [];

  constructor(
    private readonly db: Db,
    private readonly options: LeaseOptions,
  ) {
    this.name = options.name ?? defaultLease.name;
    this.holder = options.holder ?? nodeId();
    const timing = options.exclusive ? exclusiveLease : defaultLease;
    this.ttlMs = options.ttlMs ?? timing.ttlMs;
    this.heartbeatMs = options.heartbeatMs ?? timing.heartbeatMs;
  }

  /** Leads now: holds the lease and renewed it less than one lease ago. */
  isLeader(): boolean {
    if (this.term !== undefined && performance.now() - this.renewedAt > this.ttlMs)
      this.stepDown(`lease not renewed for ${this.ttlMs} ms`);
    return this.term !== undefined;
  }

  /** The term this node leads under; undefined when it does not lead. */
  currentTerm(): bigint | undefined {
    return this.isLeader() ? this.term : undefined;
  }

  /** The highest term this node has seen (its own, the row's, or a peer's message). */
  highestTerm(): bigint {
    return this.seenTerm;
  }

  /** A term seen elsewhere (a peer's tick message): a leader under an older one steps down. */
  observe(term: bigint): void {
    if (term > this.seenTerm) this.seenTerm = term;
    if (this.term !== undefined && term > this.term) this.stepDown(`a peer leads under term ${term}`);
  }

  onChange(listener: (state: LeaseState) => void): void {
    this.listeners.push(listener);
  }

  /** One attempt at once (a node alone leads from its first step), then the heartbeat. */
  async start(): Promise<void> {
    await this.beat(this.options.exclusive === true);
    let inFlight = false;
    this.timer = setInterval(() => {
      // A beat slower than the interval is not queued behind: the next tick of the timer skips.
      if (inFlight) return;
      inFlight = true;
      this.beating = this.beat(false).finally(() => (inFlight = false));
    }, this.heartbeatMs);
    this.timer.unref();
  }

  /**
   * The first statement of a leader write's transaction: this node's lease under its term, locked FOR KEY
   * SHARE until the transaction ends (the heartbeat's update passes it; a takeover's FOR UPDATE waits). Throws NotLeaderError (and steps down) when the lease is no longer ours.
   */
  async fence(tx: Tx): Promise<void> {
    const term = this.currentTerm();
    if (term === undefined) throw new NotLeaderError('this node does not lead');
    const rows = await queryRows<{ term: string }>(
      tx,
      sql`select term::text as term,
            set_config('idle_in_transaction_session_timeout', ${String(this.ttlMs)}, true) as idle,
            set_config('tradewind.leader', ${`${this.holder} ${term}`}, true) as tag
          from leader_lease
          where name = ${this.name} and holder = ${this.holder} and term = ${term.toString()}::bigint
          for key share`,
    );
    if (rows.length === 0) {
      this.stepDown(`the lease of term ${term} was taken`);
      throw new NotLeaderError(`the lease of term ${term} was taken`);
    }
  }

  /** Stops the heartbeat and, if leading, clears the lease so another node takes over at once. */
  async release(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.beating;
    const term = this.term;
    if (term === undefined) return;
    this.stepDown('released');
    // FOR UPDATE waits for this node's fenced transactions still in flight (they hold the row FOR KEY SHARE).
    await this.db
      .transaction(async (tx) => {
        await this.readLease(tx, true);
        await tx.execute(
          sql`update leader_lease set holder = null, expires_at = clock_timestamp()
              where name = ${this.name} and holder = ${this.holder} and term = ${term.toString()}::bigint`,
        );
      })
      .catch((err: unknown) => this.options.log.warn({ err }, 'cluster: releasing the lease failed'));
  }

  close(): Promise<void> {
    return this.release();
  }

  private async beat(exclusive: boolean): Promise<void> {
    if (this.closed) return;
    try {
      if (this.term === undefined) await this.acquire(exclusive);
      else await this.renew(this.term);
    } catch (err) {
      // The database is away: keep trying; a leader that cannot renew stops believing it leads in time.
      this.options.log.warn({ err }, 'cluster: lease heartbeat failed');
    }
  }

  private async acquire(exclusive: boolean): Promise<void> {
    // A plain read first: a follower locks the row only when the lease looks free, so its polling never
    // queues in front of the leader's fenced writes.
    const [seen] = await this.readLease();
    if (seen) this.observe(BigInt(seen.term));
    if (seen && !seen.free && !exclusive) return;
    let sentAt = performance.now();
    const won = await this.db.transaction(async (tx) => {
      // FOR UPDATE waits for the old leader's fenced writes in flight (FOR KEY SHARE); not for long: the next
      // beat tries again.
      await tx.execute(sql`select set_config('lock_timeout', '1000', true)`);
      const [row] = await this.readLease(tx, true);
      if (row && !row.free && !exclusive) return undefined;
      // The lease runs from now, not from when this transaction began waiting for the row.
      sentAt = performance.now();
      const [taken] = await queryRows<{ term: string }>(
        tx,
        sql`insert into leader_lease as l (name, holder, term, expires_at, acquired_at)
            values (${this.name}, ${this.holder}, 1, clock_timestamp() + ${this.ttlMs}::int * interval '1 millisecond',
                    clock_timestamp())
            on conflict (name) do update
              set holder = excluded.holder, term = l.term + 1, expires_at = excluded.expires_at,
                  acquired_at = excluded.acquired_at
            returning term::text as term`,
      );
      return taken;
    });
    if (won) this.lead(BigInt(won.term), sentAt);
  }

  private readLease(db: DbOrTx = this.db, lock = false) {
    return queryRows<{ term: string; free: boolean }>(
      db,
      sql`select term::text as term, (holder is null or expires_at <= clock_timestamp()) as free
          from leader_lease where name = ${this.name} ${lock ? sql`for update` : sql``}`,
    );
  }

  private async renew(term: bigint): Promise<void> {
    const sentAt = performance.now();
    const rows = await queryRows<{ term: string }>(
      this.db,
      sql`update leader_lease set expires_at = clock_timestamp() + ${this.ttlMs}::int * interval '1 millisecond'
          where name = ${this.name} and holder = ${this.holder} and term = ${term.toString()}::bigint
          returning term::text as term`,
    );
    if (this.term !== term) return;
    if (rows.length === 0) this.stepDown(`the lease of term ${term} was taken`);
    else this.renewedAt = sentAt;
  }

  private lead(term: bigint, sentAt: number): void {
    if (this.closed) return;
    this.term = term;
    this.renewedAt = sentAt;
    if (term > this.seenTerm) this.seenTerm = term;
    this.options.log.info(
      { lease: this.name, term: term.toString(), holder: this.holder },
      'cluster: this node leads',
    );
    this.emit({ leading: true, term, reason: 'acquired' });
  }

  private stepDown(reason: string): void {
    const term = this.term;
    if (term === undefined) return;
    this.term = undefined;
    this.renewedAt = Number.NEGATIVE_INFINITY;
    const log = reason === 'released' ? this.options.log.info : this.options.log.warn;
    log.call(
      this.options.log,
      { lease: this.name, term: term.toString(), reason },
      'cluster: this node no longer leads',
    );
    this.emit({ leading: false, term, reason });
  }

  private emit(state: LeaseState): void {
    for (const l of this.listeners) {
      try {
        l(state);
      } catch (err) {
        this.options.log.error({ err }, 'cluster: lease listener failed');
      }
    }
  }
}
