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
  it('approving a pending withdrawal from its row posts it and says so', async () => {
    const { w, id } = await pendingWithdrawal('40');
    const user = userEvent.setup();
    renderAs(finance, <Reviews kind="withdrawals" admin={finance.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: `Approve item ${id}` });
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'paid out by bank run 7');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Operation successful'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await statusOf(Number(id)))?.status).toBe('approved');
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

  it('tells a compliance admin that the role may not read the withdrawal queue', async () => {
    const compliance = await bo.admin('compliance');
    renderAs(compliance, <Reviews kind="withdrawals" admin={compliance.admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
    expect(screen.getByText(/may view this screen but not act on it/)).toBeTruthy();
  });
});
