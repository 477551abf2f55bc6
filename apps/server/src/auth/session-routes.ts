// Sessions and anti-phishing routes under /api/swx/customer/security (issue 25): validate, one service
// call, wrap.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  antiPhishingBody,
  antiPhishingResult,
  securitySessionsResult,
  sessionIdParams,
  signOutLinkBody,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { throttle } from '../platform/throttle.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import { listSessions, revokeOtherSessions, revokeOwnSession, useSignOutLink } from './session-list.ts';
import { antiPhishingPhrase, setAntiPhishingPhrase } from './anti-phishing.ts';

export function registerSessionRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/security';
  const guard = requireCustomer(ctx);

  app.get(`${base}/sessions`, {
    schema: { response: { 200: envelope(securitySessionsResult) } },
    onRequest: guard,
    handler: async (req) => {
      const { user, sessionId } = customerOf(req);
      return ok(req, await listSessions(ctx, user.id, sessionId));
    },
  });

  app.post(`${base}/sessions/:id/revoke`, {
    schema: { params: sessionIdParams, response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      await revokeOwnSession(ctx, customerOf(req).user.id, Number(req.params.id));
      return ok(req, null, codes.done);
    },
  });

  app.post(`${base}/sessions/revokeOthers`, {
    schema: { response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      const { user, sessionId } = customerOf(req);
      await revokeOtherSessions(ctx, user.id, sessionId);
      return ok(req, null, codes.done);
    },
  });

  // Without a session: the person following the e-mail's link may not be signed in anywhere. The token is
  // 256 random bits; the login window per IP still caps how fast anyone may try.
  app.post(`${base}/signOutLink`, {
    bodyLimit: 1024,
    schema: { body: signOutLinkBody, response: { 200: envelope(z.null()) } },
    onRequest: throttle(fastify, [
      { rule: ctx.config.rateLimits.login.ip, key: (req) => `signOutLink:ip:${req.ip}` },
    ]),
    handler: async (req) => {
      await useSignOutLink(ctx, req.body.token);
      return ok(req, null, codes.done);
    },
  });

  app.get(`${base}/antiPhishing`, {
    schema: { response: { 200: envelope(antiPhishingResult) } },
    onRequest: guard,
    handler: async (req) => ok(req, await antiPhishingPhrase(ctx, customerOf(req).user.id)),
  });

  app.post(`${base}/antiPhishing`, {
    bodyLimit: 1024,
    schema: { body: antiPhishingBody, response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      await setAntiPhishingPhrase(ctx, customerOf(req).user.id, req.body.phrase);
      return ok(req, null, codes.done);
    },
  });
}
