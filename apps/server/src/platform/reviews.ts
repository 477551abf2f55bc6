// The review registry: one route set for every queue under /admin/api/reviews/{kind}. Domains register a
// handler per kind (app.ts wires them by hand); each kind's routes declare the contract's item schema of
// that kind as their response, so the wire shape is checked and documented per kind.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  codes,
  envelope,
  page,
  rejectBody,
  reviewItemParams,
  reviewListQuery,
  reviewQueues,
  type AdminPermission,
  type ApprovalOf,
  type Page,
  type ReviewItemOf,
  type ReviewQueueKind,
} from '@tradewind/contract';
import { ok } from './http.ts';
import type { Ctx } from './context.ts';
import type { AdminIdentity } from './admin-identity.ts';
import { adminOf, requireAdmin } from './guards.ts';

export type ReviewQuery<K extends ReviewQueueKind> = z.infer<ReturnType<typeof reviewListQuery<K>>>;

export type ReviewHandler<K extends ReviewQueueKind> = {
  /** Who may read and decide this queue (finance: money; compliance: KYC; superadmin: all). */
  permission: AdminPermission;
  list: (ctx: Ctx, q: ReviewQuery<K>) => Promise<Page<ReviewItemOf<K>>>;
  /** `approval`: the whole body, for what a kind asks besides the note (a withdrawal's payout hash). */
  approve: (
    ctx: Ctx,
    admin: AdminIdentity,
    id: number,
    note: string | null,
    approval: ApprovalOf<K>,
  ) => Promise<ReviewItemOf<K>>;
  reject: (ctx: Ctx, admin: AdminIdentity, id: number, reason: string) => Promise<ReviewItemOf<K>>;
};
export type ReviewHandlers = { [K in ReviewQueueKind]?: ReviewHandler<K> };

/** Registers the routes of every registered kind; an unregistered kind (loans, for now) answers 10111. */
export function registerReviewRoutes(fastify: FastifyInstance, ctx: Ctx, handlers: ReviewHandlers): void {
  const register = <K extends ReviewQueueKind>(kind: K) => {
    const handler = handlers[kind];
    if (handler) registerQueue(fastify, ctx, kind, handler);
  };
  for (const kind of Object.keys(reviewQueues) as ReviewQueueKind[]) register(kind);
}

function registerQueue<K extends ReviewQueueKind>(
  fastify: FastifyInstance,
  ctx: Ctx,
  kind: K,
  handler: ReviewHandler<K>,
): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `/admin/api/reviews/${kind}`;
  const item: (typeof reviewQueues)[K]['item'] = reviewQueues[kind].item;
  // Any admin session is checked before the body is read; the kind's permission before anything is read.
  const onRequest = requireAdmin(ctx, handler.permission);

  app.get(base, {
    schema: { querystring: reviewListQuery(kind), response: { 200: envelope(page(item)) } },
    onRequest,
    handler: async (req) => ok(req, await handler.list(ctx, req.query)),
  });

  app.post(`${base}/:id/approve`, {
    schema: { params: reviewItemParams, body: reviewQueues[kind].approve, response: { 200: envelope(item) } },
    onRequest,
    handler: async (req) => {
      // The body was checked against this kind's own schema above; K is generic here, so TypeScript cannot
      // narrow the type provider's union to it.
      const approval = (req.body ?? {}) as ApprovalOf<K>;
      const note = approval.note || null;
      const decided = await handler.approve(ctx, adminOf(req), Number(req.params.id), note, approval);
      return ok(req, decided, codes.done);
    },
  });

  app.post(`${base}/:id/reject`, {
    schema: { params: reviewItemParams, body: rejectBody, response: { 200: envelope(item) } },
    onRequest,
    handler: async (req) => {
      const decided = await handler.reject(ctx, adminOf(req), Number(req.params.id), req.body.reason);
      return ok(req, decided, codes.done);
    },
  });
}
