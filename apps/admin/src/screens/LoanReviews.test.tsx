// The loans review queue, rendered against the real server: the customer with their KYC status, the terms
// as signed, the signed agreement opened with the admin's token, the applicant's finances the decision weighs,
// approval paying the loan out once and a rejection kept with its reason for the customer; a loan past its
// date found with the overdue filter, its late cost accrued, paid and owed shown as the database holds them,
// and the same in the customer 360.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import type { LoanProduct, LoanRecord, LoanReviewItem, Page } from '@tradewind/contract';
import { formatMinor, parseDecimal, roundDown, roundUp, usdtScale } from '@tradewind/contract/money';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { formatAmount } from '../ui/money.ts';
import { client } from '../../../server/src/test/harness.ts';
import { applyForLoan, user as customerApi, verifiedCustomer } from '../../../server/src/loans/testing.ts';
import {
  fundReal,
  setCooldownHours,
  trc20Address,
  withdraw,
} from '../../../server/src/wallet/withdraw-testing.ts';
import { loans } from '../../../server/src/loans/tables.ts';
import { Customer360 } from './Customer360.tsx';
import { Reviews } from './Reviews.tsx';

let bo: BackOffice;
let finance: AdminSession;
let product: LoanProduct;
beforeAll(async () => {
  bo = await startBackOffice();
  await setCooldownHours(bo.t, 0);
  finance = await bo.admin('finance');
  const products = (await client(bo.t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body
    .result;
  const first = products[0];
  if (!first) throw new Error('no loan product seeded');
  product = first;
});
afterAll(async () => bo.close());

/** A verified customer's pending loan of `amount`, applied for as the customer app does, with `funds` of cash. */
async function pendingLoan(amount: string, funds?: string) {
  const borrower = await verifiedCustomer(bo.t);
  if (funds) await fundReal(bo.t, borrower.id, funds);
  const applied = await applyForLoan(bo.t, borrower, product.id, amount);
  if (applied.body.code !== '200') throw new Error(JSON.stringify(applied.body));
  return { borrower, id: applied.body.result.id, loan: applied.body.result };
}

/** Answers come from the real server in the same process: on a busy machine, more than the default second. */
const patience = { timeout: 10_000 };

const rowOf = (id: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === id);
    if (!row) throw new Error(`no row for item ${id}`);
    return row;
  }, patience);
const loanRow = async (id: string) =>
  (
    await bo.t.ctx.db
      .select()
      .from(loans)
      .where(eq(loans.id, Number(id)))
  )[0];

