// Market calls: public ones under /api/swx/customer/index, the watchlist under /api/swx/customer/user,
// the generated logos, and the live-price WebSocket at /api/ws.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/websocket';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeParams,
  codes,
  envelope,
  klineQuery,
  listMarketQuery,
  marketInfo,
  marketItem,
  marketStats,
  searchMarketQuery,
  candle,
  watchBody,
  type MarketItem,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import { instrumentLogo } from './admin.ts';
import { registerInstrumentAdminRoutes } from './admin-routes.ts';
import { logoSvg } from './logo.ts';
import { named } from './names.ts';
import { socketGate } from './socket-gate.ts';
import type { Market } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The market service, for the domains that price things (orders, settlement) and for tests. */
    market: Market;
  }
}

/** Market items named in the request's language (names.ts). */
const inLocale = (items: MarketItem[], req: FastifyRequest) => items.map((i) => named(i, req.locale));

const logoParams = z.strictObject({ file: z.string().regex(/^[A-Za-z0-9]{1,20}\.(svg|png)$/) });

export function registerMarketRoutes(fastify: FastifyInstance, ctx: Ctx, market: Market): void {
  fastify.decorate('market', market);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const index = '/api/swx/customer/index';
  registerInstrumentAdminRoutes(fastify, ctx, market);

  app.get(`${index}/listMarketByType`, {
    schema: { querystring: listMarketQuery, response: { 200: envelope(z.array(marketItem)) } },
    handler: async (req) =>
      ok(req, inLocale(market.queries.list(req.query.type, req.query.keyword, req.query.limit), req)),
  });

  app.get(`${index}/searchMarket`, {
    schema: { querystring: searchMarketQuery, response: { 200: envelope(z.array(marketItem)) } },
    handler: async (req) => ok(req, inLocale(market.queries.search(req.query.keyword, req.query.limit), req)),
  });

  app.get(`${index}/getMarketInfo/:code`, {
    schema: { params: codeParams, response: { 200: envelope(marketInfo) } },
    handler: async (req) => ok(req, named(market.queries.info(req.params.code), req.locale)),
  });

  app.get(`${index}/getKValueByCodeAndDate`, {
    schema: { querystring: klineQuery, response: { 200: envelope(z.array(candle)) } },
    handler: async (req) => ok(req, await market.queries.klines(req.query)),
  });

  app.get(`${index}/stats`, {
    schema: { response: { 200: envelope(marketStats) } },
    handler: async (req) => ok(req, await market.stats.read()),
  });

  app.get(`${index}/logo/:file`, {
    schema: { params: logoParams, hide: true },
    handler: async (req, reply) => {
      const [code = '', kind] = req.params.file.split('.');
      const i = market.catalogue.get(code);
      if (!i) throw new AppError(codes.notFound);
      if (kind === 'png') {
        // A logo uploaded in the back office; its URL carries the image's hash, so a new one is a new URL.
        const logo = await instrumentLogo(ctx.db, i.id);
        if (!logo) throw new AppError(codes.notFound);
        return reply
          .type('image/png')
          .header('cache-control', 'public, max-age=86400')
          .header('etag', `"${logo.sha256}"`)
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(logo.png));
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(logoSvg(i));
    },
  });

  const user = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.get(`${user}/listWatch`, {
    schema: { response: { 200: envelope(z.array(marketItem)) } },
    preHandler: guard,
    handler: async (req) => ok(req, inLocale(await market.watchlist.list(customerOf(req).user.id), req)),
  });

  app.post(`${user}/watch`, {
    schema: { body: watchBody, response: { 200: envelope(z.array(marketItem)) } },
    preHandler: guard,
    handler: async (req) =>
      ok(req, inLocale(await market.watchlist.watch(customerOf(req).user.id, req.body.code), req)),
  });

  app.post(`${user}/unwatch`, {
    schema: { body: watchBody, response: { 200: envelope(z.array(marketItem)) } },
    preHandler: guard,
    handler: async (req) =>
      ok(req, inLocale(await market.watchlist.unwatch(customerOf(req).user.id, req.body.code), req)),
  });
}

export function registerMarketSocket(app: FastifyInstance, ctx: Ctx, market: Market): void {
  const gate = socketGate(ctx.config);
  app.get(
    '/api/ws',
    { websocket: true, schema: { hide: true }, preValidation: gate.check },
    (socket, req) => {
      if (gate.admit(req, socket)) market.hub.add(socket);
    },
  );
}
