// Every back-office dialog fits the screen (issue 23): "Approve" was drawn as "A" on a desktop and Cancel and
// Approve sat outside the dialog on a phone. A superadmin opens each dialog there is — the review decisions of
// deposits, withdrawals and KYC, an adjustment's approval, the editors of parameters, instruments, deposit
// channels, products and charity auctions, publishing content, adding staff, a customer's status and
// demo reset, signing out one's other session — at 1440 and 360 px, in English
// and Arabic, and every button in it must lie wholly inside the dialog and the viewport, its label unclipped.
// The review queues, at 360 px, keep their Approve button on screen (rows become cards).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '@tradewind/i18n/locales';
import {
  backOfficeHeaders,
  envelope,
  password,
  signInBackOffice,
  signUp,
  type Customer,
} from '../support/accounts.ts';
import { claimDeposit } from '../support/deposits.ts';
import { saveUsableMethod } from '../support/payout-methods.ts';
import { approvePending, submitIdentity, verifyIdentity } from '../support/kyc.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { capturePageErrors } from '../web/support.ts';

const tronAddress = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** The admin catalogue's text at `key` in `lang`, as the screens show it. */
function textOf(lang: Locale) {
  const root: unknown = JSON.parse(readFileSync(`packages/i18n/locales/${lang}/admin.json`, 'utf8'));
  return (key: string): string => {
    let node = root;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`no text ${key} in ${lang}`);
    return node;
  };
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/**
 * The open dialog's every button, each brought into view as an operator would scroll to it: wholly inside the
 * dialog and the viewport, and its label not cut (no text wider than the button). Then the dialog is closed.
 */
