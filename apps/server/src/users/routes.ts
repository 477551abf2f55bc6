// Routes under /api/swx/customer/user that belong to the account itself (repassword is auth's, in
// auth/routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, userInfoWithBook } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { bookOf, customerOf, requireCustomer } from '../platform/guards.ts';
import { getUserInfo } from './service.ts';

export function registerUserRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.post(`${base}/getUserInfo`, {
    schema: { response: { 200: envelope(userInfoWithBook) } },
    onRequest: guard,
    handler: async (req) => ok(req, await getUserInfo(ctx, customerOf(req).user.id, bookOf(req))),
  });
}
