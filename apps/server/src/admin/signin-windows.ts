// Back-office sign-in failures (issue 25, M-9), counted in the rate-limit store (Redis in scaled mode, so
// every node sees one count): per account and address, per address (any account, unknown names too) and per
// account (from anywhere). Only failures count; past a window's allowance a failed attempt is answered with
// a wait (10104, retry-after) instead of its own code. No window refuses a right password with a right
// second factor (signin.ts): a guesser can slow an account's sign-in but never lock its owner out. The
// allowances are config `rateLimits.adminSignIn`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../platform/config.ts';

export type SignInLimits = Config['rateLimits']['adminSignIn'];

/** The sign-in's view of the windows of one request. */
export type SignInWindows = {
  /** Whether a window already asks this request to wait (nothing counted); sets retry-after when it does. */
  waiting(): Promise<boolean>;
  /** Counts a failure in every window; whether one now asks to wait (retry-after set then). */
  failed(): Promise<boolean>;
};

const userNameOf = (req: FastifyRequest) =>
  String((req.body as { userName?: unknown } | undefined)?.userName ?? '')
    .trim()
    .toLowerCase();

/** The windows of the back-office sign-in, made once per app; `of` binds them to one request. */
export function signInWindows(fastify: FastifyInstance, limits: SignInLimits) {
  const keys: Record<keyof SignInLimits, (req: FastifyRequest) => string> = {
    accountIp: (req) => `admin-signin:acct-ip:${userNameOf(req)}:${req.ip}`,
    ip: (req) => `admin-signin:ip:${req.ip}`,
    account: (req) => `admin-signin:acct:${userNameOf(req)}`,
  };
  const checks = (Object.keys(keys) as (keyof SignInLimits)[]).map((name) =>
    fastify.createRateLimit({
      max: limits[name].max,
      timeWindow: limits[name].windowMs,
      keyGenerator: keys[name],
    }),
  );

  /** The longest wait any window asks for, in seconds (0: none), after counting or only reading. */
  const longestWait = async (req: FastifyRequest, increment: boolean): Promise<number> => {
    let wait = 0;
    for (const check of checks) {
      const state = await check(req, { increment });
      if (!state.isAllowed && state.isExceeded) wait = Math.max(wait, state.ttlInSeconds, 1);
    }
    return wait;
  };

  return {
    of(req: FastifyRequest, reply: FastifyReply): SignInWindows {
      const answer = (wait: number) => {
        if (wait > 0) void reply.header('retry-after', String(wait));
        return wait > 0;
      };
      return {
        waiting: async () => answer(await longestWait(req, false)),
        failed: async () => answer(await longestWait(req, true)),
      };
    },
  };
}
