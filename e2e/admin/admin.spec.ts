// The back office at /admin against the real server: an operator signs in with the first-start password,
// works the review queue and the customers list, and the ledger audit reports a balanced ledger.
import { expect, test } from '@playwright/test';
import { signInBackOffice } from '../support/accounts.ts';

// The back office is a desktop tool; the mobile project covers the customer app.
test.skip(({ isMobile }) => isMobile, 'desktop only');

test('an operator signs in, sees the review queue and the customers, and the ledger audit is balanced', async ({
  page,
}) => {
  await signInBackOffice(page);

  await expect(page.getByRole('heading', { name: 'Review queues' })).toBeVisible();
  const queues = page.getByRole('navigation', { name: 'Queue' });
  await expect(queues.getByRole('link', { name: 'Deposits' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('columnheader', { name: 'Customer' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pending' })).toBeChecked();

  const sections = page.getByRole('navigation', { name: 'Back office sections' });
  await sections.getByRole('link', { name: 'Customers' }).click();
  await expect(page).toHaveURL(/\/admin\/customers$/);
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Total:');

  await sections.getByRole('link', { name: 'Ledger audit' }).click();
  await expect(page).toHaveURL(/\/admin\/ledger$/);
  await expect(page.getByRole('status').filter({ hasText: 'The ledger is balanced' })).toBeVisible();
  await expect(page.getByText('Not balanced')).toHaveCount(0);
});

test('a session the server no longer knows sends the operator back to the login screen', async ({ page }) => {
  await page.addInitScript(() => {
    const stale = {
      token: 'no-such-session-token',
      admin: { id: '1', userName: 'admin', role: 'superadmin' },
    };
    if (!sessionStorage.getItem('tw-admin-session'))
      sessionStorage.setItem('tw-admin-session', JSON.stringify(stale));
  });
  await page.goto('/admin/users');

  await expect(page.getByRole('heading', { name: 'Sign in to the back office' })).toBeVisible();
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
});
