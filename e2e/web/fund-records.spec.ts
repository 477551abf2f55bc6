// Transaction records name every movement (issue 23): a demo contract opened and closed and the demo funds,
// and in the real book an approved deposit, each under its own name from the shared list of ledger entry kinds
// (packages/i18n/locales/<lang>/ledger.json), never the word for a kind the app does not know; the category
// chips filter the list. In English and Arabic, at 1440 and 360 px.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@tradewind/i18n/locales';
import { signInBrowser, signUp } from '../support/accounts.ts';
import { closeDemoContract, openDemoContract } from '../support/contracts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { approvePending } from '../support/kyc.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { capturePageErrors } from './support.ts';

type Ledger = {
  kinds: Record<string, string>;
  unknown: string;
  categories: Record<string, string>;
};
const ledgerOf = (lang: Locale): Ledger =>
  JSON.parse(readFileSync(`packages/i18n/locales/${lang}/ledger.json`, 'utf8')) as Ledger;

/** The kind (data-kind) and shown name of each record on the page, top first. */
async function shownRecords(page: Page): Promise<{ kind: string | null; name: string }[]> {
  const rows = page.getByTestId('fund-record');
  return Promise.all(
    (await rows.all()).map(async (row) => ({
      kind: await row.getAttribute('data-kind'),
      name: (await row.locator('.row-title').textContent()) ?? '',
    })),
  );
}

for (const lang of ['en', 'ar'] as const) {
  test(`fund records name every movement and filter by category (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    const ledger = ledgerOf(lang);
    const customer = await signUp(request, 'fundrec');
    await closeDemoContract(request, customer, await openDemoContract(request, customer));
    await claimDeposit(request, customer, '2500');
    await approvePending(request, 'deposits', customer.userName);
    await page.addInitScript((lng) => localStorage.setItem('lang', lng), lang);
    await signInBrowser(page, request, customer);

    await page.goto('/profile/records');
    const records = page.getByTestId('fund-records');
    await expect(page.getByTestId('fund-record')).toHaveCount(3);
    expect(await shownRecords(page)).toEqual(
      ['contract_close', 'contract_open', 'demo_mint'].map((kind) => ({ kind, name: ledger.kinds[kind] })),
    );
    await expect(records.getByText(ledger.unknown)).toHaveCount(0);

    const chip = (category: string) =>
      records.getByRole('button', { name: ledger.categories[category], exact: true });
    // The demo book offers its own categories only.
    await expect(records.getByRole('group').getByRole('button')).toHaveCount(4);
    await chip('contracts').click();
    await expect(chip('contracts')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('fund-record')).toHaveCount(2);
    expect((await shownRecords(page)).map((r) => r.kind)).toEqual(['contract_close', 'contract_open']);
    await fitsTheScreen(page);
    await page.screenshot({ path: info.outputPath(`fund-records-demo-${lang}.png`), fullPage: true });
    await chip('demo').click();
    await expect(page.getByTestId('fund-record')).toHaveCount(1);
    await expect(page.getByTestId('fund-record')).toHaveAttribute('data-kind', 'demo_mint');

    // The real book: the approved deposit, and nothing under the contracts chip.
    await page.evaluate(() => localStorage.setItem('virtualStatus', '2'));
    await page.reload();
    await expect(page.getByTestId('fund-record')).toHaveCount(1);
    expect(await shownRecords(page)).toEqual([{ kind: 'deposit', name: ledger.kinds.deposit }]);
    await expect(records.getByRole('group').getByRole('button')).toHaveCount(9);
    await chip('contracts').click();
    await expect(page.getByTestId('fund-record')).toHaveCount(0);
    await chip('deposits').click();
    await expect(page.getByTestId('fund-record')).toHaveCount(1);
    await fitsTheScreen(page);
    await page.screenshot({ path: info.outputPath(`fund-records-real-${lang}.png`), fullPage: true });
    expect(errors).toEqual([]);
  });
}
