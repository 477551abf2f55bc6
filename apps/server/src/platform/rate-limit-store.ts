// Rate limits in scaled mode (issue 15): counted in Redis so every node shares one window, and, while Redis
// is away, in this node's memory instead — the API keeps serving with per-node windows (logged as degraded)
// rather than failing every limited request, and goes back to the shared windows when Redis is back, without
// a restart. The two stores are @fastify/rate-limit's own; this only chooses between them per request.
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;
type Store = {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  /** The count without adding to it (`createRateLimit`'s `{ increment: false }`). */
  read(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: ChildOptions): Store;
};
/** What the plugin hands `child`: a route's own limit names the route; `createRateLimit`'s an empty one. */
type ChildOptions = { routeInfo?: { method?: string; url?: string } };
type StoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => Store;

// The plugin's stores are not exported by name; their files are the plugin's own API for custom stores.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as StoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as StoreClass;

/** Whether the shared windows are in use, logged on each change. */
class RedisState {
  private degraded = false;
  constructor(private readonly log: FastifyBaseLogger) {}

  down(err?: unknown): void {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn({ err }, 'rate limits: Redis is away; counting per node until it is back (degraded)');
  }

  up(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.log.info('rate limits: Redis is back; windows are shared by the nodes again');
  }

  get isDegraded(): boolean {
    return this.degraded;
  }
}

class FallbackStore implements Store {
  constructor(
    private readonly redis: Redis,
    private readonly state: RedisState,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count('incr', key, cb, timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.count('read', key, cb, timeWindow, max);
  }

  private count(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number): void {
    // Not waiting for a reconnecting client to give up: a request answers at once from this node's count.
    if (this.redis.status !== 'ready') {
      this.state.down();
      this.local[method](key, cb, timeWindow, max);
      return;
    }
    this.shared[method](
      key,
      (err, result) => {
        if (err) {
          this.state.down(err);
          this.local[method](key, cb, timeWindow, max);
          return;
        }
        this.state.up();
        cb(null, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: ChildOptions): FallbackStore {
    // The Redis store prefixes a child's keys with its route's method and URL; the windows made with
    // `createRateLimit` (throttle.ts) have none ("tw-rl:undefinedundefined-login:ip:…") and name their keys
    // themselves ("login:ip:…"), so they keep the namespace alone: "tw-rl:login:ip:…".
    const route = routeOptions.routeInfo;
    const shared = route?.method && route.url ? this.shared.child(routeOptions) : this.shared;
    return new FallbackStore(this.redis, this.state, shared, this.local.child(routeOptions));
  }
}

/** The `store` option of @fastify/rate-limit: Redis first, this node's memory while Redis is away. */
export function redisWithLocalFallback(
  redis: Redis,
  nameSpace: string,
  log: FastifyBaseLogger,
): { store: new (options: FastifyRateLimitOptions) => FastifyRateLimitStore; degraded: () => boolean } {
  const state = new RedisState(log);
  class Store extends FallbackStore {
    // The plugin hands its global parameters, which carry these two beside the documented options.
    constructor(
      options: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean },
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      super(
        redis,
        state,
        new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace),
        new LocalStore(continueExceeding, exponentialBackoff),
      );
    }
  }
  return {
    store: Store as unknown as new (options: FastifyRateLimitOptions) => FastifyRateLimitStore,
    degraded: () => state.isDegraded,
  };
}
