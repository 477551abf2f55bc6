// Google sign-in: the OIDC authorization-code flow through openid-client, configured by GOOGLE_*.
import { randomBytes, randomInt } from 'node:crypto';
import * as oidc from 'openid-client';
import { eq, sql } from 'drizzle-orm';
import { codes, userStatuses, type SessionResult } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import type { Locale } from '../platform/i18n.ts';
import { users } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { openSession } from './sessions.ts';
import { createUser } from './service.ts';

export type GoogleClient = { configuration: () => Promise<oidc.Configuration> };

export function googleClient(google: NonNullable<Ctx['config']['google']>): GoogleClient {
  let discovered: Promise<oidc.Configuration> | undefined;
  return {
    configuration: () => {
      const issuer = new URL(google.issuer);
      // Plain http is only ever allowed for an issuer on loopback (a local test server).
      const loopback =
        issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      discovered ??= oidc
        .discovery(issuer, google.clientId, google.clientSecret, undefined, {
          execute: loopback ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((err: unknown) => {
          discovered = undefined;
          throw err;
        });
      return discovered;
    },
  };
}

export async function authorizationUrl(client: GoogleClient, redirectUri: string): Promise<string> {
  const config = await client.configuration();
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: oidc.randomState(),
    })
    .toString();
}

type Claims = { sub: string; email?: string; email_verified?: boolean };

async function exchange(client: GoogleClient, code: string, redirectUri: string): Promise<Claims> {
  const config = await client.configuration();
  const callback = new URL(redirectUri);
  callback.searchParams.set('code', code);
  // The web app checks `state` against the one it was sent with before it calls us.
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    expectedState: oidc.skipStateCheck,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no id_token claims');
  return {
    sub: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : undefined,
    email_verified: claims.email_verified === true,
  };
}

export async function loginWithGoogle(
  ctx: Ctx,
  client: GoogleClient | undefined,
  body: { code: string; redirectUri: string },
  locale: Locale,
): Promise<SessionResult> {
  if (!client) throw new AppError(codes.googleLoginFailed);
  let claims: Claims;
  try {
    claims = await exchange(client, body.code, body.redirectUri);
  } catch (err) {
    ctx.log.warn({ err }, 'google login failed');
    throw new AppError(codes.googleLoginFailed);
  }
  const now = new Date(ctx.clock.now());
  const [bySubject] = await ctx.db.select().from(users).where(eq(users.googleSubject, claims.sub)).limit(1);
  let user = bySubject;
  if (!user && claims.email && claims.email_verified) {
    const [byEmail] = await ctx.db
      .update(users)
      .set({ googleSubject: claims.sub })
      .where(sql`lower(${users.email}) = ${claims.email.toLowerCase()} and ${users.googleSubject} is null`)
      .returning();
    user = byEmail;
  }
  if (user) {
    if (user.status !== userStatuses.enabled) throw new AppError(codes.userStatusAbnormal);
    return { token: await openSession(ctx.db, ctx, user.id, now), userInfo: toUserInfo(user) };
  }
  if (!claims.email || !claims.email_verified) throw new AppError(codes.googleLoginFailed);
  return createUser(ctx, {
    userName: await freeUserName(ctx, claims.email),
    email: claims.email.toLowerCase(),
    // Nobody knows this password; the account signs in with Google or after a password reset.
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    googleSubject: claims.sub,
    locale,
  });
}

async function freeUserName(ctx: Ctx, email: string): Promise<string> {
  const base = (email.split('@')[0] ?? 'user')
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, 24)
    .padEnd(4, '0');
  for (let attempt = 0; attempt < 10; attempt++) {
    const candidate = attempt === 0 ? base : `${base}${randomInt(1000, 999_999)}`;
    const taken = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.userName}) = ${candidate.toLowerCase()}`)
      .limit(1);
    if (taken.length === 0) return candidate;
  }
  throw new Error('no free user name after 10 tries');
}
