// GET /readyz for the proxy's health checks (issue 15): 200 while this node can serve — with its role and
// whether Redis is away (the node still serves then: per-node rate limits, its own prices) — and 503 with
// the reason while the database is out of reach (the node recovers by itself; the proxy sends elsewhere).
import type { FastifyInstance } from 'fastify';
import { ping, type Db } from './db.ts';

export type ReadinessSources = {
  db: Db;
  role: () => 'leader' | 'follower';
  /** Undefined without Redis (embedded); true while it is away. */
  redisAway: () => boolean | undefined;
  /** Each live price source with the age of its newest tick (none when only the walk prices). */
  feeds: () => FeedHealth[];
};

/**
 * A live source's health: `live` while its newest tick is younger than `price_stale_after_s`. A stale feed
 * does not make the node unready (it serves everything else, and the real book pauses by itself), but the
 * proxy and the operator see it here and on /metrics (`feed_tick_age_seconds`).
 */
export type FeedHealth = { name: string; ageMs: number | undefined; live: boolean };

export type Readiness =
  | {
      status: 'ready';
      role: 'leader' | 'follower';
      redis: 'ok' | 'away' | 'none';
      feeds: Array<{ name: string; ageSeconds: number | null; status: 'live' | 'stale' }>;
    }
  | { status: 'not ready'; reason: string };

export function registerReadiness(app: FastifyInstance, sources: ReadinessSources): void {
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await ping(sources.db);
    } catch (err) {
      const reason = `database unreachable: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`;
      return reply.status(503).send({ status: 'not ready', reason } satisfies Readiness);
    }
    const away = sources.redisAway();
    return {
      status: 'ready',
      role: sources.role(),
      redis: away === undefined ? 'none' : away ? 'away' : 'ok',
      feeds: sources.feeds().map((f) => ({
        name: f.name,
        ageSeconds: f.ageMs === undefined ? null : Math.floor(f.ageMs / 1000),
        status: f.live ? 'live' : 'stale',
      })),
    } satisfies Readiness;
  });
}
