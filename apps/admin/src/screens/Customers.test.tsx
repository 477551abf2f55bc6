// The customers list and the customer 360, rendered against the real server: search by invite code, the 360
// of a verified and funded customer seen by each role with only the actions it allows, the demo reset, a
// session signed out, identity photos shown on request (and audited), and the adjustment form prefilled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { client, login } from '../../../server/src/test/harness.ts';
import { verifiedCustomer } from '../../../server/src/loans/testing.ts';
import { fundReal } from '../../../server/src/wallet/withdraw-testing.ts';
import { auditLog } from '../../../server/src/platform/audit-tables.ts';
import { Customers } from './Customers.tsx';
import { Adjustments } from './Adjustments.tsx';

let bo: BackOffice;
let support: AdminSession;
let finance: AdminSession;
let compliance: AdminSession;
let customer: Awaited<ReturnType<typeof verifiedCustomer>>;
let inviteCode: string;

beforeAll(async () => {
  bo = await startBackOffice();
  [support, finance, compliance] = [
    await bo.admin('support'),
    await bo.admin('finance'),
    await bo.admin('compliance'),
  ];
  customer = await verifiedCustomer(bo.t);
  await fundReal(bo.t, customer.id, '250');
  const info = await customer.api.get<{ inviteCode: string }>('/api/swx/customer/user/inviteInfo');
  inviteCode = info.body.result.inviteCode;
}, 120_000);
afterAll(async () => bo.close());

const statusLine = () => screen.getByRole('status').textContent ?? '';
const open360 = async (as: AdminSession) => {
  renderAs(as, <Customers admin={as.admin} id={customer.id} />);
  await screen.findByRole('heading', { level: 1, name: customer.userName });
};

describe('the customers list', () => {
  it('finds a customer by invite code and links to their 360', async () => {
    const user = userEvent.setup();
    renderAs(support, <Customers admin={support.admin} />);
    await screen.findByRole('heading', { name: 'Customers' });
    await user.type(screen.getByRole('searchbox'), inviteCode.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    const link = screen.getByRole('link', { name: customer.userName });
    expect(link.getAttribute('href')).toBe(`/customers/${customer.id}`);
    expect(within(link.closest('tr') as HTMLElement).getByText('250')).toBeTruthy();
  });

  it('says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderAs(support, <Customers admin={support.admin} />);
    await user.type(await screen.findByRole('searchbox'), 'nobody-has-this-name');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No customer matches.')).toBeTruthy();
  });
});

describe('the customer 360', () => {
  it('shows support both books and the sections, with only the demo reset among the actions', async () => {
    const user = userEvent.setup();
    await open360(support);
    const real = screen.getByRole('heading', { name: 'Real book' }).closest('div') as HTMLElement;
    expect(within(real).getByText('Cash').nextElementSibling?.textContent).toBe('250');
    expect(screen.getByRole('button', { name: 'Reset demo book' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start an adjustment' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Money' }));
    const adjustments = screen.getByRole('region', { name: 'Balance adjustments' });
    expect(within(adjustments).getByText('test funding')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Fund records' })).getByText('Balance adjustment'),
    ).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Identity' }));
    expect(screen.getByText('Lovelace')).toBeTruthy();
    expect(screen.getByText('Identity photos are shown to compliance only.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show identity photos' })).toBeNull();
  });

  it('lets support reset the demo book with a reason, and says what it did', async () => {
    const user = userEvent.setup();
    await open360(support);
    await user.click(screen.getByRole('button', { name: 'Reset demo book' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo book' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox'), 'customer asked by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Reset demo book' }));
    await waitFor(() => expect(statusLine()).toContain('Demo book reset to'));
    expect(statusLine()).toContain('100,000');
    const rows = await bo.t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.demo.reset'), eq(auditLog.target, `user:${customer.id}`)));
    expect(rows.map((r) => r.reason)).toEqual(['customer asked by phone']);
  });

  it('shows compliance the identity photos only when asked, each opening audited', async () => {
    const user = userEvent.setup();
    await open360(compliance);
    await user.click(screen.getByRole('tab', { name: 'Identity' }));
    const views = () =>
      bo.t.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'kyc.photo.view'), eq(auditLog.target, `user:${customer.id}`)));
    expect(await views()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Show identity photos' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(3));
    expect(await views()).toHaveLength(3);
  });

  it('lets compliance sign one session out: that device is signed out, the other stays', async () => {
    const user = userEvent.setup();
    const phone = await login(bo.t, customer.userName, customer.password);
    await open360(compliance);
    await user.click(screen.getByRole('tab', { name: 'Sessions and audit' }));
    const sessions = screen.getByRole('region', { name: 'Sessions' });
    const buttons = within(sessions).getAllByRole('button', { name: 'Sign out this session' });
    expect(buttons.length).toBeGreaterThanOrEqual(2);
    await user.click(buttons[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox'), 'phone reported stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out this session' }));
    await waitFor(() => expect(statusLine()).toBe('Session signed out.'));
    const me = (token: string) => client(bo.t.app, { token }).post('/api/swx/customer/user/getUserInfo');
    expect((await me(phone.body.result.token)).status).toBe(401);
    expect((await me(customer.token)).status).toBe(200);
    const audit = screen.getByRole('region', { name: 'Audit rows about this customer' });
    await waitFor(() => expect(within(audit).getByText('Customer session signed out')).toBeTruthy());
  });

  it('gives finance a link that opens the adjustment form for this customer, and no reset', async () => {
    const user = userEvent.setup();
    await open360(finance);
    expect(screen.queryByRole('button', { name: 'Reset demo book' })).toBeNull();
    const link = screen.getByRole('link', { name: 'Start an adjustment' });
    expect(link.getAttribute('href')).toBe(`/adjustments?user=${customer.id}`);
    await user.click(link);
    expect(window.location.pathname + window.location.search).toBe(`/adjustments?user=${customer.id}`);
    renderAs(finance, <Adjustments admin={finance.admin} />);
    const form = await screen.findByRole('form', { name: 'Request an adjustment' });
    expect(within(form).getByLabelText('Customer ID')).toHaveProperty('value', customer.id);
  });

  it('answers an unknown customer with the server’s message and a way back', async () => {
    renderAs(support, <Customers admin={support.admin} id="999999999" />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/user|not found/i);
    expect(screen.getByRole('link', { name: 'All customers' })).toBeTruthy();
  });
});
