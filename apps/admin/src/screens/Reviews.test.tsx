// The review decision flow on the withdrawal queue, rendered against the real server: approve, reject with
// a reason, and the server's refusals shown where the operator is looking.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { realBalances, withdraw, withdrawer } from '../../../server/src/wallet/withdraw-testing.ts';
import { withdrawals } from '../../../server/src/wallet/withdraw-tables.ts';
import { registerUser } from '../../../server/src/test/harness.ts';
import { pngPart, postForm } from '../../../server/src/test/multipart.ts';
import { Reviews } from './Reviews.tsx';

let bo: BackOffice;
let finance: AdminSession;
let otherFinance: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  [finance, otherFinance] = [await bo.admin('finance'), await bo.admin('finance')];
});
afterAll(async () => bo.close());

async function pendingWithdrawal(amount: string) {
  const w = await withdrawer(bo.t, '100');
  const placed = await withdraw(w, { amount });
  if (placed.body.code !== '200') throw new Error(JSON.stringify(placed.body));
  return { w, id: placed.body.result.id };
}
/** The table row whose first cell (the item's id) is `id`. */
const rowOf = (id: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === id);
    if (!row) throw new Error(`no row for item ${id}`);
    return row;
  });
const statusOf = async (id: number) =>
  (await bo.t.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0];

describe('the review decision flow', () => {
  it('approving a crypto withdrawal asks for the payout hash, then posts it and says so', async () => {
    const { w, id } = await pendingWithdrawal('40');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="withdrawals" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve item ${id}` });
    expect(dialog.textContent).toContain('Send the payout first, then approve');
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'paid out by bank run 7');
    // Without the hash: the server's field message under the field, nothing decided.
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const hashField = within(dialog).getByLabelText(/Payout transaction hash/);
    await waitFor(() => expect(hashField.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/transaction hash of the payout/);
    expect((await statusOf(Number(id)))?.status).toBe('pending');
    // A TRON id is 64 hex digits without 0x.
    await user.type(hashField, `0x${'ab'.repeat(32)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toMatch(/not a transaction hash/),
    );
    await user.clear(hashField);
    await user.type(hashField, 'AB'.repeat(32));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Operation successful'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await statusOf(Number(id))).toMatchObject({ status: 'approved', payoutTxHash: 'ab'.repeat(32) });
    expect(await realBalances(bo.t, w.id)).toEqual({ cash: '60', hold: '0' });
    // Decided, it leaves the pending queue.
    await waitFor(() =>
      expect(screen.getAllByRole('row').some((r) => r.querySelector('td')?.textContent === id)).toBe(false),
    );
  });

  it('a rejection needs a reason before anything is sent, and the reason is kept', async () => {
    const { w, id } = await pendingWithdrawal('25');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="withdrawals" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: `Reject item ${id}` });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    expect((await statusOf(Number(id)))?.status).toBe('pending');
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), 'address on a sanctions list');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Operation successful'));
    expect(await statusOf(Number(id))).toMatchObject({
      status: 'rejected',
      reason: 'address on a sanctions list',
    });
    expect(await realBalances(bo.t, w.id)).toEqual({ cash: '100', hold: '0' });
  });

  it('an item another admin decided meanwhile shows the server refusal in the dialog', async () => {
    const { id } = await pendingWithdrawal('10');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="withdrawals" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve item ${id}` });
    const meanwhile = await bo.t.app.inject({
      method: 'POST',
      url: `/admin/api/reviews/withdrawals/${id}/reject`,
      headers: { authorization: otherFinance.token },
      payload: { reason: 'decided elsewhere' },
    });
    expect(meanwhile.statusCode).toBe(200);
    await user.type(within(dialog).getByLabelText(/Payout transaction hash/), 'cd'.repeat(32));
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Wrong collection status');
    expect((await statusOf(Number(id)))?.status).toBe('rejected');
  });

  it('shows the withdrawal by its own fields: amounts with their asset, fee rate, masked destination', async () => {
    const { w, id } = await pendingWithdrawal('12.5');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="withdrawals" admin={finance.admin} />);
    const row = await rowOf(id);
    expect(within(row).getByText(w.userName)).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Details' }));
    const details = document.getElementById(`review-withdrawals-${id}`) as HTMLElement;
    const field = (label: string) => within(details).getByText(label).closest('div') as HTMLElement;
    expect(field('Amount').textContent).toContain('12.5 USDT');
    expect(field('Fee rate').textContent).toContain('1%');
    expect(field('Type').textContent).toContain('USDT address');
    expect(field('Network').textContent).toContain('TRC20');
    expect(within(details).getByRole('heading', { name: 'Withdrawal method' })).toBeTruthy();
  });

  it('shows an approved withdrawal’s payout hash with a link to Tronscan', async () => {
    const { id } = await pendingWithdrawal('11');
    const approved = await bo.t.app.inject({
      method: 'POST',
      url: `/admin/api/reviews/withdrawals/${id}/approve`,
      headers: { authorization: otherFinance.token },
      payload: { payoutTxHash: 'ef'.repeat(32) },
    });
    expect(approved.statusCode).toBe(200);
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="withdrawals" admin={finance.admin} />);
    await user.click(await screen.findByRole('radio', { name: 'Approved' }));
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Details' }));
    const details = document.getElementById(`review-withdrawals-${id}`) as HTMLElement;
    expect(details.textContent).toContain('ef'.repeat(32));
    const link = within(details).getByRole('link', { name: 'View on Tronscan' });
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${'ef'.repeat(32)}`);
  });

  it('a KYC decision says what it does: no ledger entry, no money moved', async () => {
    const compliance = await bo.admin('compliance');
    const customer = await registerUser(bo.t);
    const submitted = await postForm(
      bo.t.app,
      '/api/swx/customer/user/identification',
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        sex: 'female',
        birthdate: '1990-05-17',
        country: 'GB',
        address: '12 St James’s Square, London',
        areaCode: '+44',
        phone: '7700900123',
        docType: 'passport',
        front: await pngPart(1),
        back: await pngPart(2),
        selfie: await pngPart(3),
      },
      { token: customer.token },
    );
    expect(submitted.status).toBe(200);
    const user = userEvent.setup();
    renderAs(compliance, <Reviews kind="kyc" admin={compliance.admin} />);
    const [approve] = await screen.findAllByRole('button', { name: 'Approve' });
    if (!approve) throw new Error('no pending KYC item');
    await user.click(approve);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('No money moves');
    expect(dialog.textContent).not.toMatch(/ledger entry/);
  });

  it('shows each role only the queues it works, and sends it there from one it does not', async () => {
    const compliance = await bo.admin('compliance');
    const base = import.meta.env.BASE_URL; // '/admin/' when built, '/' here
    window.history.replaceState(null, '', `${base}reviews/withdrawals`);
    renderAs(compliance, <Reviews kind="withdrawals" admin={compliance.admin} />);
    await waitFor(() => expect(window.location.pathname).toBe(`${base}reviews/kyc`));
    expect(screen.queryByText(/may not do this|may view this screen/)).toBeNull();
    renderAs(compliance, <Reviews kind="kyc" admin={compliance.admin} />);
    const tabs = screen.getByRole('navigation', { name: 'Queue' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['KYC']);
    renderAs(finance, <Reviews kind="deposits" admin={finance.admin} />);
    const financeTabs = screen.getByRole('navigation', { name: 'Queue' });
    expect(
      within(financeTabs)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Deposits', 'Withdrawals', 'Loans']);
    expect(screen.queryByText(/may view this screen/)).toBeNull();
  });
});
