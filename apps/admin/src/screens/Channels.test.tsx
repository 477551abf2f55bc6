// The channel-edit flow, rendered against the real server: a superadmin opens a channel with a real address,
// the network's address check refuses a bad one under the field, and the form's own checks send nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { DepositChannel } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { nameOperator, validAddresses } from '../../../server/src/wallet/deposit-testing.ts';
import { Channels } from './Channels.tsx';

let bo: BackOffice;
let superadmin: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  superadmin = await bo.admin('superadmin');
  // No channel opens before the operator is named (its refusal is in e2e/admin/setup-warnings.spec.ts).
  await nameOperator(bo.t, superadmin.token);
});
afterAll(async () => bo.close());

const publicChannels = async () =>
  (await bo.t.app.inject({ method: 'GET', url: '/api/swx/customer/index/listDepositChannel' })).json<{
    result: DepositChannel[];
  }>().result;

const auditRows = async () =>
  (
    await bo.t.app.inject({
      method: 'GET',
      url: '/admin/api/audit',
      headers: { authorization: superadmin.token },
    })
  ).json<{ result: { total: number } }>().result.total;

async function openEditor(user: UserEvent, name: string) {
  const cell = await screen.findByText(name, { selector: 'bdi' });
  const row = cell.closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('the channel-edit flow', () => {
  it('a superadmin sets a real address and shows the channel; customers then see it', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Channels admin={superadmin.admin} />);
    expect(await screen.findByText(/Deposits are closed/)).toBeTruthy();
    const dialog = await openEditor(user, 'USDT (TRC20)');
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    await user.type(address, validAddresses.TRC20);
    await user.click(within(dialog).getByLabelText('Shown to customers'));
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'company TRON wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('USDT (TRC20) is saved.'));
    expect((await publicChannels()).map((c) => `${c.asset} ${c.network} ${c.address}`)).toEqual([
      `USDT TRC20 ${validAddresses.TRC20}`,
    ]);
  });

  it("an address that fails the network's check is refused with the server's words under the field", async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Channels admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'USDT (ERC20)');
    const address = within(dialog).getByLabelText('Address');
    await user.clear(address);
    // The EIP-55 example with one letter's case flipped: well formed, wrong checksum.
    await user.type(address, validAddresses.ERC20.replace('aAeb', 'aaeb'));
    await user.click(within(dialog).getByLabelText('Shown to customers'));
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toMatch(/checksum/i);
    expect((await publicChannels()).some((c) => c.network === 'ERC20')).toBe(false);
  });

  it('the form sends nothing without a reason, with nothing changed, or with a spread above the cap', async () => {
    const before = await auditRows();
    const user = userEvent.setup();
    renderAs(superadmin, <Channels admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'BTC (Bitcoin)');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'checking');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('Nothing has changed.')).toBeTruthy();
    const spread = within(dialog).getByLabelText('Spread (bps)');
    await user.clear(spread);
    await user.type(spread, '501');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText('A whole number from 0 to 500.')).toBeTruthy();
    const minimum = within(dialog).getByLabelText('Minimum (coin units)');
    await user.clear(spread);
    await user.type(spread, '25');
    await user.clear(minimum);
    await user.type(minimum, '0.000000001');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByText(/Enter a positive decimal number/)).toBeTruthy();
    expect(await auditRows()).toBe(before);
  });

  it('a finance admin is told the channels are not theirs to read', async () => {
    const finance = await bo.admin('finance');
    renderAs(finance, <Channels admin={finance.admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
  });
});
