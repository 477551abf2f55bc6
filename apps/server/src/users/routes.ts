// Routes under /api/swx/customer/user that belong to the account itself.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codes, envelope, userInfoWithBook, repasswordBody } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { bookOf, customerOf, requireCustomer } from '../auth/guard.ts';
import { changePassword } from '../auth/service.ts';
import { getUserInfo } from './service.ts';

export function registerUserRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.post(`${base}/getUserInfo`, {
    schema: { response: { 200: envelope(userInfoWithBook) } },
    onRequest: guard,
    handler: async (req) => ok(req, await getUserInfo(ctx, customerOf(req).user, bookOf(req))),
  });

  app.post(`${base}/repassword`, {
    schema: { body: repasswordBody, response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      const { user, sessionId } = customerOf(req);
      await changePassword(ctx, user, sessionId, req.body.oldPassword, req.body.password);
      return ok(req, null, codes.done);
    },
  });
}
