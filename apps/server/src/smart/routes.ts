// Smart plans (CONTRACT.md "Orders", "Market and content"; issue 10): listSmartProduct (public), buySmart,
// listSmartOrder, getSmartOrderById, redeemSmart, smartAutoRenew (the back office's product editing, admin.ts,
// is registered by app.ts, which hands it the loans its rates are checked against).
// Thin: validate, resolve the customer and book, call the service inside the idempotent transaction, answer.
// The daily interest job starts here on the feed's leader.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  buySmartBody,
  codes,
  envelope,
  listSmartOrderQuery,
  page,
  redeemSmartBody,
  smartAutoRenewBody,
  smartOrder,
  smartOrderIdParams,
  smartProduct,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { ok } from '../platform/http.ts';
import { idempotent } from '../platform/idempotency.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import { listProducts } from './products.ts';
import { seedSmartProducts } from './seed.ts';
import { SmartPlans, type Leadership, type SmartOptions } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The smart-plans domain (its interest job), for tests. */
    smart: SmartPlans;
  }
}

export function registerSmartRoutes(
  fastify: FastifyInstance,
  ctx: Ctx,
  leadership: Leadership,
  options: SmartOptions = {},
): SmartPlans {
  const smart = new SmartPlans(ctx, leadership, options);
  fastify.decorate('smart', smart);
  // Seeded and started once the server is ready (the database is migrated by then); stopped on close.
  fastify.addHook('onReady', async () => {
    await seedSmartProducts(ctx.db, new Date(ctx.clock.now()));
    smart.start();
  });
  fastify.addHook('onClose', async () => smart.stop());

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/order';
  const guard = requireCustomer(ctx);

  app.get('/api/swx/customer/index/listSmartProduct', {
    schema: { response: { 200: envelope(z.array(smartProduct)) } },
    handler: async (req) => ok(req, await listProducts(ctx.db, req.locale)),
  });

  app.post(`${base}/buySmart`, {
    schema: { body: buySmartBody, response: { 200: envelope(smartOrder) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const book = bookOf(req);
      return idempotent(ctx, req, reply, user.id, { book, ...req.body }, async (tx) => {
        const row = await smart.buy(tx, user.id, book, req.body);
        return { result: await smart.view(tx, row, req.locale), messageCode: codes.purchased };
      });
    },
  });

  app.get(`${base}/listSmartOrder`, {
    schema: { querystring: listSmartOrderQuery, response: { 200: envelope(page(smartOrder)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await smart.list(customerOf(req).user.id, req.locale, req.query)),
  });

  app.get(`${base}/getSmartOrderById/:id`, {
    schema: { params: smartOrderIdParams, response: { 200: envelope(smartOrder) } },
    onRequest: guard,
    handler: async (req) => {
      const row = await smart.mine(customerOf(req).user.id, Number(req.params.id));
      return ok(req, await smart.view(ctx.db, row, req.locale));
    },
  });

  app.post(`${base}/redeemSmart/:id`, {
    schema: { params: smartOrderIdParams, body: redeemSmartBody, response: { 200: envelope(smartOrder) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const id = Number(req.params.id);
      const { quotedPenalty } = req.body;
      return idempotent(ctx, req, reply, user.id, { id, quotedPenalty }, async (tx) => {
        const row = await smart.redeem(tx, user.id, id, quotedPenalty);
        return { result: await smart.view(tx, row, req.locale), messageCode: codes.done };
      });
    },
  });

  app.post(`${base}/smartAutoRenew/:id`, {
    schema: { params: smartOrderIdParams, body: smartAutoRenewBody, response: { 200: envelope(smartOrder) } },
    onRequest: guard,
    handler: async (req) => {
      const row = await smart.setAutoRenew(
        customerOf(req).user.id,
        Number(req.params.id),
        req.body.autoRenew,
      );
      return ok(req, await smart.view(ctx.db, row, req.locale));
    },
  });

  return smart;
}
