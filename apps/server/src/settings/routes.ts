// The public parameter route under /api/swx/customer/index, and the back office's editor (editParams).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminParam,
  adminParamBody,
  adminParamParams,
  codes,
  envelope,
  paramKeyParams,
  paramResult,
  paramSetup,
  setupParamKeys,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { findParam } from './service.ts';
import { listParamsForAdmin, updateParam, type ParamChecks } from './admin.ts';
import { missingParams } from './setup.ts';

/**
 * Parameters a domain computes from its own data when read (`deposit_min` from the open deposit channels),
 * registered by key in app.ts: a stored copy could only disagree with what it summarizes.
 */
export type DerivedParams = Readonly<Record<string, (db: DbOrTx) => Promise<string>>>;

/**
 * Called after an operator's change is committed, with its key: a domain that keeps a parameter in memory
 * (the feed: `price_stale_after_s`, `max_slippage_pct`, a disclosed term) reads it again at once rather
 * than at its next refresh, so a quote made right after the change already discloses it.
 */
export type ParamChanged = (key: string) => Promise<void>;

export function registerSettingsRoutes(
  fastify: FastifyInstance,
  ctx: Ctx,
  derived: DerivedParams = {},
  changed: ParamChanged = async () => undefined,
  checks: ParamChecks = {},
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/swx/customer/index/getParamByKey/:key', {
    schema: { params: paramKeyParams, response: { 200: envelope(paramResult) } },
    handler: async (req) => {
      const { key } = req.params;
      const compute = Object.hasOwn(derived, key) ? derived[key] : undefined;
      const param = compute ? { key, value: await compute(ctx.db) } : await findParam(ctx.db, key);
      // A key asked for that does not exist is the caller's mistake (L-6): 404, not the 500 of getParam.
      if (!param) throw new AppError(codes.notFound);
      return ok(req, param);
    },
  });

  // Every role: the dashboard warns each operator, and the channel and auction editors say why they refuse.
  app.get('/admin/api/params/setup', {
    schema: { response: { 200: envelope(paramSetup) } },
    onRequest: requireAdmin(ctx, 'readDashboard'),
    handler: async (req) => ok(req, { missing: await missingParams(ctx.db, setupParamKeys) }),
  });

  const edit = requireAdmin(ctx, 'editParams');
  app.get('/admin/api/params', {
    schema: { response: { 200: envelope(z.array(adminParam)) } },
    onRequest: edit,
    handler: async (req) => ok(req, await listParamsForAdmin(ctx.db, derived)),
  });

  app.post('/admin/api/params/:key', {
    schema: { params: adminParamParams, body: adminParamBody, response: { 200: envelope(adminParam) } },
    onRequest: edit,
    handler: async (req) => {
      const saved = await updateParam(ctx, adminOf(req), req.params.key, req.body, checks, req.locale);
      await changed(req.params.key);
      return ok(req, saved, codes.done);
    },
  });
}
