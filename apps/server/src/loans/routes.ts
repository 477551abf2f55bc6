// Loans: listLoanProduct, loanAgreement, loan, listLoanRecord, repayLoan, and the loans review queue.
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';

/** Registers nothing yet: wired in app.ts now so the loans issue only fills this folder. */
export function registerLoanRoutes(_fastify: FastifyInstance, _ctx: Ctx): void {}
