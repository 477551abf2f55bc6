// Two-factor routes under /api/swx/customer/security/totp (issue 25): validate, one service call, wrap.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  customerTotpConfirmBody,
  customerTotpConfirmResult,
  totpDisableBody,
  customerTotpEnrolResult,
  totpStatus,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { throttle } from '../platform/throttle.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import * as totp from './totp.ts';

export function registerSecurityRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/security/totp';
  const guard = requireCustomer(ctx);
  // A code (and disable's password) guessed behind a session meets login's windows, per IP and per account.
  const limits = ctx.config.rateLimits.login;
  const guesses = throttle(fastify, [
    { rule: limits.ip, key: (req) => `totp:ip:${req.ip}` },
    { rule: limits.account, key: (req: FastifyRequest) => `totp:acct:${customerOf(req).user.id}` },
  ]);

  app.get(base, {
    schema: { response: { 200: envelope(totpStatus) } },
    onRequest: guard,
    handler: async (req) => ok(req, await totp.totpStatus(ctx, customerOf(req).user.id)),
  });

  app.post(`${base}/enrol`, {
    schema: { response: { 200: envelope(customerTotpEnrolResult) } },
    onRequest: guard,
    handler: async (req) => ok(req, await totp.enrolTotp(ctx, customerOf(req).user.id)),
  });

  app.post(`${base}/confirm`, {
    bodyLimit: 1024,
    schema: { body: customerTotpConfirmBody, response: { 200: envelope(customerTotpConfirmResult) } },
    onRequest: [guard, guesses],
    handler: async (req) => ok(req, await totp.confirmTotp(ctx, customerOf(req).user.id, req.body.code)),
  });

  app.post(`${base}/disable`, {
    bodyLimit: 4 * 1024,
    schema: { body: totpDisableBody, response: { 200: envelope(z.null()) } },
    onRequest: [guard, guesses],
    handler: async (req) => {
      await totp.disableTotp(ctx, customerOf(req).user.id, req.body.password, req.body.otp);
      return ok(req, null, codes.done);
    },
  });
}
