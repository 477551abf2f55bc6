// Public content routes under /api/swx/customer/index, answered in the request's language.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  contentListParams,
  contentItem,
  contentIdParams,
  contentDetail,
  faqEntry,
} from '@tradewind/contract';
import type { Locale } from '@tradewind/i18n/locales';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { getContent, listContents, listFaq } from './service.ts';

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
}
