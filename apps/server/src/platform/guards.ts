// Request guards as a platform service. Auth knows how a token becomes a customer and admin how it becomes an
// operator; app.ts hands both to the context at start (`ctx.authenticators`), and every domain takes its
// guards from here, so no route imports auth or admin to protect itself and platform names neither.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codes, type AdminPermission, type Book } from '@tradewind/contract';
import { AppError } from './errors.ts';
import type { Ctx } from './context.ts';
import { can, type AdminIdentity, type AdminSession } from './admin-identity.ts';

/** A signed-in customer: routes rely on the user's id and the session; auth resolves more, domains need no more. */
export type Customer = { user: { id: number }; sessionId: number };

/** How a bearer token becomes a person. Any problem (unknown, expired, revoked, disabled) throws a 401 AppError. */
export type Authenticators = {
  customer: (token: string) => Promise<Customer>;
  /**
   * A secured operator. Besides the 401s: while the account must change its password or enrol TOTP, a
   * 403 (10114), so every admin route refuses such a token whichever guard it uses.
   */
  admin: (token: string) => Promise<AdminSession>;
  /** Any live operator session, secured or not: only My account (/admin/api/me/*) and logout take it. */
  adminUnsecured: (token: string) => Promise<AdminSession>;
};

declare module 'fastify' {
  interface FastifyRequest {
    customer: Customer | null;
    admin: AdminIdentity | null;
    adminSession: AdminSession | null;
  }
  interface FastifyInstance {
    /** "METHOD /path" → what its admin guard demands (collectAdminRules), read by the route × role test. */
    adminRules: Map<string, AdminRule>;
  }
}

/**
 * What an admin route's guard demands: one of `permissions` from the contract's `adminPermissions`, or only
 * a session of the operator (My account). Attached to the guard itself, so the rule a route runs is the one
 * recorded: no second list to keep in step.
 */
export type AdminRule = { permissions: readonly AdminPermission[] } | { session: 'any' };
type AdminGuard = ((req: FastifyRequest) => Promise<void>) & { adminRule: AdminRule };

export function adminRuleOf(hook: unknown): AdminRule | undefined {
  return typeof hook === 'function' && 'adminRule' in hook ? (hook as AdminGuard).adminRule : undefined;
}

/** Records each route's admin rule as routes are added (`app.adminRules`); call before any route. */
export function collectAdminRules(app: FastifyInstance): void {
  const rules = new Map<string, AdminRule>();
  app.decorate('adminRules', rules);
  app.addHook('onRoute', (route) => {
    const rule = [route.onRequest ?? []].flat().map(adminRuleOf).find(Boolean);
    if (!rule) return;
    for (const method of [route.method].flat()) rules.set(`${method} ${route.url}`, rule);
  });
}

/** `Authorization: <token>` or `Authorization: Bearer <token>` (CONTRACT.md "Request headers"). */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
  return token.length > 0 && token.length <= 256 ? token : undefined;
}

/** An onRequest hook (before the body is read): 401 unless a live session of an enabled user is presented. */
export function requireCustomer(ctx: Pick<Ctx, 'authenticators'>) {
  return async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new AppError(codes.unauthenticated);
    req.customer = await ctx.authenticators.customer(token);
  };
}

/** The customer set by `requireCustomer`; calling it on an unguarded route is a programmer error. */
export function customerOf(req: FastifyRequest): Customer {
  if (!req.customer) throw new Error('route is missing the requireCustomer guard');
  return req.customer;
}

/**
 * `virtually: YES` selects the real book; `NO` or absent, the demo book. Sent twice it is refused (400):
 * Node joins repeated headers into "YES, YES", which read as one value would silently mean demo.
 */
export function bookOf(req: FastifyRequest): Book {
  const v = req.headers.virtually;
  if (Array.isArray(v) || v?.includes(','))
    throw new AppError(codes.paramsEmpty, {}, { virtually: { key: 'invalid' } });
  return v?.trim().toUpperCase() === 'YES' ? 'real' : 'demo';
}

/**
 * An onRequest hook: 401 without an admin session (customer tokens never pass), 403 (10114) while the
 * account must be secured first, 403 (10019) unless the role has one of `permissions`.
 */
export function requireAdmin(
  ctx: Pick<Ctx, 'authenticators'>,
  ...permissions: [AdminPermission, ...AdminPermission[]]
): AdminGuard {
  const guard = async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new AppError(codes.unauthenticated);
    const session = await ctx.authenticators.admin(token);
    if (!permissions.some((p) => can(session, p))) throw new AppError(codes.authStatusWrong);
    req.admin = session;
    req.adminSession = session;
  };
  return Object.assign(guard, { adminRule: { permissions } });
}

/** An onRequest hook for My account and logout: any live session of an operator, secured or not. */
export function requireAdminSession(ctx: Pick<Ctx, 'authenticators'>): AdminGuard {
  const guard = async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new AppError(codes.unauthenticated);
    const session = await ctx.authenticators.adminUnsecured(token);
    req.admin = session;
    req.adminSession = session;
  };
  return Object.assign(guard, { adminRule: { session: 'any' as const } });
}

/** The admin set by `requireAdmin`; calling it on an unguarded route is a programmer error. */
export function adminOf(req: FastifyRequest): AdminIdentity {
  if (!req.admin) throw new Error('route is missing the requireAdmin guard');
  return req.admin;
}

/** The session set by `requireAdmin` or `requireAdminSession`. */
export function adminSessionOf(req: FastifyRequest): AdminSession {
  if (!req.adminSession) throw new Error('route is missing an admin guard');
  return req.adminSession;
}
