// The dashboard and the CSV exports under /admin/api (issue 13). GET only: they read, and an export leaves an
// audit row saying who took which rows out (the kind and the range) before the first byte is sent.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboard, envelope, exportKinds, exportQuery } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { writeAudit } from '../platform/audit.ts';
import type { Market } from '../market/service.ts';
import type { MarkPrices } from '../orders/exposure.ts';
import { dashboardOf } from './dashboard.ts';
import { exportCsv, exportFileName } from './exports.ts';

export function registerDashboardRoutes(fastify: FastifyInstance, ctx: Ctx, market: Market): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api';
  const marks: MarkPrices = (code) => market.snapshot.get(code)?.lastPrice?.priceMinor;

  app.get(`${base}/dashboard`, {
    schema: { response: { 200: envelope(dashboard) } },
    onRequest: requireAdmin(ctx, 'readDashboard'),
    handler: async (req) => {
      const nowMs = ctx.clock.now();
      return ok(req, await dashboardOf(ctx.db, marks, nowMs, market.feed.liveSources(nowMs)));
    },
  });

  // One route per kind, each named in full, so the route list says exactly what can be exported.
  for (const kind of exportKinds) {
    app.get(`${base}/export/${kind}.csv`, {
      schema: { querystring: exportQuery },
      onRequest: requireAdmin(ctx, 'exportData'),
      handler: async (req, reply) => {
        const { from, to } = req.query;
        await writeAudit(
          ctx.db,
          {
            adminId: adminOf(req).id,
            action: 'export.csv',
            target: `export:${kind}`,
            after: { kind, from, to },
          },
          new Date(ctx.clock.now()),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${exportFileName(kind, req.query)}"`)
          .header('cache-control', 'private, no-store')
          .send(exportCsv(ctx.db, kind, req.query));
      },
    });
  }
}
