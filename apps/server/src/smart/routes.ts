// Smart plans: listSmartProduct, buySmart, redeemSmart, listSmartOrder, and the daily interest job.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';

/** Registers nothing yet: wired in app.ts now so the smart issue only fills this folder. */
export function registerSmartRoutes(_fastify: FastifyInstance, _ctx: Ctx): void {}
