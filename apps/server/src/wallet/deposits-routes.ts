// Customer deposit routes: the recharge claim (multipart, real book, Idempotency-Key) and its records.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { codes, deposit, envelope, page, pageQuery, rechargeFields } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import { AppError } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import { idempotent } from '../platform/idempotency.ts';
import { prepareImage, sha256Hex, uploadFile } from '../platform/uploads.ts';
import { bookOf, customerOf, requireCustomer } from '../auth/guard.ts';
import { claimDeposit, listDeposits } from './deposits.ts';

/** Deposits belong to the real book; the demo book is refused before the form is read. */
async function realBookOnly(req: FastifyRequest): Promise<void> {
  if (bookOf(req) !== 'real') throw new AppError(codes.demoForbidden);
}

export function registerDepositRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.post(`${base}/recharge`, {
    schema: { body: rechargeFields.extend({ proof: uploadFile }), response: { 200: envelope(deposit) } },
    // onRequest, not preHandler: strangers and demo requests are refused before any file is read.
    onRequest: [guard, realBookOnly],
    handler: async (req, reply) => {
      const { proof, ...fields } = req.body;
      const userId = customerOf(req).user.id;
      const image = await prepareImage(proof, { maxBytes: ctx.config.uploadMaxBytes });
      const fingerprint = { book: 'real', fields, proofSha256: sha256Hex(proof) };
      return idempotent(ctx, req, reply, userId, fingerprint, async (tx) => ({
        result: await claimDeposit(ctx, tx, userId, fields, image),
        messageCode: codes.rechargeSubmitted,
      }));
    },
  });

  app.get(`${base}/listRecharge`, {
    schema: { querystring: pageQuery, response: { 200: envelope(page(deposit)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await listDeposits(ctx.db, customerOf(req).user.id, req.query)),
  });
}
