// Back-office guard: an admin session token and a permission, else 401 / 403. Customer tokens never pass.
import type { FastifyRequest } from 'fastify';
import { codes, type AdminPermission } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { bearerToken } from '../auth/guard.ts';
import { authenticateAdmin, can, type AdminIdentity } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin: AdminIdentity | null;
  }
}

export function requireAdmin(ctx: Ctx, permission: AdminPermission) {
  return async (req: FastifyRequest): Promise<void> => {
    const token = bearerToken(req);
    if (!token) throw new AppError(codes.unauthenticated);
    const admin = await authenticateAdmin(ctx, token);
    if (!can(admin, permission)) throw new AppError(codes.authStatusWrong);
    req.admin = admin;
  };
}

export function adminOf(req: FastifyRequest): AdminIdentity {
  if (!req.admin) throw new Error('route is missing the requireAdmin guard');
  return req.admin;
}
