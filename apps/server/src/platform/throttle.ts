// Rate-limit windows checked in turn in one preHandler (per client IP, per account, …). Built with
// `createRateLimit` because handlers from `fastify.rateLimit()` run at most once per request: a second one
// in the same preHandler list is skipped. Counters live in Redis when configured, so they hold across nodes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codes } from '@tradewind/contract';
import { AppError } from './errors.ts';
import type { RateLimitRule } from './config.ts';

export type Window = { rule: RateLimitRule; key: (req: FastifyRequest) => string };

/** A preHandler answering 10104 (HTTP 429, `retry-after`) once any window is exceeded. */
export function throttle(fastify: FastifyInstance, windows: Window[]) {
  const checks = windows.map((w) =>
    fastify.createRateLimit({ max: w.rule.max, timeWindow: w.rule.windowMs, keyGenerator: w.key }),
  );
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    for (const check of checks) {
      const state = await check(req);
      if (!state.isAllowed && state.isExceeded) {
        void reply.header('retry-after', String(state.ttlInSeconds));
        throw new AppError(codes.tooManyRequests);
      }
    }
  };
}
