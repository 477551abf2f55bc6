// The back office's read-only view of contracts under /admin/api: positions and the platform's exposure.
// GET only, on purpose: no staff call opens, closes or changes a contract, or names a price (DESIGN.md §1.3).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminExposureQuery,
  adminPosition,
  adminPositionsQuery,
  envelope,
  exposure,
  page,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { requireAdmin } from '../platform/guards.ts';
import type { Market } from '../market/service.ts';
import { listPositions } from './admin-positions.ts';
import { exposureOf, type MarkPrices } from './exposure.ts';

export function registerOrderAdminRoutes(fastify: FastifyInstance, ctx: Ctx, market: Market): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api';
  const marks: MarkPrices = (code) => market.snapshot.get(code)?.lastPrice?.priceMinor;

  app.get(`${base}/positions`, {
    schema: { querystring: adminPositionsQuery, response: { 200: envelope(page(adminPosition)) } },
    onRequest: requireAdmin(ctx, 'readPositions'),
    handler: async (req) => ok(req, await listPositions(ctx.db, req.query, marks)),
  });

  app.get(`${base}/exposure`, {
    schema: { querystring: adminExposureQuery, response: { 200: envelope(exposure) } },
    onRequest: requireAdmin(ctx, 'readPositions'),
    handler: async (req) => ok(req, await exposureOf(ctx.db, req.query.book, marks, ctx.clock.now())),
  });
}
