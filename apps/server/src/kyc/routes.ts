// KYC route: the `identification` multipart form (CONTRACT.md "User").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { codes, envelope, identificationFields } from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { prepareImage, uploadFile } from '../platform/uploads.ts';
import { customerOf, requireCustomer } from '../platform/guards.ts';
import { submitIdentification } from './service.ts';

export function registerKycRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post('/api/swx/customer/user/identification', {
    schema: {
      body: identificationFields.extend({ front: uploadFile, back: uploadFile, selfie: uploadFile }),
      response: { 200: envelope(z.null()) },
    },
    // onRequest, not preHandler: no file is read for a request without a session.
    onRequest: requireCustomer(ctx),
    handler: async (req) => {
      const { front, back, selfie, ...fields } = req.body;
      const limits = { maxBytes: ctx.config.uploadMaxBytes };
      const photos = {
        front: await prepareImage(front, limits),
        back: await prepareImage(back, limits),
        selfie: await prepareImage(selfie, limits),
      };
      await submitIdentification(ctx, customerOf(req).user.id, fields, photos);
      return ok(req, null, codes.submitted);
    },
  });
}
