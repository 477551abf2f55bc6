// Deposit channel routes: the public list (open channels with their indicative rate from the feed) and the
// back office's list, create and update (manageCatalogue).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  page,
  depositChannel,
  depositChannelAdmin,
  depositChannelCreateBody,
  depositChannelParams,
  depositChannelUpdateBody,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { createChannel, listChannelsForAdmin, listDepositChannels, updateChannel } from './channels.ts';
import type { DepositRateFeed } from './deposit-rates.ts';

export function registerDepositChannelRoutes(
  fastify: FastifyInstance,
  ctx: Ctx,
  feed: DepositRateFeed,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const admin = '/admin/api/deposit-channels';
  const manage = requireAdmin(ctx, 'manageCatalogue');

  app.get('/api/swx/customer/index/listDepositChannel', {
    schema: { response: { 200: envelope(z.array(depositChannel)) } },
    handler: async (req) => ok(req, await listDepositChannels(ctx.db, feed)),
  });

  app.get(admin, {
    schema: { response: { 200: envelope(page(depositChannelAdmin)) } },
    onRequest: manage,
    handler: async (req) => ok(req, await listChannelsForAdmin(ctx.db, feed)),
  });

  app.post(admin, {
    schema: { body: depositChannelCreateBody, response: { 200: envelope(depositChannelAdmin) } },
    onRequest: manage,
    handler: async (req) => ok(req, await createChannel(ctx, feed, adminOf(req), req.body), codes.done),
  });

  app.post(`${admin}/:id`, {
    schema: {
      params: depositChannelParams,
      body: depositChannelUpdateBody,
      response: { 200: envelope(depositChannelAdmin) },
    },
    onRequest: manage,
    handler: async (req) =>
      ok(req, await updateChannel(ctx, feed, adminOf(req), Number(req.params.id), req.body), codes.done),
  });
}
