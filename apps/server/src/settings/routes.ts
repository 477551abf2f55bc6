// The public parameter route under /api/swx/customer/index.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, paramKeyParams, paramResult } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { getParam } from './service.ts';

export function registerSettingsRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/swx/customer/index/getParamByKey/:key', {
    schema: { params: paramKeyParams, response: { 200: envelope(paramResult) } },
    handler: async (req) => ok(req, await getParam(ctx.db, req.params.key)),
  });
}
