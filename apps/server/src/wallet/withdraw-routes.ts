// Customer routes for withdrawals under /api/swx/customer/user: methods, the fee quote, the request, the list.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  page,
  pageQuery,
  removeWithdrawalMethodBody,
  saveWithdrawalMethodBody,
  withdrawal,
  withdrawalBody,
  withdrawalMethod,
  withdrawalPause,
  withdrawalQuote,
  withdrawalQuoteQuery,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { answeredBefore, idempotent } from '../platform/idempotency.ts';
import type { Ctx } from '../platform/context.ts';
import type { Secrets } from '../platform/secrets.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import { passwordTries } from '../platform/throttle.ts';
import { assertSecondFactor } from '../auth/second-factor.ts';
import { listMethods, removeMethod, saveMethod } from './methods.ts';
import { pausedUntil } from './withdraw-cooldown.ts';
import { authorizeWithdrawal, listWithdrawals, placeWithdrawal, quoteWithdrawal } from './withdraw.ts';

export function registerWithdrawalRoutes(fastify: FastifyInstance, ctx: Ctx, secrets: Secrets): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);
  // Both calls check the customer's password: their tries share one window (M-2).
  const tries = passwordTries(fastify, ctx.config);
  const withPassword = [guard, tries];
  // A retry of an answered withdrawal gets its first answer back (idempotency), not a 10180: it is not a
  // new password try, and a client retrying after a lost answer must learn what happened.
  const withdrawalTries = async (req: FastifyRequest, reply: FastifyReply) => {
    if (await answeredBefore(ctx, req, customerOf(req).user.id)) return;
    await tries(req, reply);
  };

  app.post(`${base}/withdrawalType/save`, {
    schema: { body: saveWithdrawalMethodBody, response: { 200: envelope(withdrawalMethod) } },
    onRequest: withPassword,
    handler: async (req) =>
      ok(req, await saveMethod(ctx, secrets, customerOf(req).user.id, req.body), codes.done),
  });

  app.post(`${base}/withdrawalType/list`, {
    schema: { response: { 200: envelope(z.array(withdrawalMethod)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await listMethods(ctx, customerOf(req).user.id)),
  });

  app.post(`${base}/withdrawalType/remove`, {
    schema: { body: removeWithdrawalMethodBody, response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      await removeMethod(ctx, customerOf(req).user.id, Number(req.body.id));
      return ok(req, null, codes.done);
    },
  });

  app.get(`${base}/withdrawalPause`, {
    schema: { response: { 200: envelope(withdrawalPause) } },
    onRequest: guard,
    handler: async (req) => {
      const now = new Date(ctx.clock.now());
      return ok(req, { pausedUntil: await pausedUntil(ctx.db, customerOf(req).user.id, now) });
    },
  });

  app.get(`${base}/withdrawalQuote`, {
    schema: { querystring: withdrawalQuoteQuery, response: { 200: envelope(withdrawalQuote) } },
    onRequest: guard,
    handler: async (req) => ok(req, await quoteWithdrawal(ctx.db, req.query.amount)),
  });

  app.post(`${base}/withdrawal`, {
    schema: { body: withdrawalBody, response: { 200: envelope(withdrawal) } },
    onRequest: [guard, withdrawalTries],
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const book = bookOf(req);
      const { methodId, amount, password, otp, quotedFee } = req.body;
      await authorizeWithdrawal(ctx.db, user.id, book, password);
      // Before the key is claimed, like the password: a missing or wrong code must not use up the key.
      await assertSecondFactor(ctx, ctx.db, user, { otp });
      const now = new Date(ctx.clock.now());
      return idempotent(ctx, req, reply, user.id, { book, methodId, amount, quotedFee }, async (tx) => ({
        result: await placeWithdrawal(tx, { userId: user.id, methodId, amount, quotedFee, now }),
        messageCode: codes.withdrawalSubmitted,
      }));
    },
  });

  app.get(`${base}/listWithdrwal`, {
    schema: { querystring: pageQuery, response: { 200: envelope(page(withdrawal)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await listWithdrawals(ctx, customerOf(req).user.id, req.query)),
  });
}
