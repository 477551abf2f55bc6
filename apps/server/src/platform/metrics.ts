// Prometheus metrics at /metrics: process defaults plus request counts and latency by route.
// Behind a bearer token (METRICS_TOKEN, L-7); without one, served only outside production.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics, Histogram } from 'prom-client';
import { codes } from '@tradewind/contract';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { bearerToken } from './guards.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the scrape presents the token; compared as digests, so neither length nor content leaks by time. */
function presentsToken(req: FastifyRequest, token: string): boolean {
  const given = bearerToken(req);
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

export function installMetrics(app: FastifyInstance, config: Pick<Config, 'env' | 'metricsToken'>): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  const token = config.metricsToken;
  if (token || config.env !== 'production') {
    app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
      if (token && !presentsToken(req, token)) throw new AppError(codes.unauthenticated);
      void reply.header('content-type', registry.contentType);
      return registry.metrics();
    });
  }
  return registry;
}

/**
 * `feed_tick_age_seconds{source}`: the age of each live source's newest tick, read when scraped. An alert on
 * it above `price_stale_after_s` is an alert that the real book has paused (DESIGN.md §1.10). A source that
 * has produced no tick yet reports +Inf.
 */
export function feedAgeGauge(
  registry: Registry,
  sources: () => Array<{ name: string; ageMs: number | undefined }>,
): void {
  new Gauge({
    name: 'feed_tick_age_seconds',
    help: 'Age of the newest tick of each live price source, in seconds',
    labelNames: ['source'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const s of sources())
        this.set({ source: s.name }, s.ageMs === undefined ? Infinity : s.ageMs / 1000);
    },
  });
}
