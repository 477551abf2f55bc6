// Scaled mode (DESIGN.md §3): one feed leader per cluster, every node pushing the same ticks.
// Leadership is the database's lease (platform/lease.ts: heartbeat, takeover on expiry, fencing by term).
// Without DATABASE_URL but with REDIS_URL — nodes on embedded databases sharing one Redis, a test setup — a
// Redis lease decides who runs the feed (the nodes share no database, so there are no shared writes to
// fence). Ticks fan out over Redis pub/sub, tagged with the leader's term; a single node needs neither.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Tx } from '../platform/db.ts';
import { NotLeaderError } from '../platform/lease.ts';
import type { Tick, TickMeta } from './snapshot.ts';

const retryEveryMs = 5_000;
const leaseTtlMs = 15_000;

export interface Leadership {
  isLeader(): boolean;
  /** First statement of a leader write's transaction (platform/lease.ts); throws when this node lost the lead. */
  fence(tx: Tx): Promise<void>;
  /** The term this node leads under (undefined when it does not lead or the leadership has no terms). */
  currentTerm(): bigint | undefined;
  /** The highest term seen; ticks of an older one come from a deposed leader. */
  highestTerm(): bigint;
  observe(term: bigint): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Before the feed joins its cluster: leads, with nothing to fence. */
export class SoleNode implements Leadership {
  isLeader(): boolean {
    return true;
  }
  async fence(): Promise<void> {}
  currentTerm(): bigint | undefined {
    return undefined;
  }
  highestTerm(): bigint {
    return 0n;
  }
  observe(): void {}
  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

export class RedisLeaseLeadership implements Leadership {
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly token = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  isLeader(): boolean {
    return this.leader;
  }

  /** The nodes share no database: the lease in Redis is all there is to check. */
  async fence(): Promise<void> {
    if (!this.leader) throw new NotLeaderError('the Redis lease is not ours');
  }

  currentTerm(): bigint | undefined {
    return undefined;
  }

  highestTerm(): bigint {
    return 0n;
  }

  observe(): void {}

  async start(): Promise<void> {
    await this.attempt();
    this.timer = setInterval(() => void this.attempt(), retryEveryMs);
    this.timer.unref();
  }

