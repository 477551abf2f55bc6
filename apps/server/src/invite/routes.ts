// Invitations: inviteInfo (the customer's code, link, invitees and rewards) and the reward rules.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';

/** Registers nothing yet: wired in app.ts now so the invite issue only fills this folder. */
export function registerInviteRoutes(_fastify: FastifyInstance, _ctx: Ctx): void {}
