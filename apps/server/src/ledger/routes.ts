// Customer routes on the ledger: records of the selected book and the demo reset.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codes, envelope, page, fundRecord, fundRecordQuery } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import { listFundRecords, resetDemo } from './records.ts';

export function registerLedgerRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.get(`${base}/listFundRecord`, {
    schema: { querystring: fundRecordQuery, response: { 200: envelope(page(fundRecord)) } },
    onRequest: guard,
    handler: async (req) =>
      ok(req, await listFundRecords(ctx, customerOf(req).user.id, bookOf(req), req.query)),
  });

  app.post(`${base}/resetDemo`, {
    schema: { response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      await resetDemo(ctx, customerOf(req).user.id);
      return ok(req, null, codes.done);
    },
  });
}
