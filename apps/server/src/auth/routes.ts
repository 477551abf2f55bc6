// Routes under /api/swx/customer/login: validate, one service call, wrap.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  checkUserNameQuery,
  checkUserNameResult,
  sendCodeBody,
  registerBody,
  loginBody,
  googleLoginBody,
  resetPasswordBody,
  repasswordBody,
  sessionResult,
  googleConfigResult,
  googleStartResult,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { passwordTries, throttle } from '../platform/throttle.ts';
import * as auth from './service.ts';
import { googleClient, loginWithGoogle, startGoogleFlow } from './google.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import { loginWindowKey } from './login-window.ts';
import { heldWindowKey } from './google-second-factor.ts';
import { signInClientOf } from './sign-in.ts';

type Limited = 'login' | 'sendCode' | 'register' | 'resetPassword';

export function registerAuthRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/login';
  const google = ctx.config.google ? googleClient(ctx.config.google) : undefined;

  /**
   * Two windows per call (M-5): per client IP on arrival, before the body is read or validated, and per
   * account named in the validated body; and a small body limit, so a flood is refused before it is parsed.
   */
  const limited = (
    name: Limited,
    accountOf: (req: FastifyRequest) => string | Promise<string>,
    bodyLimit = 4 * 1024,
  ) => {
    const limits = ctx.config.rateLimits[name];
    return {
      bodyLimit,
      onRequest: throttle(fastify, [{ rule: limits.ip, key: (req) => `${name}:ip:${req.ip}` }]),
      preHandler: throttle(fastify, [
        {
          rule: limits.account,
          key: async (req) => `${name}:acct:${(await accountOf(req)).trim().toLowerCase()}`,
        },
      ]),
    };
  };
  const field = (name: string) => (req: FastifyRequest) => {
    const body = req.body as Record<string, unknown> | undefined;
    return String(body?.[name] ?? '');
  };

  app.get(`${base}/checkUserNameOrPhone`, {
    schema: { querystring: checkUserNameQuery, response: { 200: envelope(checkUserNameResult) } },
    // Per client IP (M-4): each answer tells whether a name, e-mail or phone has an account.
    onRequest: throttle(fastify, [
      { rule: ctx.config.rateLimits.availability.ip, key: (req) => `availability:ip:${req.ip}` },
    ]),
    handler: async (req) => ok(req, await auth.checkAvailability(ctx, req.query)),
  });

  app.post(`${base}/sendCode`, {
    schema: { body: sendCodeBody, response: { 200: envelope(z.null()) } },
    ...limited('sendCode', field('email')),
    handler: async (req) => {
      await auth.sendCode(ctx, req.body.email, req.body.purpose, req.locale);
      return ok(req, null, codes.codeSent);
    },
  });

  app.post(`${base}/register`, {
    schema: { body: registerBody, response: { 200: envelope(sessionResult) } },
    ...limited('register', field('email')),
    handler: async (req) =>
      ok(req, await auth.register(ctx, req.body, req.locale, signInClientOf(req)), codes.registered),
  });

  app.post(`${base}/login`, {
    schema: { body: loginBody, response: { 200: envelope(sessionResult) } },
    // One window per account, named by user name or e-mail (L-2).
    ...limited('login', (req) => loginWindowKey(ctx.db, field('userName')(req))),
    handler: async (req) =>
      ok(
        req,
        await auth.login(
          ctx,
          req.body.userName,
          req.body.password,
          { otp: req.body.otp },
          signInClientOf(req),
        ),
      ),
  });

  // Where the provider sends the browser back; registered with the provider as the client's redirect URI.
  const googleRedirectUri = `${ctx.config.publicUrl}/api/loginCallback/google`;

  app.get(`${base}/googleConfig`, {
    schema: { response: { 200: envelope(googleConfigResult) } },
    handler: async (req) => {
      if (!google) return ok(req, { enabled: false });
      const reachable = await google.configuration().then(
        () => true,
        (err: unknown) => {
          req.log.warn({ err }, 'google discovery failed');
          return false;
        },
      );
      return ok(req, { enabled: reachable });
    },
  });

  app.post(`${base}/googleStart`, {
    schema: { response: { 200: envelope(googleStartResult) } },
    ...limited('login', (req) => req.ip),
    handler: async (req) => {
      if (!google) throw new AppError(codes.googleLoginFailed);
      return ok(req, { authorizationUrl: await startGoogleFlow(ctx, google, googleRedirectUri) });
    },
  });

  app.post(`${base}/loginByGoogle`, {
    schema: { body: googleLoginBody, response: { 200: envelope(sessionResult) } },
    // A code step counts against the held customer, whichever of their flows it names.
    ...limited(
      'login',
      (req) => (field('otp')(req) ? heldWindowKey(ctx.db, field('state')(req)) : field('code')(req)),
      16 * 1024,
    ),
    handler: async (req) =>
      ok(
        req,
        await loginWithGoogle(ctx, google, req.body, googleRedirectUri, req.locale, signInClientOf(req)),
      ),
  });

  app.post(`${base}/logout`, {
    schema: { response: { 200: envelope(z.null()) } },
    onRequest: requireCustomer(ctx),
    handler: async (req) => {
      await auth.logout(ctx, customerOf(req).sessionId);
      return ok(req, null, codes.done);
    },
  });

  // Under /customer/user as the contract names it, but a password is auth's business.
  app.post('/api/swx/customer/user/repassword', {
    schema: { body: repasswordBody, response: { 200: envelope(z.null()) } },
    bodyLimit: 4 * 1024,
    onRequest: [requireCustomer(ctx), passwordTries(fastify, ctx.config)],
    handler: async (req) => {
      const { user, sessionId } = customerOf(req);
      const { oldPassword, password, otp } = req.body;
      await auth.changePassword(ctx, user.id, sessionId, oldPassword, password, { otp });
      return ok(req, null, codes.done);
    },
  });

  app.post(`${base}/resetPassword`, {
    schema: { body: resetPasswordBody, response: { 200: envelope(z.null()) } },
    ...limited('resetPassword', field('email')),
    handler: async (req) => {
      await auth.resetPassword(ctx, req.body);
      return ok(req, null, codes.done);
    },
  });
}
