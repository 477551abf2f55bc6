// My account under /admin/api/me: any live session of the operator, secured or not (requireAdminSession).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminMe,
  adminSessionParams,
  adminSessionRow,
  codes,
  envelope,
  mePasswordBody,
  totpConfirmBody,
  totpConfirmResult,
  totpEnrolBody,
  totpEnrolResult,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import type { Secrets } from '../platform/secrets.ts';
import { adminSessionOf, requireAdminSession } from '../platform/guards.ts';
import { throttle } from '../platform/throttle.ts';
import {
  changeMyPassword,
  confirmTotpEnrolment,
  me,
  mySessions,
  revokeMySession,
  startTotpEnrolment,
} from './me.ts';

export function registerMeRoutes(fastify: FastifyInstance, ctx: Ctx, secrets: Secrets): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/me';
  const guard = requireAdminSession(ctx);
  // Guessing the password or a TOTP code with a stolen token is held to the sign-in's account window.
  const guesses = throttle(fastify, [
    { rule: ctx.config.rateLimits.login.account, key: (req) => `admin-me:${adminSessionOf(req).id}` },
  ]);

  app.get(base, {
    schema: { response: { 200: envelope(adminMe) } },
    onRequest: guard,
    handler: async (req) => ok(req, await me(ctx, adminSessionOf(req).id)),
  });

  app.post(`${base}/password`, {
    schema: { body: mePasswordBody, response: { 200: envelope(adminMe) } },
    onRequest: guard,
    preHandler: guesses,
    handler: async (req) =>
      ok(
        req,
        await changeMyPassword(ctx, adminSessionOf(req), req.body.oldPassword, req.body.password),
        codes.done,
      ),
  });

  app.post(`${base}/totp/enrol`, {
    // No body for a first enrolment; the password and a code to replace an enrolled authenticator.
    schema: { body: totpEnrolBody.nullish(), response: { 200: envelope(totpEnrolResult) } },
    onRequest: guard,
    preHandler: guesses,
    handler: async (req) =>
      ok(req, await startTotpEnrolment(ctx, secrets, adminSessionOf(req), req.body ?? {})),
  });

  app.post(`${base}/totp/confirm`, {
    schema: { body: totpConfirmBody, response: { 200: envelope(totpConfirmResult) } },
    onRequest: guard,
    preHandler: guesses,
    handler: async (req) =>
      ok(req, await confirmTotpEnrolment(ctx, secrets, adminSessionOf(req), req.body.code), codes.done),
  });

  app.get(`${base}/sessions`, {
    schema: { response: { 200: envelope(z.array(adminSessionRow)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await mySessions(ctx, adminSessionOf(req))),
  });

  app.post(`${base}/sessions/:id/revoke`, {
    schema: { params: adminSessionParams, response: { 200: envelope(z.null()) } },
    onRequest: guard,
    handler: async (req) => {
      await revokeMySession(ctx, adminSessionOf(req), Number(req.params.id));
      return ok(req, null, codes.done);
    },
  });
}
