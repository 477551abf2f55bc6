// The loans review queue, rendered against the real server: the customer with their KYC status, the terms
// as signed, the signed agreement opened with the admin's token, approval paying the loan out once and a
// rejection kept with its reason for the customer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import type { LoanProduct, LoanRecord, Page } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { client } from '../../../server/src/test/harness.ts';
import {
  downloadAgreement,
  key,
  signatureDataUrl,
  user as customerApi,
  verifiedCustomer,
} from '../../../server/src/loans/testing.ts';
import { loans } from '../../../server/src/loans/tables.ts';
import { Reviews } from './Reviews.tsx';

let bo: BackOffice;
let finance: AdminSession;
let product: LoanProduct;
beforeAll(async () => {
  bo = await startBackOffice();
  finance = await bo.admin('finance');
  const products = (await client(bo.t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct')).body
    .result;
  const first = products[0];
  if (!first) throw new Error('no loan product seeded');
  product = first;
});
afterAll(async () => bo.close());

/** A verified customer's pending loan of `amount`, applied for as the customer app does. */
async function pendingLoan(amount: string) {
  const borrower = await verifiedCustomer(bo.t);
  const agreement = await downloadAgreement(bo.t, borrower.token, product.id, amount);
  const applied = await borrower.api.post<LoanRecord>(`${customerApi}/loan`, {
    body: {
      productId: product.id,
      amount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
    },
    headers: { 'idempotency-key': key() },
  });
  if (applied.body.code !== '200') throw new Error(JSON.stringify(applied.body));
  return { borrower, id: applied.body.result.id, loan: applied.body.result };
}

const rowOf = (id: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === id);
    if (!row) throw new Error(`no row for item ${id}`);
    return row;
  });
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
    const open = await within(details).findByRole('link', { name: 'Open Signed agreement (PDF)' });
    expect(open.getAttribute('href')).toMatch(/^blob:/);
  });

  it('approving pays the loan out: repaying, with its disbursement entry and repayment date', async () => {
    const { id } = await pendingLoan('120');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="loans" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve item ${id}` });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Operation successful'));
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
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Operation successful'));
    const mine = await borrower.api.get<Page<LoanRecord>>(`${customerApi}/listLoanRecord`);
    expect(mine.body.result.list[0]).toMatchObject({ id, status: 'rejected', reason: 'income not shown' });
  });
});
