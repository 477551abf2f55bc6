// A role sees only what it can use (issue 23): the sections of the navigation follow the shared permission
// table, so finance is not shown KYC, instruments or parameters only to be told "may not"; and every page
// names itself in the tab title.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { AdminRole } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Shell } from './Shell.tsx';

let bo: BackOffice;
beforeAll(async () => {
  bo = await startBackOffice();
});
afterAll(async () => bo.close());

const sectionsOf = async (as: AdminSession) => {
  renderAs(
    as,
    <Shell admin={as.admin} route={{ screen: 'dashboard' }}>
      <p>page</p>
    </Shell>,
  );
  const nav = screen.getByRole('navigation', { name: 'Back office sections' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
};

const expected: Record<AdminRole, [string, string][]> = {
  superadmin: [
    ['Dashboard', '/admin/dashboard'],
    ['Reviews', '/admin/reviews/deposits'],
    ['Customers', '/admin/customers'],
    ['Ledger audit', '/admin/ledger'],
    ['Audit log', '/admin/audit'],
    ['Adjustments', '/admin/adjustments'],
    ['Deposit channels', '/admin/channels'],
    ['Customer positions', '/admin/positions/open'],
    ['Exposure', '/admin/exposure'],
    ['Charity auctions', '/admin/nfts'],
    ['Support inbox', '/admin/support'],
    ['Instruments', '/admin/instruments'],
    ['Products', '/admin/products'],
    ['Content', '/admin/contents'],
    ['Exports', '/admin/exports'],
    ['Staff', '/admin/staff'],
    ['Parameters', '/admin/params'],
  ],
  finance: [
    ['Dashboard', '/admin/dashboard'],
    ['Reviews', '/admin/reviews/deposits'],
    ['Customers', '/admin/customers'],
    ['Ledger audit', '/admin/ledger'],
    ['Audit log', '/admin/audit'],
    ['Adjustments', '/admin/adjustments'],
    ['Customer positions', '/admin/positions/open'],
    ['Exposure', '/admin/exposure'],
    ['Charity auctions', '/admin/nfts'],
    ['Support inbox', '/admin/support'],
    ['Products', '/admin/products'],
    ['Exports', '/admin/exports'],
  ],
  compliance: [
    ['Dashboard', '/admin/dashboard'],
    ['Reviews', '/admin/reviews/kyc'],
    ['Customers', '/admin/customers'],
    ['Ledger audit', '/admin/ledger'],
    ['Audit log', '/admin/audit'],
    ['Customer positions', '/admin/positions/open'],
    ['Exposure', '/admin/exposure'],
    ['Support inbox', '/admin/support'],
    ['Exports', '/admin/exports'],
  ],
  support: [
    ['Dashboard', '/admin/dashboard'],
    ['Customers', '/admin/customers'],
    ['Ledger audit', '/admin/ledger'],
    ['Audit log', '/admin/audit'],
    ['Customer positions', '/admin/positions/open'],
    ['Exposure', '/admin/exposure'],
    ['Support inbox', '/admin/support'],
  ],
};

describe('the navigation of each role', () => {
  for (const role of ['finance', 'compliance', 'support', 'superadmin'] as const) {
    it(`lists for ${role} exactly the sections ${role} can open`, async () => {
      // The app is served under /admin/ (BASE_URL); the test build is served at /.
      const base = import.meta.env.BASE_URL.replace(/\/$/, '');
      const hrefs = expected[role].map(([label, href]) => [label, href.replace(/^\/admin/, base)]);
      expect(await sectionsOf(await bo.admin(role))).toEqual(hrefs);
    });
  }
});

describe('the tab title', () => {
  it('names the page, then the back office', async () => {
    const as = await bo.admin('finance');
    renderAs(
      as,
      <Shell admin={as.admin} route={{ screen: 'reviews', kind: 'withdrawals' }}>
        {null}
      </Shell>,
    );
    await waitFor(() => expect(document.title).toBe('Reviews · Tradewind back office'));
    renderAs(
      as,
      <Shell admin={as.admin} route={{ screen: 'account' }}>
        {null}
      </Shell>,
    );
    await waitFor(() => expect(document.title).toBe('My account · Tradewind back office'));
    renderAs(
      as,
      <Shell admin={as.admin} route={{ screen: 'customers', id: '7' }}>
        {null}
      </Shell>,
    );
    await waitFor(() => expect(document.title).toBe('Customers · Tradewind back office'));
  });
});
