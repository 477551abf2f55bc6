// Request guards: the customer behind a bearer token, and the book chosen by the `virtually` header.
import type { FastifyRequest } from 'fastify';
import { codes, type Book } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { authenticate, type Authenticated } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    customer: Authenticated | null;
  }
}

/** `Authorization: <token>` or `Authorization: Bearer <token>` (CONTRACT.md "Request headers"). */
export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
  return token.length > 0 && token.length <= 256 ? token : undefined;
}

/** An onRequest hook (before the body is read) that refuses the request with 401 unless a live session of an enabled user is presented. */
export function requireCustomer(ctx: Ctx) {
  return async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new AppError(codes.unauthenticated);
    req.customer = await authenticate(ctx, token);
  };
}

/** The customer set by `requireCustomer`; calling it on an unguarded route is a programmer error. */
export function customerOf(req: FastifyRequest): Authenticated {
  if (!req.customer) throw new Error('route is missing the requireCustomer guard');
  return req.customer;
}

/** `virtually: YES` selects the real book; `NO` or absent, the demo book. */
export function bookOf(req: FastifyRequest): Book {
  const v = req.headers.virtually;
  return (Array.isArray(v) ? v[0] : v)?.trim().toUpperCase() === 'YES' ? 'real' : 'demo';
}
