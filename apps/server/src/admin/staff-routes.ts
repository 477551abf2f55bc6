// Staff accounts under /admin/api/staff (manageStaff): thin routes over staff.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSessionRow,
  codes,
  createStaffBody,
  envelope,
  page,
  staffIdParams,
  staffPasswordResult,
  staffQuery,
  staffResetBody,
  staffRoleBody,
  staffRow,
  staffSignOutBody,
  staffSignOutResult,
  staffStatusBody,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import {
  createStaff,
  listStaff,
  resetStaffPassword,
  setStaffRole,
  setStaffStatus,
  signOutStaff,
  staffSessions,
} from './staff.ts';

export function registerStaffRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/staff';
  const guard = requireAdmin(ctx, 'manageStaff');

  app.get(base, {
    schema: { querystring: staffQuery, response: { 200: envelope(page(staffRow)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await listStaff(ctx, req.query)),
  });

  app.post(base, {
    schema: { body: createStaffBody, response: { 200: envelope(staffPasswordResult) } },
    onRequest: guard,
    handler: async (req) => ok(req, await createStaff(ctx, adminOf(req), req.body), codes.done),
  });

  app.post(`${base}/:id/status`, {
    schema: { params: staffIdParams, body: staffStatusBody, response: { 200: envelope(staffRow) } },
    onRequest: guard,
    handler: async (req) =>
      ok(
        req,
        await setStaffStatus(ctx, adminOf(req), Number(req.params.id), req.body.status, req.body.reason),
        codes.done,
      ),
  });

  app.post(`${base}/:id/role`, {
    schema: { params: staffIdParams, body: staffRoleBody, response: { 200: envelope(staffRow) } },
    onRequest: guard,
    handler: async (req) =>
      ok(
        req,
        await setStaffRole(ctx, adminOf(req), Number(req.params.id), req.body.role, req.body.reason),
        codes.done,
      ),
  });

  app.post(`${base}/:id/reset-password`, {
    schema: { params: staffIdParams, body: staffResetBody, response: { 200: envelope(staffPasswordResult) } },
    onRequest: guard,
    handler: async (req) =>
      ok(req, await resetStaffPassword(ctx, adminOf(req), Number(req.params.id), req.body), codes.done),
  });

  app.post(`${base}/:id/sign-out`, {
    schema: {
      params: staffIdParams,
      body: staffSignOutBody,
      response: { 200: envelope(staffSignOutResult) },
    },
    onRequest: guard,
    handler: async (req) =>
      ok(req, await signOutStaff(ctx, adminOf(req), Number(req.params.id), req.body.reason), codes.done),
  });

  app.get(`${base}/:id/sessions`, {
    schema: { params: staffIdParams, response: { 200: envelope(z.array(adminSessionRow)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await staffSessions(ctx, Number(req.params.id))),
  });
}
