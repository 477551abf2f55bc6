// The dashboard and exports screens against the real server: figures as the server computed them from claims
// made through the customer API, a refresh that picks up a new claim, Arabic right to left, the export form's
// range checks (nothing sent when wrong), a download that leaves its audit row, and support kept out.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'drizzle-orm';
import type { Dashboard as Figures, DepositChannel } from '@tradewind/contract';
import { client, registerUser } from '../../../server/src/test/harness.ts';
import { queryRows } from '../../../server/src/platform/db.ts';
import { openSeededChannels, publicChannels } from '../../../server/src/wallet/deposit-testing.ts';
import { claim } from '../../../server/src/invite/invite-testing.ts';
import type { AdminSession } from '../app/session.ts';
import { setLocale } from '../i18n/i18n.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Dashboard } from './Dashboard.tsx';
import { Exports } from './Exports.tsx';

let bo: BackOffice;
let support: AdminSession;
let finance: AdminSession;
let channel: DepositChannel;
let customer: Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  bo = await startBackOffice();
  const superadmin = await bo.admin('superadmin');
  [support, finance] = [await bo.admin('support'), await bo.admin('finance')];
  await openSeededChannels(bo.t, superadmin.token);
  const usdt = (await publicChannels(bo.t)).find((c) => c.asset === 'USDT');
  if (!usdt) throw new Error('no USDT channel');
  channel = usdt;
  customer = await registerUser(bo.t);
  await claim(bo.t, customer.token, channel, '150');
}, 120_000);
afterAll(async () => bo.close());
afterEach(async () => setLocale('en'));

/** The figure card whose label is `label`. */
const card = (label: string) =>
  waitFor(() => {
    const term = screen.getByText(label, { selector: 'dt' });
    const box = term.closest('.stat');
    if (!(box instanceof HTMLElement)) throw new Error(`no card ${label}`);
    return box;
  });

async function serverFigures(): Promise<Figures> {
  return (await client(bo.t.app, { token: support.token }).get<Figures>('/admin/api/dashboard')).body.result;
}

describe('the dashboard screen', () => {
  it('shows the server’s figures to support, without a link to a queue support does not work', async () => {
    renderAs(support, <Dashboard admin={support.admin} />);
    const deposits = await card('Deposits waiting for review');
    expect(within(deposits).getByText('150')).toBeTruthy();
    expect(within(deposits).getByText('Number: 1')).toBeTruthy();
    expect(within(deposits).queryByRole('link', { name: 'Open the queue' })).toBeNull();
    const figures = await serverFigures();
    expect(within(await card('Customers')).getByText(String(figures.customers))).toBeTruthy();
    expect(within(await card('Ledger audit')).getByText('Balanced')).toBeTruthy();
    // The exact figures of the charts, per UTC day: today counts the customer who signed up.
    const today = figures.series.at(-1);
    if (!today) throw new Error('no series');
    const row = screen.getByRole('rowheader', { name: today.day }).closest('tr');
    if (!row) throw new Error('no row for today');
    expect(within(row).getAllByRole('cell').at(-1)?.textContent).toBe(String(today.newCustomers));
    expect(screen.getByText('No open contracts in the real book.')).toBeTruthy();
    // The chart module arrives lazily and takes the place of its loading note (happy-dom has no canvas, so
    // it says the charts cannot be drawn; the table above holds the figures).
    await waitFor(() => expect(screen.queryByText('Loading the charts…')).toBeNull());
    expect(
      screen.getByText('The charts could not be drawn. The figures are in the table below.'),
    ).toBeTruthy();
  });

  it('links finance to the deposit queue it works', async () => {
    renderAs(finance, <Dashboard admin={finance.admin} />);
    const deposits = await card('Deposits waiting for review');
    expect(within(deposits).getByRole('link', { name: 'Open the queue' }).getAttribute('href')).toMatch(
      /\/reviews\/deposits$/,
    );
  });

  it('picks up a new claim on refresh', async () => {
    const user = userEvent.setup();
    renderAs(support, <Dashboard admin={support.admin} />);
    await card('Deposits waiting for review');
    await claim(bo.t, customer.token, channel, '200.5');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(async () => {
      const deposits = await card('Deposits waiting for review');
      expect(within(deposits).getByText('350.5')).toBeTruthy();
      expect(within(deposits).getByText('Number: 2')).toBeTruthy();
    });
  });

  it('reads right to left in Arabic, in Arabic', async () => {
    await setLocale('ar');
    renderAs(support, <Dashboard admin={support.admin} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'لوحة المعلومات' })).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
    expect(await card('إيداعات تنتظر المراجعة')).toBeTruthy();
  });
});

/** Audit rows of CSV exports on the server, oldest first. */
const exportAudits = () =>
  queryRows<{ target: string; after: unknown }>(
    bo.t.ctx.db,
    sql`select target, after from audit_log where action = 'export.csv' order by id`,
  );

describe('the exports screen', () => {
  it('checks the range before asking, then downloads the file and the server records who took what', async () => {
    const user = userEvent.setup();
    renderAs(finance, <Exports admin={finance.admin} />);
    const before = (await exportAudits()).length;
    await user.selectOptions(screen.getByLabelText('Records'), 'withdrawals');
    expect(screen.getByText(/cards by their last four digits/)).toBeTruthy();
    const [from, to] = [
      screen.getByLabelText('From (UTC day)'),
      screen.getByLabelText('To (UTC day, included)'),
    ];
    await user.clear(from);
    await user.type(from, '2026-03-10');
    await user.clear(to);
    await user.type(to, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The end day must not be before the start day.')).toBeTruthy();
    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Choose at most 366 days.')).toBeTruthy();
    expect((await exportAudits()).length).toBe(before);

    await user.clear(from);
    await user.type(from, '2026-02-20');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText('tradewind-withdrawals-2026-02-20-2026-03-01.csv is downloaded.'),
    ).toBeTruthy();
    const audits = await exportAudits();
    expect(audits.length).toBe(before + 1);
    expect(audits.at(-1)).toEqual({
      target: 'export:withdrawals',
      after: { kind: 'withdrawals', from: '2026-02-20', to: '2026-03-01' },
    });
  });

  it('tells support that exports are not theirs, and offers no download', async () => {
    renderAs(support, <Exports admin={support.admin} />);
    expect(screen.getByText('Exports are for finance, compliance and superadmin.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(true);
  });
});
