// Back-office API under /admin/api (CONTRACT.md "Back office").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  page,
  pageQuery,
  adminLoginBody,
  adminLoginResult,
  adminUsersQuery,
  userStatusBody,
  userIdParams,
  userInfo,
  auditRow,
  codes,
  adjustmentBody,
  adjustment,
  adjustmentLimits,
  adjustmentsQuery,
  approveBody,
  cancelAdjustmentBody,
  rejectBody,
  reviewItemParams,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { auditLedger } from '../ledger/service.ts';
import { adminOf, bearerToken, requireAdmin, requireAdminSession } from '../platform/guards.ts';
import type { Secrets } from '../platform/secrets.ts';
import * as admin from './service.ts';
import { adminLogin } from './signin.ts';
import { signInWindows } from './signin-windows.ts';
import { endSessionByToken } from './sessions.ts';
import { registerMeRoutes } from './me-routes.ts';
import { registerStaffRoutes } from './staff-routes.ts';
import {
  adjustmentLimits as limitsInForce,
  approveAdjustment,
  cancelAdjustment,
  listAdjustments,
  rejectAdjustment,
  requestAdjustment,
} from './adjustments.ts';

const ledgerAuditResult = z.object({
  balanced: z.boolean(),
  entryCount: z.number().int(),
  sums: z.record(z.string(), z.string()),
  negativeCustomerAccounts: z.number().int(),
  accountsMatchingPostings: z.boolean(),
});

export function registerAdminRoutes(fastify: FastifyInstance, ctx: Ctx, secrets: Secrets): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api';

  // Failures only, per account and address, per address and per account (signin-windows.ts).
  const windows = signInWindows(fastify, ctx.config.rateLimits.adminSignIn);
  app.post(`${base}/login`, {
    schema: { body: adminLoginBody, response: { 200: envelope(adminLoginResult) } },
    handler: async (req, reply) =>
      ok(
        req,
        await adminLogin(
          ctx,
          secrets,
          req.body,
          { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
          windows.of(req, reply),
        ),
      ),
  });

  registerMeRoutes(fastify, ctx, secrets);
  registerStaffRoutes(fastify, ctx);

  app.get(`${base}/users`, {
    schema: { querystring: adminUsersQuery, response: { 200: envelope(page(userInfo)) } },
    onRequest: requireAdmin(ctx, 'readUsers'),
    handler: async (req) => ok(req, await admin.listUsers(ctx, req.query)),
  });

  app.post(`${base}/users/:id/status`, {
    schema: { params: userIdParams, body: userStatusBody, response: { 200: envelope(userInfo) } },
    onRequest: requireAdmin(ctx, 'setUserStatus'),
    handler: async (req) =>
      ok(
        req,
        await admin.setUserStatus(ctx, adminOf(req), Number(req.params.id), req.body.status, req.body.reason),
        codes.done,
      ),
  });

  app.get(`${base}/audit`, {
    schema: { querystring: pageQuery, response: { 200: envelope(page(auditRow)) } },
    onRequest: requireAdmin(ctx, 'readAudit'),
    handler: async (req) => ok(req, await admin.listAudit(ctx, req.query)),
  });

  app.get(`${base}/ledger/audit`, {
    schema: { response: { 200: envelope(ledgerAuditResult) } },
    onRequest: requireAdmin(ctx, 'readAudit'),
    handler: async (req) => ok(req, await auditLedger(ctx.db)),
  });

  app.post(`${base}/adjustments`, {
    schema: { body: adjustmentBody, response: { 200: envelope(adjustment) } },
    onRequest: requireAdmin(ctx, 'adjustBalances'),
    handler: async (req) => ok(req, await requestAdjustment(ctx, adminOf(req), req.body), codes.submitted),
  });

  // Four eyes: approve and reject by an admin other than the requester (10019), cancel by the requester.
  app.post(`${base}/adjustments/:id/approve`, {
    schema: { params: reviewItemParams, body: approveBody, response: { 200: envelope(adjustment) } },
    onRequest: requireAdmin(ctx, 'adjustBalances'),
    handler: async (req) => {
      const id = Number(req.params.id);
      return ok(req, await approveAdjustment(ctx, adminOf(req), id, req.body?.note || null), codes.done);
    },
  });

  app.post(`${base}/adjustments/:id/reject`, {
    schema: { params: reviewItemParams, body: rejectBody, response: { 200: envelope(adjustment) } },
    onRequest: requireAdmin(ctx, 'adjustBalances'),
    handler: async (req) => {
      const id = Number(req.params.id);
      return ok(req, await rejectAdjustment(ctx, adminOf(req), id, req.body.reason), codes.done);
    },
  });

  app.post(`${base}/adjustments/:id/cancel`, {
    schema: { params: reviewItemParams, body: cancelAdjustmentBody, response: { 200: envelope(adjustment) } },
    onRequest: requireAdmin(ctx, 'adjustBalances'),
    handler: async (req) => {
      const id = Number(req.params.id);
      return ok(req, await cancelAdjustment(ctx, adminOf(req), id, req.body?.reason ?? null), codes.done);
    },
  });

  app.get(`${base}/adjustments`, {
    schema: { querystring: adjustmentsQuery, response: { 200: envelope(page(adjustment)) } },
    onRequest: requireAdmin(ctx, 'readAudit'),
    handler: async (req) => ok(req, await listAdjustments(ctx, req.query)),
  });

  app.get(`${base}/adjustments/limits`, {
    schema: { response: { 200: envelope(adjustmentLimits) } },
    onRequest: requireAdmin(ctx, 'readAudit'),
    handler: async (req) => ok(req, await limitsInForce(ctx)),
  });

  // Signing out needs a session, not a secured one: an operator may leave before securing the account.
  app.post(`${base}/logout`, {
    schema: { response: { 200: envelope(z.null()) } },
    onRequest: requireAdminSession(ctx),
    handler: async (req) => {
      const token = bearerToken(req);
      if (token) await endSessionByToken(ctx.db, token, ctx.clock.now());
      return ok(req, null, codes.done);
    },
  });
}
