// Invitations (CONTRACT.md "User" inviteInfo; issue 11): the customer's code, link, invitees and rewards.
// The reward rule itself (reward.ts) is a follow-up of deposit approval, wired in app.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, inviteInfo as inviteInfoSchema } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { ok } from '../platform/http.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import { inviteInfo } from './service.ts';

export function registerInviteRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/swx/customer/user/inviteInfo', {
    schema: { response: { 200: envelope(inviteInfoSchema) } },
    onRequest: requireCustomer(ctx),
    handler: async (req) => ok(req, await inviteInfo(ctx, customerOf(req).user.id)),
  });
}
