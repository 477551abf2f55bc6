// Review queues (deposits, withdrawals, KYC, loans): one route set, one handler per kind.
// Each decision is role-checked, audited and notified by the kind's handler in its own transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codes, envelope, idString, type AdminPermission, type Page } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from './guard.ts';
import { can, type AdminIdentity } from './service.ts';

export const reviewKinds = ['deposits', 'withdrawals', 'kyc', 'loans'] as const;
export type ReviewKind = (typeof reviewKinds)[number];

export type ReviewQuery = { status?: string | undefined; page: number; size: number };

export type ReviewHandler = {
  permission: AdminPermission;
  list: (ctx: Ctx, q: ReviewQuery) => Promise<Page<unknown>>;
  approve: (ctx: Ctx, admin: AdminIdentity, id: number, note: string | undefined) => Promise<unknown>;
  reject: (ctx: Ctx, admin: AdminIdentity, id: number, reason: string) => Promise<unknown>;
};

const kindParams = z.strictObject({ kind: z.enum(reviewKinds) });
const itemParams = z.strictObject({ kind: z.enum(reviewKinds), id: idString });
const listQuery = z.strictObject({
  status: z.string().max(16).optional(),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export function registerReviewRoutes(
  fastify: FastifyInstance,
  ctx: Ctx,
  handlers: Partial<Record<ReviewKind, ReviewHandler>>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/reviews';
  const handlerFor = (kind: ReviewKind): ReviewHandler => {
    const h = handlers[kind];
    if (!h) throw new AppError(codes.notFound);
    return h;
  };
  // Any admin may reach the route; the kind's own permission is checked before anything is read.
  const anyAdmin = requireAdmin(ctx, 'readAudit');
  const allowed = (admin: AdminIdentity, permission: AdminPermission) => {
    if (!can(admin, permission)) throw new AppError(codes.authStatusWrong);
  };

  app.get(`${base}/:kind`, {
    schema: { params: kindParams, querystring: listQuery, response: { 200: envelope(z.unknown()) } },
    onRequest: anyAdmin,
    handler: async (req) => {
      const h = handlerFor(req.params.kind);
      allowed(adminOf(req), h.permission);
      return ok(req, await h.list(ctx, req.query));
    },
  });

  app.post(`${base}/:kind/:id/approve`, {
    schema: {
      params: itemParams,
      body: z.strictObject({ note: z.string().max(500).optional() }).nullish(),
      response: { 200: envelope(z.unknown()) },
    },
    onRequest: anyAdmin,
    handler: async (req) => {
      const h = handlerFor(req.params.kind);
      allowed(adminOf(req), h.permission);
      return ok(req, await h.approve(ctx, adminOf(req), Number(req.params.id), req.body?.note), codes.done);
    },
  });

  app.post(`${base}/:kind/:id/reject`, {
    schema: {
      params: itemParams,
      body: z.strictObject({ reason: z.string().trim().min(1).max(500) }),
      response: { 200: envelope(z.unknown()) },
    },
    onRequest: anyAdmin,
    handler: async (req) => {
      const h = handlerFor(req.params.kind);
      allowed(adminOf(req), h.permission);
      return ok(req, await h.reject(ctx, adminOf(req), Number(req.params.id), req.body.reason), codes.done);
    },
  });
}
