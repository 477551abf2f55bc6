// The built-in support inbox: the customer's /swx/customer/support/* calls and the staff's
// /admin/api/support/* calls (answerSupport: every back-office role; nothing here moves money).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  page,
  pageQuery,
  supportConversation,
  supportMessage,
  supportReplyBody,
  supportSendBody,
  supportStaffMessage,
  supportThread,
  supportThreadDetail,
  supportThreadParams,
  supportThreadsQuery,
  supportUnread,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { throttle } from '../platform/throttle.ts';
import { adminOf, customerOf, requireAdmin, requireCustomer } from '../platform/guards.ts';
import { isUploadName, sendUpload } from '../platform/uploads.ts';
import { imageFromDataUrl, listConversation, ownImage, sendMessage, unreadReplies } from './service.ts';
import { listThreads, openThread, reply, setThreadStatus } from './staff.ts';

export function registerSupportRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  registerCustomerRoutes(fastify, ctx);
  registerStaffRoutes(fastify, ctx);
}

function registerCustomerRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/support';
  const guard = requireCustomer(ctx);

  // Per account and per client address (config rateLimits.supportSend, 10 and 120 a minute by default).
  const limits = ctx.config.rateLimits.supportSend;
  const throttled = throttle(fastify, [
    { rule: limits.account, key: (req) => `support:acct:${customerOf(req).user.id}` },
    { rule: limits.ip, key: (req) => `support:ip:${req.ip}` },
  ]);

  app.post(`${base}/send`, {
    // The image comes base64-encoded (4 characters per 3 bytes), plus room for the text.
    bodyLimit: Math.ceil(ctx.config.uploadMaxBytes / 3) * 4 + 64 * 1024,
    schema: { body: supportSendBody, response: { 200: envelope(supportMessage) } },
    // onRequest: strangers and floods are refused before the body (and its image) is read.
    onRequest: [guard, throttled],
    handler: async (req) => {
      const { text, image } = req.body;
      const prepared =
        image === undefined ? undefined : await imageFromDataUrl(image, ctx.config.uploadMaxBytes);
      const message = await sendMessage(ctx, customerOf(req).user.id, {
        text,
        ...(prepared ? { image: prepared } : {}),
      });
      return ok(req, message);
    },
  });

  app.get(`${base}/list`, {
    schema: { querystring: pageQuery, response: { 200: envelope(supportConversation) } },
    onRequest: guard,
    handler: async (req) =>
      ok(req, await listConversation(ctx, customerOf(req).user.id, req.query.page, req.query.size)),
  });

  app.get(`${base}/unread`, {
    schema: { response: { 200: envelope(supportUnread) } },
    onRequest: guard,
    handler: async (req) => ok(req, { unread: await unreadReplies(ctx.db, customerOf(req).user.id) }),
  });

  app.get(`${base}/image/:name`, {
    schema: { params: z.strictObject({ name: z.string().max(64) }), hide: true },
    onRequest: guard,
    handler: async (req, reply) => {
      const { name } = req.params;
      const row = isUploadName(name) ? await ownImage(ctx.db, customerOf(req).user.id, name) : undefined;
      if (!row) throw new AppError(codes.notFound);
      return sendUpload(ctx, reply, row);
    },
  });
}

function registerStaffRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/support';
  const guard = requireAdmin(ctx, 'answerSupport');
  const threadId = (req: { params: { id: string } }) => Number(req.params.id);

  app.get(base, {
    schema: { querystring: supportThreadsQuery, response: { 200: envelope(page(supportThread)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await listThreads(ctx.db, req.query)),
  });

  app.get(`${base}/:id`, {
    schema: {
      params: supportThreadParams,
      querystring: pageQuery,
      response: { 200: envelope(supportThreadDetail) },
    },
    onRequest: guard,
    handler: async (req) => ok(req, await openThread(ctx, adminOf(req), threadId(req), req.query)),
  });

  app.post(`${base}/:id/reply`, {
    schema: {
      params: supportThreadParams,
      body: supportReplyBody,
      response: { 200: envelope(supportStaffMessage) },
    },
    onRequest: guard,
    handler: async (req) => ok(req, await reply(ctx, adminOf(req), threadId(req), req.body.text), codes.done),
  });

  for (const [verb, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    app.post(`${base}/:id/${verb}`, {
      schema: { params: supportThreadParams, response: { 200: envelope(supportThread) } },
      onRequest: guard,
      handler: async (req) =>
        ok(req, await setThreadStatus(ctx, adminOf(req), threadId(req), status), codes.done),
    });
  }
}
