// The customer 360 under /admin/api/customers: search, the 360 view, the fund records behind it, an
// applicant's finances for a loan decision, and the actions staff take from it. Disable/enable stays
// POST /admin/api/users/{id}/status (admin/routes.ts).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  applicantFinances,
  applicantFinancesQuery,
  codes,
  customer360,
  customerActionBody,
  customerBookBalances,
  customerFundRecordsQuery,
  customerListItem,
  customerParams,
  customerSession,
  customerSessionParams,
  customersQuery,
  envelope,
  fundRecord,
  page,
} from '@tradewind/contract';
import { ok } from '../platform/http.ts';
import type { Ctx } from '../platform/context.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { searchCustomers } from './search.ts';
import { customerFundRecords, customerView } from './view.ts';
import { resetCustomerDemo, revokeCustomerSession } from './actions.ts';
import { applicantFinancesOf } from './applicant.ts';

export function registerCustomerRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/admin/api/customers';

  app.get(base, {
    schema: { querystring: customersQuery, response: { 200: envelope(page(customerListItem)) } },
    onRequest: requireAdmin(ctx, 'readCustomers'),
    handler: async (req) => ok(req, await searchCustomers(ctx.db, req.query)),
  });

  app.get(`${base}/:id`, {
    schema: { params: customerParams, response: { 200: envelope(customer360) } },
    onRequest: requireAdmin(ctx, 'readCustomers'),
    handler: async (req) => ok(req, await customerView(ctx, adminOf(req), Number(req.params.id), req.locale)),
  });

  app.get(`${base}/:id/fund-records`, {
    schema: {
      params: customerParams,
      querystring: customerFundRecordsQuery,
      response: { 200: envelope(page(fundRecord)) },
    },
    onRequest: requireAdmin(ctx, 'readCustomers'),
    handler: async (req) => ok(req, await customerFundRecords(ctx, Number(req.params.id), req.query)),
  });

  app.get(`${base}/:id/finances`, {
    schema: {
      params: customerParams,
      querystring: applicantFinancesQuery,
      response: { 200: envelope(applicantFinances) },
    },
    onRequest: requireAdmin(ctx, 'readApplicantFinances'),
    handler: async (req) => {
      const loanId = req.query.loanId === undefined ? undefined : Number(req.query.loanId);
      return ok(req, await applicantFinancesOf(ctx, Number(req.params.id), loanId, req.locale));
    },
  });

  app.post(`${base}/:id/reset-demo`, {
    schema: {
      params: customerParams,
      body: customerActionBody,
      response: { 200: envelope(customerBookBalances) },
    },
    onRequest: requireAdmin(ctx, 'resetCustomerDemo'),
    handler: async (req) => {
      const id = Number(req.params.id);
      return ok(req, await resetCustomerDemo(ctx, adminOf(req), id, req.body.reason), codes.done);
    },
  });

  // Ending a session is a security decision like disabling: the same permission.
  app.post(`${base}/:id/sessions/:sid/revoke`, {
    schema: {
      params: customerSessionParams,
      body: customerActionBody,
      response: { 200: envelope(customerSession) },
    },
    onRequest: requireAdmin(ctx, 'setUserStatus'),
    handler: async (req) => {
      const [id, sid] = [Number(req.params.id), Number(req.params.sid)];
      return ok(req, await revokeCustomerSession(ctx, adminOf(req), id, sid, req.body.reason), codes.done);
    },
  });
}
