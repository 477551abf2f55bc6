// Charity NFT auctions (CONTRACT.md; issue 11): the public collection (listNft, getNftById, the artwork,
// listDonation), bids (buyNft, idempotent) and the customer's auctions (user/listNft), and the back office's
// routes. Thin: validate, resolve the customer and book, call the service, answer. The settlement job
// starts here on the feed's leader.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  buyNftBody,
  codes,
  donationPage,
  envelope,
  listMyNftQuery,
  listNftQuery,
  myNft,
  nft,
  nftBid,
  nftDetail,
  nftIdParams,
  page,
  pageQuery,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { ok } from '../platform/http.ts';
import { idempotent } from '../platform/idempotency.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import { registerNftAdminRoutes } from './admin.ts';
import { listDonations } from './donations.ts';
import { seedNfts } from './seed.ts';
import { NftAuctions, type Leadership, type NftOptions } from './service.ts';
import { nftImagePath } from './view.ts';

export type { Leadership } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The charity-auction domain (its settlement job), for tests. */
    nft: NftAuctions;
  }
}

export function registerNftRoutes(
  fastify: FastifyInstance,
  ctx: Ctx,
  leadership: Leadership,
  options: NftOptions = {},
): NftAuctions {
  const auctions = new NftAuctions(ctx, leadership, options);
  fastify.decorate('nft', auctions);
  // Seeded and started once the server is ready (the database is migrated by then); stopped on close.
  fastify.addHook('onReady', async () => {
    await seedNfts(ctx.db, new Date(ctx.clock.now()));
    auctions.start();
  });
  fastify.addHook('onClose', async () => auctions.stop());

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const index = '/api/swx/customer/index';
  const user = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.get(`${index}/listNft`, {
    schema: { querystring: listNftQuery, response: { 200: envelope(page(nft)) } },
    handler: async (req) => ok(req, await auctions.list(req.locale, req.query)),
  });

  app.get(`${index}/getNftById/:id`, {
    schema: { params: nftIdParams, response: { 200: envelope(nftDetail) } },
    handler: async (req) => ok(req, await auctions.detail(Number(req.params.id), req.locale)),
  });

  // The artwork as PNG. Its URL carries the image's hash (`?v=`), so a version can be cached for good.
  // Hidden from the API document like the instrument logos: it answers bytes, not the envelope.
  app.get(`${nftImagePath}/:id`, {
    schema: { params: nftIdParams, hide: true },
    handler: async (req, reply) => {
      const { png, sha256 } = await auctions.image(Number(req.params.id));
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .send(png);
    },
  });

  app.get(`${index}/listDonation`, {
    schema: { querystring: pageQuery, response: { 200: envelope(donationPage) } },
    handler: async (req) => ok(req, await listDonations(ctx.db, req.query)),
  });

  app.post(`${user}/buyNft`, {
    schema: { body: buyNftBody, response: { 200: envelope(nftBid) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user: customer } = customerOf(req);
      const book = bookOf(req);
      return idempotent(ctx, req, reply, customer.id, { book, ...req.body }, async (tx) => ({
        result: await auctions.bid(tx, customer.id, book, req.body, req.locale),
        messageCode: codes.done,
      }));
    },
  });

  app.get(`${user}/listNft`, {
    schema: { querystring: listMyNftQuery, response: { 200: envelope(page(myNft)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await auctions.mine(customerOf(req).user.id, req.locale, req.query)),
  });

  registerNftAdminRoutes(fastify, ctx);
  return auctions;
}
