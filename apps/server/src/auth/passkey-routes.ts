// Passkey routes (issue 25): managing them under /api/swx/customer/security/passkey, signing in with one
// under /api/swx/customer/login. Validate, one service call, wrap.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  passkeyIdParams,
  passkeyListResult,
  passkeyLoginBody,
  passkeyLoginOptionsBody,
  passkeyOptionsResult,
  passkeyRegisterBody,
  passkeyRegisterOptionsBody,
  passkeyRemoveBody,
  passkeyView,
  sessionResult,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { throttle } from '../platform/throttle.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import * as passkeys from './passkeys.ts';
import { signInClientOf } from './sign-in.ts';

/** A WebAuthn answer is a few KB; nothing larger is read. */
const bodyLimit = 32 * 1024;

export function registerPasskeyRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/security/passkey';
  const login = ctx.config.rateLimits.login;
  // Sign-in ceremonies share login's per-IP window; calls that check a password also its per-account one.
  const perIp = throttle(fastify, [{ rule: login.ip, key: (req) => `passkeyLogin:ip:${req.ip}` }]);
  const perAccount = throttle(fastify, [
    { rule: login.ip, key: (req) => `passkeyManage:ip:${req.ip}` },
    { rule: login.account, key: (req: FastifyRequest) => `passkeyManage:acct:${customerOf(req).user.id}` },
  ]);

  app.post(`${base}/registerOptions`, {
    schema: { body: passkeyRegisterOptionsBody, response: { 200: envelope(passkeyOptionsResult) } },
    onRequest: requireCustomer(ctx),
    preHandler: perAccount,
    handler: async (req) =>
      ok(req, await passkeys.registrationOptions(ctx, customerOf(req).user.id, req.body)),
  });

  app.post(`${base}/register`, {
    bodyLimit,
    schema: { body: passkeyRegisterBody, response: { 200: envelope(passkeyView) } },
    onRequest: requireCustomer(ctx),
    handler: async (req) =>
      ok(req, await passkeys.registerPasskey(ctx, customerOf(req).user.id, req.body.response, req.body.name)),
  });

  app.get(`${base}/list`, {
    schema: { response: { 200: envelope(passkeyListResult) } },
    onRequest: requireCustomer(ctx),
    handler: async (req) => ok(req, await passkeys.listPasskeys(ctx, customerOf(req).user.id)),
  });

  app.post(`${base}/:id/remove`, {
    schema: { params: passkeyIdParams, body: passkeyRemoveBody, response: { 200: envelope(z.null()) } },
    onRequest: requireCustomer(ctx),
    preHandler: perAccount,
    handler: async (req) => {
      await passkeys.removePasskey(ctx, customerOf(req).user.id, Number(req.params.id), req.body.password);
      return ok(req, null, codes.done);
    },
  });

  app.post('/api/swx/customer/login/passkeyOptions', {
    schema: { body: passkeyLoginOptionsBody, response: { 200: envelope(passkeyOptionsResult) } },
    preHandler: perIp,
    handler: async (req) => ok(req, await passkeys.loginOptions(ctx, req.body.userName)),
  });

  app.post('/api/swx/customer/login/passkey', {
    bodyLimit,
    schema: { body: passkeyLoginBody, response: { 200: envelope(sessionResult) } },
    preHandler: perIp,
    handler: async (req) =>
      ok(req, await passkeys.loginWithPasskey(ctx, req.body.response, signInClientOf(req))),
  });
}
