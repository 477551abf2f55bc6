// An applicant's finances as a loan decision weighs them (issue 24 "Finance decides with the facts"): own
// funds from the real book's accounts less the principal owed, money deposited and withdrawn to date, what is
// in contracts and plans now, the other loans and how they were repaid, and the loan weighed against all of
// it. A read model above the domains (this folder reads loans, wallet, orders and smart; loans cannot, since
// those import loans/debt.ts). Read in one repeatable-read snapshot, so the figures add up with each other.
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { codes, loanStatuses, type ApplicantFinances, type ApplicantLoan } from '@tradewind/contract';
import { sum } from '@tradewind/contract/money';
import type { Locale } from '@tradewind/i18n/locales';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import { balancesOf } from '../ledger/accounts.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { withdrawals } from '../wallet/withdraw-tables.ts';
import { optionOrders } from '../orders/tables.ts';
import { smartOrders } from '../smart/tables.ts';
import { loans, type LoanRow } from '../loans/tables.ts';
import { productName } from '../loans/products.ts';
import { owedMinor, unpaidPrincipal } from '../loans/late.ts';
import { affordability, latePaidMinor, ownFundsMinor } from './affordability.ts';
import { bookBalances, reviewedTotals } from './money.ts';
import { latestLoans } from './products.ts';
import { ms, oneOf, usdt } from './format.ts';
import { customerRow } from './view.ts';

const outstanding = ['repaying', 'overdue'] as const;

/** The loan named (10111 unless it is this customer's), else the one under review or outstanding, if any. */
async function weighedLoan(tx: Tx, userId: number, loanId: number | undefined): Promise<LoanRow | undefined> {
  const mine = eq(loans.userId, userId);
  const where =
    loanId === undefined
      ? and(mine, inArray(loans.status, ['pending', ...outstanding]))
      : and(mine, eq(loans.id, loanId));
  const [row] = await tx.select().from(loans).where(where).orderBy(desc(loans.id)).limit(1);
  if (loanId !== undefined && !row) throw new AppError(codes.notFound);
  return row;
}

async function moneyFlows(tx: Tx, userId: number) {
  const [dep, wd] = [
    await reviewedTotals(
      tx,
      { table: deposits, status: deposits.status, amount: deposits.amountMinor },
      eq(deposits.userId, userId),
    ),
    await reviewedTotals(
      tx,
      { table: withdrawals, status: withdrawals.status, amount: withdrawals.amountMinor },
      eq(withdrawals.userId, userId),
    ),
  ];
  const flow = (t: typeof dep) => ({
    approved: t.approved,
    approvedAmount: t.approvedAmount,
    pending: t.pending,
  });
  return { deposits: flow(dep), withdrawals: flow(wd) };
}

/** Real-book contracts open now and plans earning now: how many, and the money each holds. */
async function holdings(tx: Tx, userId: number) {
  const [contracts] = await tx
    .select({ n: count(), margin: sql<string>`coalesce(sum(${optionOrders.marginMinor}), 0)::text` })
    .from(optionOrders)
    .where(
      and(eq(optionOrders.userId, userId), eq(optionOrders.book, 'real'), eq(optionOrders.status, 'open')),
    );
  const [plans] = await tx
    .select({ n: count(), principal: sql<string>`coalesce(sum(${smartOrders.amountMinor}), 0)::text` })
    .from(smartOrders)
    .where(and(eq(smartOrders.userId, userId), eq(smartOrders.status, 'earning')));
  return {
    contracts: { open: contracts?.n ?? 0, margin: usdt(BigInt(contracts?.margin ?? '0')) },
    smartPlans: { earning: plans?.n ?? 0, principal: usdt(BigInt(plans?.principal ?? '0')) },
  };
}