describe('the loans review queue', () => {
  it('shows the customer as verified, the terms as signed and opens the signed agreement', async () => {
    const { borrower, id, loan } = await pendingLoan('150');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="loans" admin={finance.admin} />);
    const row = await rowOf(id);
    expect(within(row).getByText(borrower.userName)).toBeTruthy();
    expect(row.textContent).toContain('150 USDT');
    expect(row.textContent).toContain('KYC status: Verified');
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const details = document.getElementById(`review-loans-${id}`) as HTMLElement;
    const field = (label: string) => within(details).getByText(label).closest('div') as HTMLElement;
    expect(field('Interest').textContent).toContain(`${Number(loan.interest)} USDT`);
    expect(field('Daily rate').textContent).toContain('0.05%');
    expect(field('Agreement SHA-256').textContent).toMatch(/^Agreement SHA-256[0-9a-f]{64}$/);
    // The PDF is fetched with the admin's token and offered from a blob: URL.
    const open = await within(details).findByRole('link', { name: 'Open Signed agreement (PDF)' }, patience);
    expect(open.getAttribute('href')).toMatch(/^blob:/);
  });

  it('approving pays the loan out: repaying, with its disbursement entry and repayment date', async () => {
    const { id } = await pendingLoan('120');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="loans" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve item ${id}` });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toContain('Operation successful'),
      patience,
    );
    const row = await loanRow(id);
    expect(row?.status).toBe('repaying');
    expect(row?.disburseEntryId).not.toBeNull();
    expect(row?.repayDueAt).not.toBeNull();
  });

  it('a rejection needs a reason, and the customer reads it on the loan', async () => {
    const { borrower, id } = await pendingLoan('110');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="loans" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: `Reject item ${id}` });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect((await loanRow(id))?.status).toBe('pending');
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), 'income not shown');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toContain('Operation successful'),
      patience,
    );
    const mine = await borrower.api.get<Page<LoanRecord>>(`${customerApi}/listLoanRecord`);
    expect(mine.body.result.list[0]).toMatchObject({ id, status: 'rejected', reason: 'income not shown' });
  });

  it('shows the applicant’s finances under the loan: own funds, what they cover, the share borrowed', async () => {
    const { id, loan } = await pendingLoan('150', '1000');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="loans" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Details' }));
    const finances = await screen.findByRole('region', { name: 'Applicant’s finances' }, patience);
    const part = async (name: string) => within(finances).findByRole('region', { name }, patience);
    // The label and its value, without the direction isolates around amounts set into sentences.
    const field = (scope: HTMLElement, label: string) =>
      (within(scope).getByText(label).closest('div') as HTMLElement).textContent?.replace(
        /[\u2068\u2069]/g,
        '',
      );

    // Own funds are the 1,000 of cash funded; the loan is weighed against them (the arithmetic again here).
    const affordability = await part('Affordability');
    expect(field(affordability, 'Own funds')).toBe('Own funds1,000 USDT');
    const repay = parseDecimal(loan.repayAmount, usdtScale);
    const own = parseDecimal('1000', usdtScale);
    const amount = parseDecimal('150', usdtScale);
    const cover = formatMinor(roundDown(own * 100n, repay), 2);
    expect(field(affordability, 'Own funds ÷ amount to repay')).toBe(
      `Own funds ÷ amount to repay${cover}Own funds cover the repayment`,
    );
    const share = roundUp(amount * 10_000n, own + amount);
    expect(field(affordability, 'Borrowed share: loan ÷ (own funds + loan)')).toContain(
      `${formatMinor(share, 2)}%`,
    );

    const balances = await part('Own funds and real book balances');
    expect(field(balances, 'Cash')).toBe('Cash1,000 USDT');
    expect(field(balances, 'Loan principal owed')).toBe('Loan principal owed0 USDT');
    const activity = await part('Money in and out, contracts and plans');
    expect(field(activity, 'Deposits credited to date')).toContain('0, totalling 0 USDT');
    expect(field(activity, 'Open real contracts (margin)')).toContain('0, totalling 0 USDT');
    const others = await part('Other loans');
    expect(within(others).getByText('No other loans.')).toBeTruthy();
  });

  // Last: it moves the clock past the loan's date, which ends every session signed in before.
  it('finds a loan past its date with the overdue filter: late cost accrued, paid so far and owed now', async () => {
    const { borrower, id } = await pendingLoan('200');
    const decided = await client(bo.t.app, { token: finance.token }).post(
      `/admin/api/reviews/loans/${id}/approve`,
      { body: {} },
    );
    expect(decided.status).toBe(200);
    // 150 of the 200 leaves as a withdrawal; the 50 left is taken at the date, the rest runs late.
    const saved = await borrower.api.post<{ id: string }>(`${customerApi}/withdrawalType/save`, {
      body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: borrower.password },
    });
    expect(
      (await withdraw({ ...borrower, methodId: saved.body.result.id }, { amount: '150' })).body.code,
    ).toBe('200');
    const due = (await loanRow(id))?.repayDueAt?.getTime() ?? 0;
    bo.t.clock.advance(due + 2 * 86_400_000 + 1000 - bo.t.clock.now());
    await bo.t.app.loans.runOverdue();
    const row = await loanRow(id);
    expect(row?.status).toBe('overdue');
    expect(row?.lateChargeMinor).toBeGreaterThan(0n);

    const staff = await bo.admin('finance');
    const listed = await client(bo.t.app, { token: staff.token }).get<Page<LoanReviewItem>>(
      '/admin/api/reviews/loans',
      { query: { status: 'overdue' } },
    );
    const item = listed.body.result.list.find((l) => l.id === id);
    if (!item || !row) throw new Error('the overdue loan is not listed');
    // The wire figures are the database's.
    const owed = row.repayMinor + row.lateChargeMinor - row.paidPrincipalMinor - row.paidIncomeMinor;
    expect(parseDecimal(item.lateCharge, usdtScale)).toBe(row.lateChargeMinor);
    expect(parseDecimal(item.paid, usdtScale)).toBe(row.paidPrincipalMinor + row.paidIncomeMinor);
    expect(parseDecimal(item.owed, usdtScale)).toBe(owed);
    expect(item.overdueAt).toBe(due);

    const user = userEvent.setup();
    renderAs(staff, <Reviews kind="loans" admin={staff.admin} />);
    await user.click(await screen.findByRole('radio', { name: 'Overdue' }, patience));
    const shown = await rowOf(id);
    const money = (value: string) => formatAmount(value, undefined, 'en');
    expect(shown.textContent).toContain(`Late cost accrued: ${money(item.lateCharge)}`);
    expect(shown.textContent).toContain(`Repaid so far: ${money(item.paid)}`);
    expect(shown.textContent).toContain(`Owed now: ${money(item.owed)}`);
    expect(within(shown).getByText('Overdue', { selector: '.badge' })).toBeTruthy();
    expect(shown.textContent).toContain('Overdue since:');

    // The customer 360 lists the loan with the same late cost and what is owed.
    renderAs(staff, <Customer360 admin={staff.admin} id={borrower.id} />);
    await user.click(await screen.findByRole('tab', { name: 'Products' }, patience));
    const section = screen.getByRole('region', { name: 'Loans' });
    const loanLine = within(section)
      .getAllByRole('row')
      .find((r) => r.querySelector('td')?.textContent === id);
    expect(loanLine?.textContent).toContain(money(item.lateCharge));
    expect(loanLine?.textContent).toContain(money(item.owed));
    expect(within(section).getByRole('columnheader', { name: 'Owed now' })).toBeTruthy();
  });
});
