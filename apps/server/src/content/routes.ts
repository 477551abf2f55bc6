// Public content routes under /api/swx/customer/index, answered in the request's language, and the back
// office's content editor under /admin/api/contents (manageContent).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminContentDetail,
  adminContentItem,
  adminContentPage,
  adminContentParams,
  adminContentsQuery,
  codes,
  contentDetail,
  contentIdParams,
  contentItem,
  contentListParams,
  contentPreview,
  createContentBody,
  envelope,
  faqEntry,
  orderContentsBody,
  previewContentBody,
  publishContentBody,
  updateContentBody,
} from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n/locales';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { getContent, listContents, listFaq } from './service.ts';
import {
  createContent,
  getContentForAdmin,
  listContentsForAdmin,
  orderContents,
  previewContent,
  setContentPublished,
  updateContent,
} from './admin.ts';

/** spec.md §2: list 1 is the Chinese one (Traditional when the request asks for it), 2 the request's language. */
const listLocale = (id: '1' | '2', requested: Locale): Locale =>
  id === '2' ? requested : requested === 'zh-TW' ? 'zh-TW' : 'zh-CN';

export function registerContentRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/index';

  app.get(`${base}/listContents/:id`, {
    schema: { params: contentListParams, response: { 200: envelope(z.array(contentItem)) } },
    handler: async (req) => ok(req, await listContents(ctx.db, listLocale(req.params.id, req.locale))),
  });

  app.get(`${base}/getContentsById/:id`, {
    schema: { params: contentIdParams, response: { 200: envelope(contentDetail) } },
    handler: async (req) => ok(req, await getContent(ctx.db, Number(req.params.id), req.locale)),
  });

  app.get(`${base}/listFaq`, {
    schema: { response: { 200: envelope(z.array(faqEntry)) } },
    handler: async (req) => ok(req, await listFaq(ctx.db, req.locale)),
  });

  registerContentAdminRoutes(fastify, ctx);
}

function registerContentAdminRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/contents';
  const manage = requireAdmin(ctx, 'manageContent');

  app.get(base, {
    schema: { querystring: adminContentsQuery, response: { 200: envelope(adminContentPage) } },
    onRequest: manage,
    handler: async (req) => ok(req, await listContentsForAdmin(ctx.db, req.query)),
  });

  app.post(base, {
    schema: { body: createContentBody, response: { 200: envelope(adminContentDetail) } },
    onRequest: manage,
    handler: async (req) => ok(req, await createContent(ctx, adminOf(req), req.body), codes.done),
  });

  // Static paths before /:id, which would otherwise not match them anyway (ids are digits), for the reader.
  app.post(`${base}/preview`, {
    schema: { body: previewContentBody, response: { 200: envelope(contentPreview) } },
    onRequest: manage,
    handler: async (req) => ok(req, previewContent(req.body.body)),
  });

  app.post(`${base}/order`, {
    schema: { body: orderContentsBody, response: { 200: envelope(z.array(adminContentItem)) } },
    onRequest: manage,
    handler: async (req) => ok(req, await orderContents(ctx, adminOf(req), req.body), codes.done),
  });

  app.get(`${base}/:id`, {
    schema: { params: adminContentParams, response: { 200: envelope(adminContentDetail) } },
    onRequest: manage,
    handler: async (req) => ok(req, await getContentForAdmin(ctx.db, Number(req.params.id))),
  });

  app.post(`${base}/:id`, {
    schema: {
      params: adminContentParams,
      body: updateContentBody,
      response: { 200: envelope(adminContentDetail) },
    },
    onRequest: manage,
    handler: async (req) =>
      ok(req, await updateContent(ctx, adminOf(req), Number(req.params.id), req.body), codes.done),
  });

  for (const [verb, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.post(`${base}/:id/${verb}`, {
      schema: {
        params: adminContentParams,
        body: publishContentBody,
        response: { 200: envelope(adminContentDetail) },
      },
      onRequest: manage,
      handler: async (req) =>
        ok(
          req,
          await setContentPublished(ctx, adminOf(req), Number(req.params.id), published, req.body.reason),
          codes.done,
        ),
    });
  }
}
