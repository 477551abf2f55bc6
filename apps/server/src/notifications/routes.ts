// Customer routes on the signed-in user's notifications: the list (newest first, with the unread count)
// and marking read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codes, envelope, pageQuery, notificationPage, readNotificationBody } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import { listNotifications, readNotifications } from './service.ts';

export function registerNotificationRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.get(`${base}/listNotification`, {
    schema: { querystring: pageQuery, response: { 200: envelope(notificationPage) } },
    onRequest: guard,
    handler: async (req) =>
      ok(
        req,
        await listNotifications(ctx.db, customerOf(req).user.id, req.locale, req.query.page, req.query.size),
      ),
  });

  app.post(`${base}/readNotification`, {
    schema: { body: readNotificationBody, response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      const { id, ids } = req.body ?? {};
      const chosen = id === undefined && ids === undefined ? undefined : [id ?? [], ids ?? []].flat();
      await readNotifications(
        ctx.db,
        customerOf(req).user.id,
        chosen?.map(Number),
        new Date(ctx.clock.now()),
      );
      return ok(req, null, codes.done);
    },
  });
}
