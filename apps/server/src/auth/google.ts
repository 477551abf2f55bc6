// Google sign-in: the OIDC authorization-code flow through openid-client, configured by GOOGLE_*.
import { randomBytes, randomInt } from 'node:crypto';
import * as oidc from 'openid-client';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { codes, userStatuses, type SessionResult } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import { hashPassword } from '../platform/passwords.ts';
import type { Ctx } from '../platform/context.ts';
import type { Locale } from '../platform/i18n.ts';
import { users } from '../users/tables.ts';
import { signIn, type SignInClient } from './sign-in.ts';
import { googleFlows } from './tables.ts';
import { createUser } from './service.ts';
import { finishHeldGoogleSignIn, holdForSecondFactor } from './google-second-factor.ts';

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

/** How long a sign-in may take between the authorization URL and the code exchange. */
const flowTtlMs = 10 * 60_000;
/** Issued flows are kept this long (then pruned), so a late replay still finds its flow used. */
const flowKeepMs = 60 * 60_000;

/**
 * Starts one sign-in: a fresh `state`, PKCE verifier (S256) and `nonce`, kept server-side until the code
 * exchange claims them, and the authorization URL that carries them.
 */
export async function startGoogleFlow(ctx: Ctx, client: GoogleClient, redirectUri: string): Promise<string> {
  const config = await client.configuration();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = ctx.clock.now();
  await ctx.db.delete(googleFlows).where(lt(googleFlows.createdAt, new Date(now - flowKeepMs)));
  await ctx.db.insert(googleFlows).values({ state, codeVerifier, nonce, createdAt: new Date(now) });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    })
    .toString();
}

type Claims = { sub: string; email?: string | undefined; email_verified?: boolean };

/** Claims the flow `state` names, once and while fresh; undefined for an unknown, used or stale state. */
async function claimFlow(
  ctx: Ctx,
  state: string,
): Promise<{ codeVerifier: string; nonce: string } | undefined> {
  const now = ctx.clock.now();
  const [flow] = await ctx.db
    .update(googleFlows)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(googleFlows.state, state),
        isNull(googleFlows.usedAt),
        gt(googleFlows.createdAt, new Date(now - flowTtlMs)),
      ),
    )
    .returning({ codeVerifier: googleFlows.codeVerifier, nonce: googleFlows.nonce });
  return flow;
}

async function exchange(
  client: GoogleClient,
  flow: { codeVerifier: string; nonce: string },
  body: { code: string; state: string; iss?: string | undefined },
  redirectUri: string,
): Promise<Claims> {
  const config = await client.configuration();
  const callback = new URL(redirectUri);
  callback.searchParams.set('code', body.code);
  callback.searchParams.set('state', body.state);
  if (body.iss) callback.searchParams.set('iss', body.iss);
  // The provider checks the verifier against the challenge of the flow the code was minted for, so a code
  // from another flow fails here; state and nonce bind the answer to this flow too.
  const tokens = await oidc.authorizationCodeGrant(config, callback, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: body.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('no id_token claims');
  // Google puts the e-mail in the id_token; a provider that keeps it to the UserInfo endpoint (as OIDC
  // Core §5.4 allows when an access token is issued) is asked there, for the same subject.
  const source =
    typeof claims.email === 'string'
      ? claims
      : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
  return {
    sub: claims.sub,
    email: typeof source.email === 'string' ? source.email : undefined,
    email_verified: source.email_verified === true,
  };
}

export async function loginWithGoogle(
  ctx: Ctx,
  client: GoogleClient | undefined,
  body: { code?: string | undefined; state: string; iss?: string | undefined; otp?: string | undefined },
  redirectUri: string,
  locale: Locale,
  from: SignInClient,
): Promise<SessionResult> {
  if (!client) throw new AppError(codes.googleLoginFailed);
  // The second step of a flow held for the customer's second factor: the code was exchanged already.
  if (body.otp) return finishHeldGoogleSignIn(ctx, body.state, body.otp, from);
  const { code } = body;
  if (!code) throw new AppError(codes.googleLoginFailed);
  const flow = await claimFlow(ctx, body.state);
  if (!flow) throw new AppError(codes.googleLoginFailed);
  let claims: Claims;
  try {
    claims = await exchange(client, flow, { ...body, code }, redirectUri);
  } catch (err) {
    ctx.log.warn({ err }, 'google login failed');
    throw new AppError(codes.googleLoginFailed);
  }
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
    await holdForSecondFactor(ctx, body.state, user, from);
    return signIn(ctx, user, from);
  }
  if (!claims.email || !claims.email_verified) throw new AppError(codes.googleLoginFailed);
  return createUser(
    ctx,
    {
      userName: await freeUserName(ctx, claims.email),
      email: claims.email.toLowerCase(),
      // Nobody knows this password; the account signs in with Google or after a password reset.
      passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
      googleSubject: claims.sub,
      locale,
    },
    from,
  );
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
