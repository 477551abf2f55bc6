// Public content routes under /api/swx/customer/index.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  contentListParams,
  contentItem,
  contentIdParams,
  contentDetail,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { getContent, listContents } from './service.ts';

export function registerContentRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/index';

  app.get(`${base}/listContents/:id`, {
    schema: { params: contentListParams, response: { 200: envelope(z.array(contentItem)) } },
    handler: async (req) => ok(req, await listContents(ctx.db, req.params.id === '1' ? 1 : 2)),
  });

  app.get(`${base}/getContentsById/:id`, {
    schema: { params: contentIdParams, response: { 200: envelope(contentDetail) } },
    handler: async (req) => ok(req, await getContent(ctx.db, Number(req.params.id))),
  });
}