function historyItem(row: LoanRow, name: string): ApplicantLoan {
  return {
    id: String(row.id),
    productName: name,
    amount: usdt(row.amountMinor),
    repayAmount: usdt(row.repayMinor),
    status: oneOf(loanStatuses, row.status, `loan ${row.id} status`),
    createdAt: row.createdAt.getTime(),
    repayDate: ms(row.repayDueAt),
    repaidAt: ms(row.repaidAt),
    overdueAt: ms(row.overdueAt),
    repaidLate: row.status === 'repaid' ? row.overdueAt !== null : null,
    lateCharge: usdt(row.lateChargeMinor),
    latePaid: usdt(latePaidMinor(row)),
    paid: usdt(row.paidPrincipalMinor + row.paidIncomeMinor),
    owed: usdt(row.status === 'rejected' ? 0n : owedMinor(row)),
  };
}

/** The customer's loans but the one weighed: the latest of them, and their record counted in the database. */
async function otherLoans(tx: Tx, userId: number, weighed: LoanRow | undefined, locale: Locale) {
  const where: SQL | undefined = and(
    eq(loans.userId, userId),
    weighed ? ne(loans.id, weighed.id) : undefined,
  );
  const repaid = sql`${loans.status} = 'repaid'`;
  // latePaidMinor's rule (affordability.ts), summed where the rows are.
  const latePaid = sql`least(${loans.lateChargeMinor}, greatest(0, ${loans.paidIncomeMinor} - ${loans.interestMinor}))`;
  const [record] = await tx
    .select({
      n: count(),
      onTime: sql<number>`count(*) filter (where ${repaid} and ${loans.overdueAt} is null)`.mapWith(Number),
      late: sql<number>`count(*) filter (where ${repaid} and ${loans.overdueAt} is not null)`.mapWith(Number),
      overdue: sql<number>`count(*) filter (where ${loans.status} = 'overdue')`.mapWith(Number),
      latePaid: sql<string>`coalesce(sum(${latePaid}), 0)::text`,
    })
    .from(loans)
    .where(where);
  const rows = await latestLoans(tx, where);
  return {
    total: record?.n ?? 0,
    list: rows.map(({ loan, product }) => historyItem(loan, productName(product, locale))),
    repaidOnTime: record?.onTime ?? 0,
    repaidLate: record?.late ?? 0,
    overdueNow: record?.overdue ?? 0,
    lateChargePaid: usdt(BigInt(record?.latePaid ?? '0')),
  };
}

/** Principal lent to the customer and not yet repaid (one loan at a time, loans_one_open; summed anyway). */
async function owedPrincipal(tx: Tx, userId: number): Promise<bigint> {
  const rows = await tx
    .select()
    .from(loans)
    .where(and(eq(loans.userId, userId), inArray(loans.status, [...outstanding])));
  return sum(rows.map(unpaidPrincipal));
}

export async function applicantFinancesOf(
  ctx: Ctx,
  userId: number,
  loanId: number | undefined,
  locale: Locale,
): Promise<ApplicantFinances> {
  return ctx.db.transaction(
    async (tx) => {
      await customerRow(tx, userId);
      const weighed = await weighedLoan(tx, userId, loanId);
      const real = await balancesOf(tx, userId, 'real', 'USDT');
      const of = (purpose: string) => real.get(purpose) ?? 0n;
      const owed = await owedPrincipal(tx, userId);
      const own = ownFundsMinor({
        cashMinor: of('cash'),
        planPrincipalMinor: of('plan_principal'),
        owedPrincipalMinor: owed,
      });
      return {
        userId: String(userId),
        balances: bookBalances(of),
        loanPrincipalOutstanding: usdt(owed),
        ownFunds: usdt(own),
        ...(await moneyFlows(tx, userId)),
        ...(await holdings(tx, userId)),
        loans: await otherLoans(tx, userId, weighed, locale),
        affordability: weighed
          ? {
              loanId: String(weighed.id),
              amount: usdt(weighed.amountMinor),
              repayAmount: usdt(weighed.repayMinor),
              ...affordability(own, weighed),
            }
          : null,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
