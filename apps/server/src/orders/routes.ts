// Contracts ("options") under /swx/customer/order: buyOptions, closeOptions, getOptionsOrderById,
// listOptionsOrder, and their settlement (TP/SL, expiry, margin close-out).
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';

/** Registers nothing yet: wired in app.ts now so the orders issue only fills this folder. */
export function registerOrderRoutes(_fastify: FastifyInstance, _ctx: Ctx): void {}
