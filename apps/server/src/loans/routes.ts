// Loans (CONTRACT.md "User" loan, listLoanRecord, repayLoan, loanAgreement; "Market and content"
// listLoanProduct; issue 10): thin — validate, resolve the customer and book, call the service (inside the
// idempotent transaction for what moves money or commits the customer), answer. The signed agreements are
// served to their owner, and to finance and compliance under /admin/api. The overdue job starts here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codes,
  envelope,
  loanAgreementQuery,
  loanBody,
  loanIdParams,
  loanProduct,
  loanRecord,
  repayLoanBody,
  page,
  pageQuery,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { ok } from '../platform/http.ts';
import { idempotent } from '../platform/idempotency.ts';
import { bookOf, customerOf, requireAdmin, requireCustomer } from '../platform/guards.ts';
import { sha256Hex } from '../platform/uploads.ts';
import { listProducts } from './products.ts';
import { Loans, type Leadership } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The loans domain (its overdue job), for tests. */
    loans: Loans;
  }
}

const pdf = (reply: FastifyReply, bytes: Uint8Array, name: string) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `inline; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));

export function registerLoanRoutes(fastify: FastifyInstance, ctx: Ctx, leadership: Leadership): Loans {
  const loans = new Loans(ctx, leadership);
  fastify.decorate('loans', loans);
  fastify.addHook('onReady', async () => loans.start());
  fastify.addHook('onClose', async () => loans.stop());

  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/swx/customer/user';
  const guard = requireCustomer(ctx);

  app.get('/api/swx/customer/index/listLoanProduct', {
    schema: { response: { 200: envelope(z.array(loanProduct)) } },
    handler: async (req) => ok(req, await listProducts(ctx.db, req.locale)),
  });

  // The PDF to read before signing; its SHA-256 (also in the header) is what the application sends back.
  app.get(`${base}/loanAgreement`, {
    schema: { querystring: loanAgreementQuery },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const issued = await loans.agreement(
        user.id,
        Number(req.query.productId),
        req.query.amount,
        req.locale,
      );
      reply.header('x-agreement-sha256', issued.sha256);
      return pdf(reply, issued.pdf, 'loan-agreement.pdf');
    },
  });

  app.post(`${base}/loan`, {
    schema: { body: loanBody, response: { 200: envelope(loanRecord) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const book = bookOf(req);
      // The signature is part of what makes two requests the same, by its hash (it may be large).
      const { signature, ...rest } = req.body;
      const fingerprint = {
        book,
        ...rest,
        signature: signature === undefined ? null : sha256Hex(Buffer.from(signature)),
      };
      const application = await loans.prepare(user.id, book, req.body);
      return idempotent(ctx, req, reply, user.id, fingerprint, async (tx) => ({
        result: await loans.view(tx, await loans.store(tx, application), req.locale),
        messageCode: codes.submitted,
      }));
    },
  });

  app.get(`${base}/listLoanRecord`, {
    schema: { querystring: pageQuery, response: { 200: envelope(page(loanRecord)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await loans.list(customerOf(req).user.id, req.locale, req.query)),
  });

  app.post(`${base}/repayLoan/:id`, {
    schema: { params: loanIdParams, body: repayLoanBody, response: { 200: envelope(loanRecord) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const { user } = customerOf(req);
      const id = Number(req.params.id);
      const quotedOwed = req.body?.quotedOwed;
      return idempotent(ctx, req, reply, user.id, { id, quotedOwed }, async (tx) => ({
        result: await loans.view(tx, await loans.repay(tx, user.id, id, quotedOwed), req.locale),
        messageCode: codes.done,
      }));
    },
  });

  app.get(`${base}/loanAgreementFile/:id`, {
    schema: { params: loanIdParams },
    onRequest: guard,
    handler: async (req, reply) => {
      const id = Number(req.params.id);
      return pdf(reply, await loans.signedAgreement(id, customerOf(req).user.id), `loan-${id}-agreement.pdf`);
    },
  });

  app.get('/admin/api/loans/:id/agreement', {
    schema: { params: loanIdParams },
    // Finance (who decides loans), compliance and superadmin read signed agreements.
    onRequest: requireAdmin(ctx, 'reviewMoney', 'reviewKyc'),
    handler: async (req, reply) => {
      const id = Number(req.params.id);
      return pdf(reply, await loans.signedAgreement(id, undefined), `loan-${id}-agreement.pdf`);
    },
  });
  return loans;
}
