// The products screen, rendered against the real server: finance creates a smart product in percent a day
// and customers see the rate as a fraction; an edit of a plan's rate goes through the review step; a rate
// above smart_daily_rate_max, or one a loan could fund at a profit (10174), comes back under its field; a loan
// product is created, edited and taken off offer with a reason, and one cheaper than a plan pays is refused
// under its rate and free days; support is told the products are not theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LoanProduct, SmartProduct } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Products } from './Products.tsx';

let bo: BackOffice;
let finance: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  finance = await bo.admin('finance');
});
afterAll(async () => bo.close());

const listed = async <T,>(path: string) =>
  (await bo.t.app.inject({ method: 'GET', url: `/api/swx/customer/index/${path}` })).json<{ result: T[] }>()
    .result;

describe('smart products', () => {
  it('finance creates one in percent a day; customers see it with the rate as a fraction', async () => {
    const user = userEvent.setup();
    renderAs(finance, <Products admin={finance.admin} />);
    await user.click(await screen.findByRole('button', { name: 'New smart product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New smart product' });
    await user.type(within(dialog).getByLabelText('Code'), 'harbour-14');
    const [name, description] = within(dialog).getAllByLabelText('English *');
    if (!name || !description) throw new Error('texts');
    await user.type(name, 'Harbour');
    await user.type(description, 'A fixed rate for 14 days.');
    await user.type(within(dialog).getByLabelText('Minimum (USDT)'), '50');
    await user.type(within(dialog).getByLabelText('Maximum (USDT)'), '5000');
    await user.type(within(dialog).getByLabelText(/Early-exit penalty/), '2');
    await user.type(within(dialog).getByLabelText('Plan 1: days'), '14');
    // 0.012 % a day: 0.168 % over 14 days, under the 0.21 % that borrowing for them costs.
    await user.type(within(dialog).getByLabelText('Plan 1: % a day'), '0.012');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'new product');
    await user.click(within(dialog).getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Harbour is saved.'));
    const harbour = (await listed<SmartProduct>('listSmartProduct')).find((p) => p.name === 'Harbour');
    expect(harbour?.plans).toEqual([
      { days: 14, dailyRate: '0.00012', termsSha256: expect.stringMatching(/^[0-9a-f]{64}$/) as string },
    ]);
  });

  it('a rate above smart_daily_rate_max comes back under its field; a valid edit goes through the review', async () => {
    const user = userEvent.setup();
    renderAs(finance, <Products admin={finance.admin} />);
    await user.click(await screen.findByRole('button', { name: /^Edit Steady/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Edit Steady/ });
    const rate = within(dialog).getByLabelText('Plan 1: % a day');
    expect((rate as HTMLInputElement).value).toBe('0.01');
    await user.clear(rate);
    await user.type(rate, '0.2');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'rates review');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(within(dialog).getByTestId('change-list').textContent).toContain('14 days at 0.2 % a day');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(dialog).getByText('Must be at most 0.1 %')).toBeTruthy());
    // Back on the form (a new input), the server's words under the field.
    const again = within(dialog).getByLabelText('Plan 1: % a day');
    expect(again.getAttribute('aria-invalid')).toBe('true');
    await user.clear(again);
    await user.type(again, '0.012');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Steady.* is saved\./));
    const steady = (await listed<SmartProduct>('listSmartProduct')).find((p) => p.name.startsWith('Steady'));
    expect(steady?.plans[0]).toMatchObject({ days: 14, dailyRate: '0.00012' });
  });

  it('a rate a loan could fund at a profit comes back under its field, naming the loan and the rate that passes', async () => {
    const user = userEvent.setup();
    renderAs(finance, <Products admin={finance.admin} />);
    await user.click(await screen.findByRole('button', { name: /^Edit Growth/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Edit Growth/ });
    const rate = within(dialog).getByLabelText('Plan 1: % a day');
    expect((rate as HTMLInputElement).value).toBe('0.02');
    await user.clear(rate);
    await user.type(rate, '0.025');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'rates review');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const words =
      'Over 30 days this rate pays 0.75 % of the amount, more than borrowing for those days costs with “Extended loan · 90 days” (0.69 %): at most 0.023 % a day';
    await waitFor(() => expect(within(dialog).getByText(words)).toBeTruthy());
    expect(within(dialog).getByLabelText('Plan 1: % a day').getAttribute('aria-invalid')).toBe('true');
    const growth = (await listed<SmartProduct>('listSmartProduct')).find((p) => p.name.startsWith('Growth'));
    expect(growth?.plans[0]).toMatchObject({ days: 30, dailyRate: '0.0002' });
  });
});

