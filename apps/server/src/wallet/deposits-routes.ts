// Customer deposit routes: the recharge claim (multipart, real book, Idempotency-Key, throttled) and its
// records.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { codes, deposit, envelope, page, pageQuery, rechargeFields } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { throttle } from '../platform/throttle.ts';
import { idempotent } from '../platform/idempotency.ts';
import { idempotencyKeys } from '../platform/idempotency-tables.ts';
import { prepareImage, sha256Hex, uploadFile } from '../platform/uploads.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import { assertPendingRoom, claimDeposit, keepRateTick } from './deposit-claim.ts';
import type { DepositRateFeed } from './deposit-rates.ts';
import { depositSettings } from './deposit-settings.ts';
import { listDeposits } from './deposits.ts';

/** Deposits belong to the real book; the demo book is refused before the form is read. */
async function realBookOnly(req: FastifyRequest): Promise<void> {
  if (bookOf(req) !== 'real') throw new AppError(codes.demoForbidden);
}

/** Whether this request repeats a stored Idempotency-Key of the customer: a replay is answered, not limited. */
async function isReplay(ctx: Ctx, req: FastifyRequest, userId: number): Promise<boolean> {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return false;
  const [row] = await ctx.db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row !== undefined;
}

export function registerDepositRoutes(fastify: FastifyInstance, ctx: Ctx, feed: DepositRateFeed): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  // Two windows, per account and per client IP. KYC is not asked: a claim moves no money until finance
  // approves it, and withdrawals are where identity is checked.
  const limits = ctx.config.rateLimits.recharge;
  const windows = throttle(fastify, [
    { rule: limits.account, key: (req) => `recharge:acct:${customerOf(req).user.id}` },
    { rule: limits.ip, key: (req) => `recharge:ip:${req.ip}` },
  ]);
  // A replay is answered from the stored result, not counted: a client retrying after a lost answer (a node
  // killed mid-request) must get its claim back even when the window has filled since.
  const throttled = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (await isReplay(ctx, req, customerOf(req).user.id)) return;
    await windows(req, reply);
  };
  // A customer at the pending limit is refused before the form (and its image) is even read; the claim
  // checks again under the customer's row lock, which is what makes the limit hold under concurrency.
  const pendingRoom = async (req: FastifyRequest): Promise<void> => {
    const userId = customerOf(req).user.id;
    if (await isReplay(ctx, req, userId)) return;
    await assertPendingRoom(ctx.db, userId, (await depositSettings(ctx.db)).pendingMax);
  };

  app.post(`${base}/recharge`, {
    schema: { body: rechargeFields.extend({ proof: uploadFile }), response: { 200: envelope(deposit) } },
    // onRequest, not preHandler: strangers, demo requests, floods and full queues are refused before any
    // file is read.
    onRequest: [guard, realBookOnly, throttled, pendingRoom],
    handler: async (req, reply) => {
      const { proof, ...fields } = req.body;
      const userId = customerOf(req).user.id;
      const image = await prepareImage(proof, { maxBytes: ctx.config.uploadMaxBytes });
      const fingerprint = { book: 'real', fields, proofSha256: sha256Hex(proof) };
      const kept = await keepRateTick(ctx.db, feed, fields.channelId);
      return idempotent(ctx, req, reply, userId, fingerprint, async (tx) => ({
        result: await claimDeposit(ctx, tx, userId, fields, image, kept),
        messageCode: codes.rechargeSubmitted,
      }));
    },
  });

  app.get(`${base}/listRecharge`, {
    schema: { querystring: pageQuery, response: { 200: envelope(page(deposit)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await listDeposits(ctx.db, customerOf(req).user.id, req.query)),
  });
}
