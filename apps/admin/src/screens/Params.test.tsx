// The parameter editor, rendered against the real server: a superadmin changes the withdrawal fee rate and
// customers' getParamByKey answers the new value, with an audit row; the form's checks send nothing; the
// server's refusal shows under the field; a finance admin is told the parameters are not theirs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Params } from './Params.tsx';

let bo: BackOffice;
let superadmin: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  superadmin = await bo.admin('superadmin');
});
afterAll(async () => bo.close());

const publicValue = async (key: string) =>
  (await bo.t.app.inject({ method: 'GET', url: `/api/swx/customer/index/getParamByKey/${key}` })).json<{
    result: { value: string };
  }>().result.value;

const auditTotal = async () =>
  (
    await bo.t.app.inject({
      method: 'GET',
      url: '/admin/api/audit',
      headers: { authorization: superadmin.token },
    })
  ).json<{ result: { total: number } }>().result.total;

async function openEditor(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('the parameter editor', () => {
  it('a superadmin changes the withdrawal fee rate; customers then read the new value', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Params admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'Withdrawal fee (share of the amount)');
    expect(within(dialog).getByText('0 to 0.5, up to 6 decimals')).toBeTruthy();
    const input = within(dialog).getByLabelText('Withdrawal fee (share of the amount)');
    await user.clear(input);
    await user.type(input, '0.015');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'fee review');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain(
        'Withdrawal fee (share of the amount) is saved.',
      ),
    );
    expect(await publicValue('withdraw_fee_rate')).toBe('0.015');
  });

  it('sends nothing for a value outside the rule, without a reason, or unchanged', async () => {
    const before = await auditTotal();
    const user = userEvent.setup();
    renderAs(superadmin, <Params admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'Largest price move before a contract is refused (%)');
    const input = within(dialog).getByLabelText('Largest price move before a contract is refused (%)');
    await user.clear(input);
    await user.type(input, '1%');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a number from 0 to 10 with at most 2 decimals.')).toBeTruthy();
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '0.5');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'checking');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Nothing has changed.')).toBeTruthy();
    expect(await auditTotal()).toBe(before);
  });

  it("shows the server's refusal under the field: a notice id that names no published notice", async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Params admin={superadmin.admin} />);
    const dialog = await openEditor(user, 'Notice pinned to the home bar');
    const input = within(dialog).getByLabelText('Notice pinned to the home bar');
    await user.type(input, '999999');
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'pin');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    expect(dialog.textContent).toContain('No published notice has this id');
    expect(await publicValue('notice_content_id')).toBe('');
  });

  it('shows the derived parameters without an edit button', async () => {
    renderAs(superadmin, <Params admin={superadmin.admin} />);
    const row = (await screen.findByText('Products the server runs')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Computed by the server')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('a finance admin is told the parameters are not theirs to read', async () => {
    const finance = await bo.admin('finance');
    renderAs(finance, <Params admin={finance.admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
  });
});
