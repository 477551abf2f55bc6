// The back office's instrument calls (manageCatalogue): GET /admin/api/instruments (keyword, type, enabled,
// page) and POST /admin/api/instruments/:id (a partial edit with its reason). Thin: schema, guard, service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminInstrument,
  adminInstrumentsQuery,
  adminInstrumentUpdateBody,
  catalogueIdParams,
  codes,
  envelope,
  page,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { ok } from '../platform/http.ts';
import { listInstruments, updateInstrument } from './admin.ts';
import type { Market } from './service.ts';

export function registerInstrumentAdminRoutes(fastify: FastifyInstance, ctx: Ctx, market: Market): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/instruments';
  const manage = requireAdmin(ctx, 'manageCatalogue');

  app.get(base, {
    schema: { querystring: adminInstrumentsQuery, response: { 200: envelope(page(adminInstrument)) } },
    onRequest: manage,
    handler: async (req) => ok(req, await listInstruments(ctx, market, req.query)),
  });

  app.post(`${base}/:id`, {
    schema: {
      params: catalogueIdParams,
      body: adminInstrumentUpdateBody,
      response: { 200: envelope(adminInstrument) },
    },
    onRequest: manage,
    handler: async (req) =>
      ok(
        req,
        await updateInstrument(ctx, market, adminOf(req).id, Number(req.params.id), req.body),
        codes.done,
      ),
  });
}