/** Opens the new loan product form and fills it: 100–1,000 USDT over a 30-day term at 0.05 % a day. */
async function newLoan(code: string, name: string, freeDays: string, reason: string) {
  const user = userEvent.setup();
  renderAs(finance, <Products admin={finance.admin} />);
  await user.click(await screen.findByRole('button', { name: 'Loans' }));
  await user.click(await screen.findByRole('button', { name: 'New loan product' }));
  const dialog = await screen.findByRole('dialog', { name: 'New loan product' });
  await user.type(within(dialog).getByLabelText('Code'), code);
  await user.type(within(dialog).getByLabelText('English *'), name);
  await user.type(within(dialog).getByLabelText('Minimum (USDT)'), '100');
  await user.type(within(dialog).getByLabelText('Maximum (USDT)'), '1000');
  await user.type(within(dialog).getByLabelText('Term (days)'), '30');
  await user.clear(within(dialog).getByLabelText('Interest-free days'));
  await user.type(within(dialog).getByLabelText('Interest-free days'), freeDays);
  await user.type(within(dialog).getByLabelText('Daily rate (% a day)'), '0.05');
  await user.type(within(dialog).getByLabelText(/Reason for the change/), reason);
  await user.click(within(dialog).getByRole('button', { name: 'Create product' }));
  return { user, dialog };
}

describe('loan products', () => {
  it('finance creates one, then takes it off offer with a reason', async () => {
    const { user, dialog } = await newLoan('bridge-30', 'Bridge 30', '31', 'bridge loans');
    expect(within(dialog).getByText('Cannot exceed the term.')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Interest-free days'));
    await user.type(within(dialog).getByLabelText('Interest-free days'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Create product' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Bridge 30 is saved.'));
    expect((await listed<LoanProduct>('listLoanProduct')).find((p) => p.name === 'Bridge 30')).toMatchObject({
      termDays: 30,
      freeDays: 3,
      dailyRate: '0.0005',
    });

    const row = (await screen.findAllByTestId('loan-row')).find((r) => r.textContent?.includes('bridge-30'));
    if (!row) throw new Error('row');
    await user.click(within(row).getByRole('button', { name: 'Take off offer' }));
    const confirm = await screen.findByRole('dialog', { name: 'Take Bridge 30 off offer' });
    await user.click(within(confirm).getByRole('button', { name: 'Take off offer' }));
    expect(within(confirm).getByText('Required')).toBeTruthy();
    await user.type(within(confirm).getByLabelText(/Reason for the change/), 'closed for now');
    await user.click(within(confirm).getByRole('button', { name: 'Take off offer' }));
    // The same words as after the create: wait for the dialog to go and the row to say so.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(
        screen.getAllByTestId('loan-row').find((r) => r.textContent?.includes('bridge-30'))?.textContent,
      ).toContain('Not on offer'),
    );
    expect((await listed<LoanProduct>('listLoanProduct')).some((p) => p.name === 'Bridge 30')).toBe(false);
  });

  it('one cheaper than a plan pays comes back under its rate and free days, naming the plan', async () => {
    const { dialog } = await newLoan('free-fortnight', 'Free fortnight', '14', 'a free fortnight');
    // 14 free days: borrowing for Steady's 14 days costs nothing (what Steady pays: its rate as the edit
    // above left it).
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          /^Borrowing for 14 days on these terms costs 0 % of the amount, less than “Steady plan” pays over those days \(0\.\d+ %\): a customer could fund the plan with this loan at a profit$/,
        ),
      ).toBeTruthy(),
    );
    expect(
      within(dialog).getByText('Fewer interest-free days also raise the cost of borrowing for 14 days'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Daily rate (% a day)').getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Interest-free days').getAttribute('aria-invalid')).toBe('true');
    expect((await listed<LoanProduct>('listLoanProduct')).some((p) => p.name === 'Free fortnight')).toBe(
      false,
    );
  });

  it('support is told the products are not theirs', async () => {
    const support = await bo.admin('support');
    renderAs(support, <Products admin={support.admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
  });
});
