// Prometheus metrics at /metrics: process defaults plus request counts and latency by route.
import type { FastifyInstance } from 'fastify';
import { Gauge, Registry, collectDefaultMetrics, Histogram } from 'prom-client';

export function installMetrics(app: FastifyInstance): Registry {
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
  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) => {
    void reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
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
