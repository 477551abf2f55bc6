// Contracts ("options") under /swx/customer/order (CONTRACT.md "Orders"): buyOptions, closeOptions,
// getOptionsOrderById, listOptionsOrder. Thin: validate, resolve the customer and book, read the feed
// before the transaction, call the service inside the idempotent one, answer.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  buyOptionsBody,
  envelope,
  listOptionsQuery,
  optionsContract,
  orderIdParams,
  page,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { ok } from '../platform/http.ts';
import { idempotent } from '../platform/idempotency.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import type { OptionOrderRow } from './tables.ts';
import type { Orders } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orders domain (its settlement engine), for tests and benchmarks. */
    orders: Orders;
  }
}

export function registerOrderRoutes(fastify: FastifyInstance, ctx: Ctx, orders: Orders): void {
  fastify.decorate('orders', orders);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/order';
  const guard = requireCustomer(ctx);

  app.post(`${base}/buyOptions`, {
    schema: { body: buyOptionsBody, response: { 200: envelope(optionsContract) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const book = bookOf(req);
      const market = await orders.openMarket(req.body.code);
      let opened: OptionOrderRow | undefined;
      await idempotent(ctx, req, reply, user.id, { book, ...req.body }, async (tx) => {
        opened = await orders.open(tx, user.id, book, req.body, market);
        return { result: await orders.view(opened, tx) };
      });
      // After the commit: the engine judges the new contract from its opening tick.
      if (opened) orders.engine.watch(opened);
      return reply;
    },
  });

  app.post(`${base}/closeOptions/:id`, {
    schema: { params: orderIdParams, response: { 200: envelope(optionsContract) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const book = bookOf(req);
      const id = Number(req.params.id);
      const { tick } = await orders.closingTick(user.id, book, id);
      return idempotent(ctx, req, reply, user.id, { book, id }, async (tx) => ({
        result: await orders.view(await orders.closeByOwner(tx, user.id, book, id, tick), tx),
      }));
    },
  });

  app.get(`${base}/getOptionsOrderById/:id`, {
    schema: { params: orderIdParams, response: { 200: envelope(optionsContract) } },
    onRequest: guard,
    handler: async (req) => {
      const row = await orders.mine(ctx.db, customerOf(req).user.id, bookOf(req), Number(req.params.id));
      return ok(req, await orders.view(row, ctx.db));
    },
  });

  app.get(`${base}/listOptionsOrder`, {
    schema: { querystring: listOptionsQuery, response: { 200: envelope(page(optionsContract)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await orders.list(customerOf(req).user.id, bookOf(req), req.query)),
  });
}
