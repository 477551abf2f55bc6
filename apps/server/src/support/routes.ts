// The built-in support inbox: /swx/customer/support/send and /list, and the staff replies in the back
// office.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';

/** Registers nothing yet: wired in app.ts now so the support issue only fills this folder. */
export function registerSupportRoutes(_fastify: FastifyInstance, _ctx: Ctx): void {}
