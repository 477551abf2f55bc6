// Rate-limit windows checked in turn in one hook (per client IP, per account, …). Built with
// `createRateLimit` because handlers from `fastify.rateLimit()` run at most once per request: a second one
// in the same hook list is skipped. Counters live in Redis when configured, so they hold across nodes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { codes } from '@tradewind/contract';
import { AppError } from './errors.ts';
import type { Config, RateLimitRule } from './config.ts';
import { customerOf } from './guards.ts';

/** A key may be looked up (login resolves a user name or an e-mail to one account, L-2). */
export type Window = { rule: RateLimitRule; key: (req: FastifyRequest) => string | Promise<string> };

type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** A hook answering 10104 (HTTP 429, `retry-after`), or `refusal`'s code, once any window is exceeded. */
export function throttle(
  fastify: FastifyInstance,
  windows: Window[],
  refusal: (waitSeconds: number) => AppError = () => new AppError(codes.tooManyRequests),
): Hook {
  const checks = windows.map((w) =>
    fastify.createRateLimit({ max: w.rule.max, timeWindow: w.rule.windowMs, keyGenerator: w.key }),
  );
  return async (req, reply) => {
    for (const check of checks) {
      const state = await check(req);
      if (!state.isAllowed && state.isExceeded) {
        void reply.header('retry-after', String(state.ttlInSeconds));
        throw refusal(state.ttlInSeconds);
      }
    }
  };
}

const passwordHooks = new WeakMap<FastifyInstance, Hook>();

/**
 * An onRequest hook after `requireCustomer`, on every call that checks a signed-in customer's password
 * (change password, a withdrawal, a payout method; M-2). Every try counts, one window per account and one
 * per client address shared by all those calls (one hook per app: in memory each `createRateLimit` keeps
 * its own counts), and the refusal says how long to wait (10180).
 */
export function passwordTries(fastify: FastifyInstance, config: Pick<Config, 'rateLimits'>): Hook {
  const known = passwordHooks.get(fastify);
  if (known) return known;
  const limits = config.rateLimits.passwordCheck;
  const hook = throttle(
    fastify,
    [
      { rule: limits.ip, key: (req) => `password:ip:${req.ip}` },
      { rule: limits.account, key: (req) => `password:acct:${customerOf(req).user.id}` },
    ],
    (seconds) => new AppError(codes.tooManyPasswordTries, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
  );
  passwordHooks.set(fastify, hook);
  return hook;
}
