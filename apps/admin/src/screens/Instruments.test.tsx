// The instrument editor, rendered against the real server: a superadmin narrows EUR/USD's leverage within the
// cap after a review step and customers are quoted the new choices; a choice above the category's cap is
// refused before anything is sent; disabling an instrument with open contracts asks to confirm they stay
// settleable; the hours editor refuses an unknown zone and adds a holiday; finance is told it is not theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { MarketInfo } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { registerUser } from '../../../server/src/test/harness.ts';
import { buy, quoteBody } from '../../../server/src/orders/testing.ts';
import { Instruments } from './Instruments.tsx';

let bo: BackOffice;
let superadmin: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  superadmin = await bo.admin('superadmin');
});
afterAll(async () => bo.close());

const marketInfo = async (code: string) =>
  (await bo.t.app.inject({ method: 'GET', url: `/api/swx/customer/index/getMarketInfo/${code}` })).json<{
    code: string;
    result: MarketInfo;
  }>();

const auditTotal = async () =>
  (
    await bo.t.app.inject({
      method: 'GET',
      url: '/admin/api/audit',
      headers: { authorization: superadmin.token },
    })
  ).json<{ result: { total: number } }>().result.total;

async function openEditor(user: UserEvent, code: string, name: string) {
  const search = await screen.findByRole('searchbox', { name: 'Code or name' });
  await user.clear(search);
  await user.type(search, code);
  await user.click(screen.getByRole('button', { name: 'Search' }));
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('the instrument editor', () => {
  it('narrows leverage within the cap after a review step; customers are quoted the new choices', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Instruments admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'EURUSD', 'EUR/USD');
    expect(within(dialog).getByText(/capped at 30×/, { selector: '.field-hint' })).toBeTruthy();
    const chips = within(dialog).getByRole('group', { name: 'Leverage' });
    // Chips up to the cap only: 1, 2, 3, 5, 10, 15, 20, 25, 30.
    const toggles = within(chips)
      .getAllByRole('button')
      .filter((b) => b.hasAttribute('aria-pressed'));
    expect(toggles.map((b) => b.textContent)).toEqual([
      '1×',
      '2×',
      '3×',
      '5×',
      '10×',
      '15×',
      '20×',
      '25×',
      '30×',
    ]);
    await user.click(within(chips).getByRole('button', { name: '30×' }));
    await user.click(within(chips).getByRole('button', { name: '2×' }));
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'ESMA retail limits');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    const changes = within(dialog).getByTestId('change-list');
    expect(changes.textContent).toContain('1×, 2×, 5×, 10×, 20×, 30×');
    expect(changes.textContent).toContain('1×, 5×, 10×, 20×');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('EUR/USD is saved.'));
    expect((await marketInfo('EURUSD')).result.leverages).toEqual([1, 5, 10, 20]);
  });

  it('refuses a leverage above the category cap before sending, and sends nothing without a reason', async () => {
    const before = await auditTotal();
    const user = userEvent.setup();
    renderAs(superadmin, <Instruments admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'BTCUSDT', 'BTC/USDT');
    await user.type(within(dialog).getByLabelText('Other leverage'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(
      within(dialog).getByText('Leverage in this category is capped at 2×.', { selector: '.field-error' }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect(within(dialog).queryByTestId('change-list')).toBeNull();
    expect(await auditTotal()).toBe(before);
    expect((await marketInfo('BTCUSDT')).result.leverages).toEqual([1, 2]);
  });

  it('disabling an instrument with open contracts asks to confirm they stay open; then it is gone for customers', async () => {
    const customer = await registerUser(bo.t);
    const opened = await buy(bo.t, customer.token, await quoteBody(bo.t, 'LTCUSDT', { lots: '1' }));
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const user = userEvent.setup();
    renderAs(superadmin, <Instruments admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'LTCUSDT', 'LTC/USDT');
    await user.click(within(dialog).getByLabelText('Listed for customers'));
    expect(within(dialog).getByText(/Contracts open on this instrument: 1\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'delisting');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(within(dialog).queryByTestId('change-list')).toBeNull();
    await user.click(within(dialog).getByLabelText(/I confirm the 1 open contracts stay open/));
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(within(dialog).getByTestId('change-list').textContent).toMatch(
      /Status\s*Listed → becomesNot listed/,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('LTC/USDT is saved.'));
    expect((await marketInfo('LTCUSDT')).code).toBe('10111');
    const row = (await screen.findAllByTestId('instrument-row')).find((r) =>
      r.textContent?.includes('LTCUSDT'),
    );
    expect(row?.textContent).toContain('Not listed');
  });

  it('the hours editor refuses an unknown zone, then saves a holiday the customer page shows', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Instruments admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'AAPL', 'AAPL');
    const hours = within(dialog).getByTestId('hours-editor');
    const zone = within(hours).getByLabelText('Exchange time zone');
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'exchange holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(within(hours).getByText(/Not a known time zone/)).toBeTruthy();
    await user.clear(zone);
    await user.type(zone, 'America/New_York');
    const future = new Date(bo.t.clock.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await user.type(within(hours).getByLabelText('Holidays'), future);
    await user.click(within(hours).getByRole('button', { name: 'Add holiday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Review changes' }));
    expect(within(dialog).getByTestId('change-list').textContent).toContain('Holidays: 1');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('AAPL is saved.'));
    expect((await marketInfo('AAPL')).result.tradingHours.holidays).toEqual([future]);
  });

  it('a finance admin is told instruments are not theirs', async () => {
    const finance = await bo.admin('finance');
    renderAs(finance, <Instruments admin={finance.admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
  });
});
