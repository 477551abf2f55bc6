// Request guards as a platform service. Auth knows how a token becomes a customer and admin how it becomes an
// operator; app.ts hands both to the context at start (`ctx.authenticators`), and every domain takes its
// guards from here, so no route imports auth or admin to protect itself and platform names neither.
import type { FastifyRequest } from 'fastify';
import { codes, type AdminPermission, type Book } from '@tradewind/contract';
import { AppError } from './errors.ts';
import type { Ctx } from './context.ts';
import { can, type AdminIdentity } from './admin-identity.ts';

/** A signed-in customer: routes rely on the user's id and the session; auth resolves more, domains need no more. */
export type Customer = { user: { id: number }; sessionId: number };

/** How a bearer token becomes a person. Any problem (unknown, expired, revoked, disabled) throws a 401 AppError. */
export type Authenticators = {
  customer: (token: string) => Promise<Customer>;
  admin: (token: string) => Promise<AdminIdentity>;
};

declare module 'fastify' {
  interface FastifyRequest {
    customer: Customer | null;
    admin: AdminIdentity | null;
  }
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

/** `virtually: YES` selects the real book; `NO` or absent, the demo book. */
export function bookOf(req: FastifyRequest): Book {
  const v = req.headers.virtually;
  return (Array.isArray(v) ? v[0] : v)?.trim().toUpperCase() === 'YES' ? 'real' : 'demo';
}

/** An onRequest hook: 401 without an admin session (customer tokens never pass), 403 without `permission`. */
export function requireAdmin(ctx: Pick<Ctx, 'authenticators'>, permission: AdminPermission) {
  return async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new AppError(codes.unauthenticated);
    const admin = await ctx.authenticators.admin(token);
    if (!can(admin, permission)) throw new AppError(codes.authStatusWrong);
    req.admin = admin;
  };
}

/** The admin set by `requireAdmin`; calling it on an unguarded route is a programmer error. */
export function adminOf(req: FastifyRequest): AdminIdentity {
  if (!req.admin) throw new Error('route is missing the requireAdmin guard');
  return req.admin;
}
