// GET /api/swx/customer/index/getTick/{id} (public): the recorded tick an order, a settlement or a deposit
// rate names, so anyone can check the price behind a figure. Kept ticks never change, so answers are
// cacheable for as long as the tick exists.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codes, envelope, tick, tickParams } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { keptTick } from './ticks.ts';

export function registerTickRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/swx/customer/index/getTick/:id', {
    schema: { params: tickParams, response: { 200: envelope(tick) } },
    handler: async (req, reply) => {
      const found = await keptTick(ctx.db, Number(req.params.id));
      if (!found) throw new AppError(codes.notFound);
      void reply.header('cache-control', 'public, max-age=3600');
      return ok(req, found);
    },
  });
}