async function expectDialogFits(page: Page, name: string): Promise<void> {
  const dialog = page.locator('dialog[open]');
  await expect(dialog, `${name}: a dialog is open`).toHaveCount(1);
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const screenBox = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const buttons = dialog.locator('button:visible');
  const count = await buttons.count();
  expect(count, `${name}: the dialog has buttons`).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await button.scrollIntoViewIfNeeded();
    const label = ((await button.textContent()) ?? '').trim();
    const box = await button.boundingBox();
    const dialogBox = await dialog.boundingBox();
    if (!box || !dialogBox) throw new Error(`${name}: "${label}" has no box`);
    expect(inside(box, screenBox), `${name}: "${label}" ${JSON.stringify(box)} inside the viewport`).toBe(
      true,
    );
    expect(inside(dialogBox, screenBox), `${name}: the dialog inside the viewport`).toBe(true);
    expect(inside(box, dialogBox), `${name}: "${label}" inside the dialog`).toBe(true);
    const clipped = await button.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
    expect(clipped, `${name}: "${label}" shows its whole label`).toBe(false);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** A verified customer with a deposit credited and a TRC20 withdrawal pending review. */
async function withdrawing(request: Parameters<typeof signUp>[0]): Promise<Customer> {
  const customer = await signUp(request, 'dlgw_');
  await verifyIdentity(request, customer);
  await claimDeposit(request, customer, '150');
  await approvePending(request, 'deposits', customer.userName);
  const headers = { Authorization: customer.token, virtually: 'YES' };
  const method = await saveUsableMethod(request, customer, {
    type: 'usdt',
    network: 'TRC20',
    address: tronAddress,
  });
  const quote = await envelope<{ fee: string }>(
    await request.get('/api/swx/customer/user/withdrawalQuote', { headers, params: { amount: '40' } }),
  );
  await envelope(
    await request.post('/api/swx/customer/user/withdrawal', {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: { methodId: method.id, amount: '40', password, quotedFee: quote.fee },
    }),
  );
  return customer;
}

for (const lang of ['en', 'ar'] as const) {
  test(`every back-office dialog keeps its buttons inside it and the screen (${lang})`, async ({
    page,
    request,
  }, info) => {
    test.setTimeout(600_000);
    const t = textOf(lang);
    const errors = capturePageErrors(page);
    // What the queues hold: a deposit claim, an identity to verify, a withdrawal, an adjustment to approve.
    const depositor = await signUp(request, 'dlgd_');
    await claimDeposit(request, depositor, '150');
    const verifying = await signUp(request, 'dlgk_');
    await submitIdentity(request, verifying);
    const withdrawer = await withdrawing(request);
    const { id: depositorId } = await envelope<{ id: string }>(
      await request.post('/api/swx/customer/user/getUserInfo', {
        headers: { Authorization: depositor.token },
      }),
    );
    await envelope(
      await request.post('/admin/api/adjustments', {
        headers: await backOfficeHeaders(request),
        data: { userId: depositorId, book: 'demo', amount: '5', reason: 'dialog fit check' },
      }),
    );

    await page.addInitScript((lang) => localStorage.setItem('lang', lang), lang);
    await signInBackOffice(page);
    // This server keeps the default PUBLIC_URL (http://localhost:3000) while it is open at 127.0.0.1:<port>:
    // the dashboard says invite links would send customers elsewhere.
    await page.goto('/admin/dashboard');
    const publicUrl = page.getByTestId('public-url-warning');
    await expect(publicUrl).toContainText('http://localhost:3000');
    await expect(publicUrl).toContainText(new URL(page.url()).origin);
    await expect(page).toHaveTitle(`${t('nav.dashboard')} · ${t('app.title')}`);
    const shots: string[] = [];
    const open = async (name: string, path: string, opener: () => Promise<void>) => {
      await page.goto(`/admin/${path}`);
      await opener();
      await expect(page.locator('dialog[open]')).toBeVisible();
      const file = info.outputPath(`${lang}-${name}.png`);
      await page.screenshot({ path: file });
      shots.push(file);
      await expectDialogFits(page, name);
    };
    const rowOf = (text: string) => page.locator('tbody tr').filter({ hasText: text }).first();

    // The decisions of each review queue, from a row (at 360 px a card) whose actions are on screen.
    for (const [kind, who] of [
      ['deposits', depositor],
      ['withdrawals', withdrawer],
      ['kyc', verifying],
    ] as const) {
      await open(`${kind}-approve`, `reviews/${kind}`, async () => {
        const approve = rowOf(who.userName).getByRole('button', { name: t('reviews.approve'), exact: true });
        await approve.scrollIntoViewIfNeeded();
        const box = await approve.boundingBox();
        const width = page.viewportSize()?.width ?? 0;
        expect(box && box.x >= 0 && box.x + box.width <= width, `${kind}: Approve on screen`).toBe(true);
        await fitsTheScreen(page);
        await approve.click();
      });
      await open(`${kind}-reject`, `reviews/${kind}`, () =>
        rowOf(who.userName)
          .getByRole('button', { name: t('reviews.reject'), exact: true })
          .click(),
      );
    }
    await open('adjustment-approve', 'adjustments', () =>
      rowOf('dialog fit check').locator('button.button-primary').click(),
    );
    await open('param-edit', 'params', () => page.locator('tbody tr .col-actions button').first().click());
    await open('instrument-edit', 'instruments', () =>
      page.locator('tbody tr .col-actions button').first().click(),
    );
    await open('channel-edit', 'channels', () =>
      page.locator('tbody tr .col-actions button').first().click(),
    );
    await open('product-edit', 'products', () =>
      page.locator('tbody tr .col-actions button').first().click(),
    );
    await open('nft-create', 'nfts', () =>
      page.locator('.page-actions button.button-primary').first().click(),
    );
    await open('staff-add', 'staff', () =>
      page.locator('.page-actions button.button-primary').first().click(),
    );
    await open('customer-status', `customers/${depositorId}`, () =>
      page.locator('.customer-actions button').first().click(),
    );
    await open('customer-reset-demo', `customers/${depositorId}`, () =>
      page.locator('.customer-actions button').nth(1).click(),
    );
    // Publish or unpublish: the second action of a content row (the first opens the editor page).
    await open('content-publish', 'contents', () =>
      page.locator('[data-testid="content-row"] .col-actions button').nth(1).click(),
    );
    // The API sign-in that secured this account left a second session to sign out.
    await open('account-revoke', 'account', () =>
      page.locator('tbody tr .button-danger-outline').first().click(),
    );
    expect(shots.length).toBe(17);
    expect(errors).toEqual([]);
  });
}
