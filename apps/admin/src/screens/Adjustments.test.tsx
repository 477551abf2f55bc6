// The four-eyes adjustment flow, rendered against the real server: request, approve by a second admin,
// reject with a reason, cancel by the requester, and the limits said before the server refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { registerUser } from '../../../server/src/test/harness.ts';
import { adjustments } from '../../../server/src/admin/adjustments-tables.ts';
import { Adjustments } from './Adjustments.tsx';

let bo: BackOffice;
let asker: AdminSession;
let checker: AdminSession;
let superadmin: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  [asker, checker, superadmin] = [
    await bo.admin('finance'),
    await bo.admin('finance'),
    await bo.admin('superadmin'),
  ];
});
afterAll(async () => bo.close());

const rowsOf = async (userId: string) =>
  bo.t.ctx.db
    .select()
    .from(adjustments)
    .where(eq(adjustments.userId, Number(userId)));
const statusLine = () => screen.getByRole('status').textContent ?? '';

async function request(user: UserEvent, userId: string, amount: string, reason = 'goodwill credit') {
  const form = screen.getByRole('form', { name: 'Request an adjustment' });
  await user.clear(within(form).getByLabelText('Customer ID'));
  await user.type(within(form).getByLabelText('Customer ID'), userId);
  await user.selectOptions(within(form).getByLabelText('Book'), 'demo');
  await user.clear(within(form).getByLabelText('Amount in USDT'));
  await user.type(within(form).getByLabelText('Amount in USDT'), amount);
  await user.type(within(form).getByLabelText('Reason'), reason);
  await user.click(within(form).getByRole('button', { name: 'Request adjustment' }));
}
async function pendingFor(amount: string) {
  const u = await registerUser(bo.t);
  const res = await bo.t.app.inject({
    method: 'POST',
    url: '/admin/api/adjustments',
    headers: { authorization: asker.token },
    payload: { userId: u.id, book: 'demo', amount, reason: 'test request' },
  });
  return { u, id: res.json<{ result: { id: string } }>().result.id };
}
/** The table row whose first cell (the item's id) is `id`. */
const rowOf = (id: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === id);
    if (!row) throw new Error(`no row for item ${id}`);
    return row;
  });
const demoBalance = async (token: string) =>
  (
    await bo.t.app.inject({
      method: 'POST',
      url: '/api/swx/customer/user/getUserInfo',
      headers: { authorization: token },
    })
  ).json<{ result: { balance: string } }>().result.balance;

describe('the adjustment flow', () => {
  it('a request is sent, listed as pending with a cancel for its requester, and moves no money', async () => {
    const u = await registerUser(bo.t);
    const user = userEvent.setup();
    renderAs(asker, <Adjustments admin={asker.admin} />);
    await request(user, u.id, '25.5');
    await waitFor(() => expect(statusLine()).toMatch(/Adjustment \d+ is pending/));
    const [row] = await rowsOf(u.id);
    expect(row).toMatchObject({ status: 'pending', amountMinor: 25_500_000n, book: 'demo' });
    const listed = await rowOf(String(row?.id));
    expect(listed.textContent).toContain('your request');
    expect(within(listed).getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(within(listed).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(await demoBalance(u.token)).toBe('100000');
  });

  it('a second admin approves it from the list and the customer is credited', async () => {
    const { u, id } = await pendingFor('40');
    const user = userEvent.setup();
    renderAs(checker, <Adjustments admin={checker.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: /Approve adjustment/ });
    expect(dialog.textContent).toContain('40 USDT');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(statusLine()).toContain(`Adjustment ${id} is approved and posted.`));
    expect(await demoBalance(u.token)).toBe('100040');
  });

  it('a rejection needs a reason, then nothing is posted', async () => {
    const { u, id } = await pendingFor('15');
    const user = userEvent.setup();
    renderAs(checker, <Adjustments admin={checker.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: /Reject adjustment/ });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason for rejection/), 'no ticket');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(statusLine()).toContain(`Adjustment ${id} is rejected.`));
    expect((await rowsOf(u.id))[0]).toMatchObject({ status: 'rejected', decisionReason: 'no ticket' });
    expect(await demoBalance(u.token)).toBe('100000');
  });

  it('the requester cancels their own request', async () => {
    const { u, id } = await pendingFor('9');
    const user = userEvent.setup();
    renderAs(asker, <Adjustments admin={asker.admin} />);
    await user.click(within(await rowOf(id)).getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: /Cancel adjustment/ });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the request' }));
    await waitFor(() => expect(statusLine()).toContain(`Adjustment ${id} is cancelled.`));
    expect((await rowsOf(u.id))[0]?.status).toBe('voided');
  });

  it('a finance admin approving above the limit sees the server ask for a superadmin', async () => {
    const { u, id } = await pendingFor('20000');
    const user = userEvent.setup();
    renderAs(checker, <Adjustments admin={checker.admin} />);
    // The hint needs the limits query too, which may answer after the list has drawn the row.
    await waitFor(async () => expect((await rowOf(id)).textContent).toContain('Needs a super administrator'));
    const row = await rowOf(id);
    await user.click(within(row).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: /Approve adjustment/ });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('must be approved by a super administrator');
    expect((await rowsOf(u.id))[0]?.status).toBe('pending');
  });

  it('says the limits, and does not send a request above the superadmin limit', async () => {
    const u = await registerUser(bo.t);
    const user = userEvent.setup();
    renderAs(superadmin, <Adjustments admin={superadmin.admin} />);
    expect(await screen.findByText(/Up to 10,000 USDT any finance administrator may approve/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Request an adjustment' });
    await user.type(within(form).getByLabelText('Amount in USDT'), '20000');
    expect(form.textContent).toContain('only a super administrator can approve this adjustment');
    await request(user, u.id, '9200000000000');
    expect(form.textContent).toContain('Above the limit of 1,000,000 USDT');
    expect(await rowsOf(u.id)).toEqual([]);
  });

  it('refuses a malformed amount in the form', async () => {
    const u = await registerUser(bo.t);
    const user = userEvent.setup();
    renderAs(asker, <Adjustments admin={asker.admin} />);
    await request(user, u.id, '1.1234567');
    expect(screen.getByText('Enter a non-zero decimal amount such as 25.50 or -25.50.')).toBeTruthy();
    expect(await rowsOf(u.id)).toEqual([]);
  });
});