  private async attempt(): Promise<void> {
    try {
      if (this.leader) {
        // Renew only while the lease is still ours.
        const renewed = await this.redis.eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end",
          1,
          this.key,
          this.token,
          String(leaseTtlMs),
        );
        this.leader = renewed === 1;
      } else {
        this.leader = (await this.redis.set(this.key, this.token, 'PX', leaseTtlMs, 'NX')) === 'OK';
        if (this.leader) this.log.info('market: this node leads the feed');
      }
    } catch (err) {
      this.log.warn({ err }, 'market: lease attempt failed');
      this.leader = false;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    if (this.leader) {
      await this.redis
        .eval(
          "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end",
          1,
          this.key,
          this.token,
        )
        .catch(() => undefined);
    }
    this.leader = false;
  }
}

/**
 * Ticks on the wire between nodes: `[code, priceMinor, atMs, volumeMinor?, [open, high, low, volume]?,
 * meta?]`. The source's meta travels too: an order kept on a follower keeps what the source said.
 */
type WireTick = [string, string, number, string?, [string, string, string, string]?, TickMeta?];

function toWire(t: Tick): WireTick {
  const day = t.day;
  return [
    t.code,
    t.priceMinor.toString(),
    t.atMs,
    t.volumeMinor?.toString(),
    day
      ? [
          day.openMinor.toString(),
          day.highMinor.toString(),
          day.lowMinor.toString(),
          day.volumeMinor.toString(),
        ]
      : undefined,
    t.meta,
  ];
}

function fromWire(w: WireTick): Tick {
  const [code, price, atMs, volume, day, meta] = w;
  return {
    code,
    priceMinor: BigInt(price),
    atMs,
    ...(volume !== undefined && volume !== null ? { volumeMinor: BigInt(volume) } : {}),
    ...(day
      ? {
          day: {
            openMinor: BigInt(day[0]),
            highMinor: BigInt(day[1]),
            lowMinor: BigInt(day[2]),
            volumeMinor: BigInt(day[3]),
          },
        }
      : {}),
    ...(meta ? { meta } : {}),
  };
}

/** Ticks from another node, with the term its leader published them under (undefined: no terms). */
export type TickListener = (ticks: Tick[], term: bigint | undefined) => void;

export interface TickBus {
  /** Whether ticks flow between the nodes now (false while Redis is away: each node prices its own clients). */
  connected(): boolean;
  /** Sends the leader's ticks to the other nodes (the leader has already applied them itself). */
  publish(ticks: readonly Tick[], term: bigint | undefined): Promise<void>;
  /** Ticks published by other nodes. */
  onTicks(listener: TickListener): void;
  close(): Promise<void>;
}

export class LocalBus implements TickBus {
  connected(): boolean {
    return true;
  }
  async publish(): Promise<void> {}
  onTicks(): void {}
  async close(): Promise<void> {}
}

export class RedisBus implements TickBus {
  private readonly nodeId = randomUUID();
  private readonly listeners: TickListener[] = [];
  private away = false;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects in the background; a Redis that is down delays the fan-out, it does not stop the node. */
  static async open(redisUrl: string, channel: string, log: FastifyBaseLogger): Promise<RedisBus> {
    const options = { maxRetriesPerRequest: 2, connectTimeout: 5_000 };
    const pub = new Redis(redisUrl, options);
    const sub = new Redis(redisUrl, options);
    const bus = new RedisBus(pub, sub, channel, log);
    for (const conn of [pub, sub]) {
      // ioredis reconnects by itself (and subscribes again); the errors of each attempt say nothing new.
      conn.on('error', (err) => log.debug({ err }, 'market: redis connection error'));
      for (const event of ['ready', 'close', 'end'] as const) conn.on(event, () => bus.noteConnection());
    }
    sub.on('message', (_channel: string, message: string) => bus.receive(message));
    await sub
      .subscribe(channel)
      .catch((err: unknown) => log.error({ err }, 'market: subscribing to ticks failed'));
    return bus;
  }

  get connection(): Redis {
    return this.pub;
  }

  connected(): boolean {
    return this.pub.status === 'ready' && this.sub.status === 'ready';
  }

  /** Logs each change: Redis away (degraded: fan-out local per node) and back. */
  private noteConnection(): void {
    const away = !this.connected();
    if (away === this.away) return;
    this.away = away;
    if (away)
      this.log.warn('market: Redis is away; each node prices its own clients until it is back (degraded)');
    else this.log.info('market: Redis is back; prices come from the leader again');
  }

  private receive(message: string): void {
    let parsed: { node?: unknown; term?: unknown; ticks?: unknown };
    try {
      parsed = JSON.parse(message) as { node?: unknown; term?: unknown; ticks?: unknown };
    } catch {
      this.log.warn('market: unreadable tick message');
      return;
    }
    if (parsed.node === this.nodeId || !Array.isArray(parsed.ticks)) return;
    let ticks: Tick[];
    try {
      // Our own nodes wrote it; a malformed entry is a bug, logged rather than allowed to stop the node.
      ticks = (parsed.ticks as WireTick[]).map(fromWire);
    } catch (err) {
      this.log.error({ err }, 'market: malformed tick message');
      return;
    }
    const term =
      typeof parsed.term === 'string' && /^[0-9]{1,19}$/.test(parsed.term) ? BigInt(parsed.term) : undefined;
    for (const listener of this.listeners) listener(ticks, term);
  }

  async publish(ticks: readonly Tick[], term: bigint | undefined): Promise<void> {
    // Redis away: the other nodes price their clients themselves meanwhile; nothing to queue.
    if (ticks.length === 0 || !this.connected()) return;
    const message = { node: this.nodeId, term: term?.toString(), ticks: ticks.map(toWire) };
    await this.pub
      .publish(this.channel, JSON.stringify(message))
      .catch((err: unknown) => this.log.debug({ err }, 'market: publishing ticks failed'));
  }

  onTicks(listener: TickListener): void {
    this.listeners.push(listener);
  }

  async close(): Promise<void> {
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
