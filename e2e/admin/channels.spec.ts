// Deposit channels in the back office at /admin: no rate can be typed (it comes from the feed), an address
// that fails its network's check is refused with the reason under the field, and a real address with a
// disclosed spread is saved. On this walk-only server nothing prices ETH live, so showing the ETH channel is
// refused with the reason under "Shown to customers"; saved hidden, its rate says it is paused.
import { expect, test } from '@playwright/test';
import { signInBackOffice } from '../support/accounts.ts';

test.skip(({ isMobile }) => isMobile, 'desktop only');

const ethAddress = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

test('an operator sets a checked address and a spread, cannot type a rate, nor show ETH without a live price', async ({
  page,
}) => {
  await signInBackOffice(page);
  await page
    .getByRole('navigation', { name: 'Back office sections' })
    .getByRole('link', { name: 'Deposit channels' })
    .click();
  await expect(page.getByRole('heading', { name: 'Deposit channels' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Rate now (USDT per coin)' })).toBeVisible();

  const row = page.getByTestId('channel-row').filter({ hasText: 'ETH (Ethereum)' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit ETH (Ethereum)' });
  await expect(dialog.getByLabel(/rate/i)).toHaveCount(0);

  // All lower case carries no checksum: the server refuses it and the reason shows under the field.
  await dialog.getByLabel('Address', { exact: true }).fill(ethAddress.toLowerCase());
  await dialog.getByLabel('Spread (bps)').fill('150');
  await dialog.getByLabel('Shown to customers').check();
  await dialog.getByLabel(/Reason for the change/).fill('cold wallet ready');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    dialog.getByText(
      'Enter the address with its EIP-55 checksum (mixed upper and lower case) so that a typo can be caught',
    ),
  ).toBeVisible();

  await dialog.getByLabel('Address', { exact: true }).fill(ethAddress);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  // The address passes now; showing the channel does not: a deposit locks only a live price.
  await expect(
    dialog.getByText(
      'ETH has no live price right now (its price is simulated or delayed). Deposits lock only a live price, so this channel can be enabled once a live source prices ETH',
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel('Shown to customers')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Shown to customers').uncheck();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('ETH (Ethereum) is saved.')).toBeVisible();
  await expect(row).toContainText(ethAddress);
  await expect(row).toContainText('150');
  await expect(row).toContainText('Hidden');
  await expect(row).toContainText('Paused: no live ETH price');
});
