// GET /admin/api/public-url: PUBLIC_URL and the listening port, for the dashboard's warning when the back
// office is open at another address than the one invite links point to (platform/public-url.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPublicUrl, envelope } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { requireAdmin } from '../platform/guards.ts';

export function registerPublicUrlRoute(fastify: FastifyInstance, ctx: Ctx): void {
  fastify.withTypeProvider<ZodTypeProvider>().get('/admin/api/public-url', {
    schema: { response: { 200: envelope(adminPublicUrl) } },
    onRequest: requireAdmin(ctx, 'readDashboard'),
    handler: async (req) => ok(req, { publicUrl: ctx.config.publicUrl, port: ctx.config.port }),
  });
}
