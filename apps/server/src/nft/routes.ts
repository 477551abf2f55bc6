// Charity NFT auctions: listNft (public and the customer's), buyNft bids, settlement and the public
// listDonation ledger.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';

/** The settlement job runs on the feed's leader only. */
export type Leadership = { isLeader(): boolean };

/** Registers nothing yet: wired in app.ts now so the nft issue only fills this folder. */
export function registerNftRoutes(_fastify: FastifyInstance, _ctx: Ctx, _leadership: Leadership): void {}
