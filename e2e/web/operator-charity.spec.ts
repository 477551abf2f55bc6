// No placeholder presented as fact, the operator and the charity named (issue 23), in Chromium against the
// real server, English and Arabic, desktop and 360 px: an NFT with no recorded token says it is a collectible
// issued by the platform (no contract address), and the NFT pages name the charity from its parameters; the
// footer, About and the legal pages name the operator (a licence of "not licensed" said in words); the sign-up
// panel's promise about prices follows the feed (this server's prices are all simulated). Every spec that
// sets these parameters sets the same values (e2e/support/deposits.ts), and none clears them, so the specs
// running beside this one never see them change. E2E_SHOTS_DIR keeps screenshots.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Nft } from '@tradewind/contract';
import { rtlLocales, type Locale } from '@tradewind/i18n/locales';
import { backOfficeHeaders, envelope } from '../support/accounts.ts';
import { e2eCharity, e2eOperator, setParams } from '../support/deposits.ts';
import { fitsTheScreen } from '../support/layout.ts';
import { capturePageErrors, isMobileProject, skipIntro } from './support.ts';

const shots = process.env.E2E_SHOTS_DIR;

type Catalogue = Record<string, unknown>;
/**
 * The customer app's text `key` of namespace `ns` in `lang`, with its {{params}} filled in as the app does:
 * in a right-to-left language each value is isolated (U+2068 … U+2069), so a Latin name keeps its order.
 */
function text(lang: Locale, ns: string, key: string, params: Record<string, string> = {}): string {
  let node: unknown = JSON.parse(readFileSync(`packages/i18n/locales/${lang}/${ns}.json`, 'utf8'));
  for (const part of key.split('.')) node = (node as Catalogue | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no text ${ns}:${key} in ${lang}`);
  const isolate = (v: string) => (rtlLocales.has(lang) ? `\u2068${v}\u2069` : v);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => isolate(params[name] ?? ''));
}

/** The full set of operator details, with the same name and email as the deposit specs use. */
const operator = {
  ...e2eOperator,
  operator_address: '1 Finsbury Avenue, London EC2M 2PF',
  operator_registration: 'Company no. 01234567',
  operator_licence: 'not licensed',
};

async function shot(page: Page, name: string, project: string): Promise<void> {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}-${project}.png`), fullPage: true });
}

async function inLanguage(page: Page, lang: string): Promise<void> {
  await skipIntro(page);
  await page.addInitScript((l) => {
    if (window.top === window) localStorage.setItem('lang', l);
  }, lang);
}

for (const lang of ['en', 'ar'] as const) {
  test(`an NFT with no recorded token is a platform-issued collectible, and the charity is named (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    await setParams(request, await backOfficeHeaders(request), e2eCharity);
    const seeded = await envelope<{ list: Nft[] }>(
      await request.get('/api/swx/customer/index/listNft?status=open&size=1'),
    );
    const piece = seeded.list[0];
    if (!piece) throw new Error('no seeded piece');
    expect(piece).toMatchObject({ chain: null, contractAddress: null, tokenId: null });
    await inLanguage(page, lang);

    await page.goto('/nfts');
    const listCharity = page.getByTestId('nft-charity').getByTestId('charity-named');
    await expect(listCharity).toHaveAttribute('data-named', 'true');
    await expect(listCharity).toContainText(
      text(lang, 'web', 'charityInfo.beneficiary', { name: e2eCharity.charity_name }),
    );
    await fitsTheScreen(page);

    await page.goto(`/nfts/${piece.id}`);
    const detail = page.getByTestId('nft-detail');
    await expect(detail.getByTestId('nft-collectible')).toHaveText(
      text(lang, 'nft', 'detail.platformIssued'),
    );
    await expect(detail.getByTestId('nft-contract')).toHaveCount(0);
    await expect(detail.getByTestId('nft-chain')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('0x');
    const charity = detail.getByTestId('charity-named');
    await expect(charity).toContainText(e2eCharity.charity_name);
    await expect(charity).toContainText(e2eCharity.charity_registration);
    await expect(charity.getByRole('link', { name: 'www.savethechildren.org.uk' })).toHaveAttribute(
      'href',
      e2eCharity.charity_website,
    );
    await fitsTheScreen(page);
    await shot(page, `nft-detail-${lang}`, info.project.name);

    await page.goto('/help/faq?topic=nfts');
    await expect(page.getByTestId('charity-named')).toContainText(e2eCharity.charity_name);
    expect(errors).toEqual([]);
  });

  test(`the footer, About and the legal pages name the operator (${lang})`, async ({
    page,
    request,
  }, info) => {
    const errors = capturePageErrors(page);
    await setParams(request, await backOfficeHeaders(request), operator);
    await inLanguage(page, lang);
    const named = text(lang, 'web', 'contact.operator', { name: operator.operator_name });

    await page.goto('/about');
    const about = page.locator('main').getByTestId('operator-contact');
    await expect(about.getByTestId('operator-name')).toHaveText(named);
    await expect(about).toContainText(operator.operator_address);
    await expect(about).toContainText(operator.operator_registration);
    await expect(about.getByTestId('operator-licence')).toHaveText(text(lang, 'web', 'contact.notLicensed'));
    await expect(about.getByRole('link', { name: operator.operator_email })).toHaveAttribute(
      'href',
      `mailto:${operator.operator_email}`,
    );
    await fitsTheScreen(page);
    await shot(page, `about-operator-${lang}`, info.project.name);

    // The footer: every desktop page's; on a phone, the home page's.
    if (isMobileProject(info)) await page.goto('/');
    const footer = page.locator(isMobileProject(info) ? '.m-footer' : 'footer');
    await expect(footer.getByTestId('operator-name')).toHaveText(named);
    await expect(footer.getByTestId('operator-licence')).toHaveText(text(lang, 'web', 'contact.notLicensed'));

    await page.goto('/legal');
    const legal = page.locator('main');
    await expect(legal.getByTestId('operator-name')).toHaveText(named);
    await expect(legal.getByTestId('charity-named')).toHaveAttribute('data-named', /true|false/);
    await fitsTheScreen(page);
    await shot(page, `legal-operator-${lang}`, info.project.name);
    expect(errors).toEqual([]);
  });

  test(`the sign-up panel says the prices are simulated, as they are on this server (${lang})`, async ({
    page,
    request,
  }, info) => {
    const stats = await envelope<{ source: string }>(await request.get('/api/swx/customer/index/stats'));
    expect(stats.source).toBe('simulated');
    await inLanguage(page, lang);
    await page.goto('/pass/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const promise = page.getByTestId('auth-prices');
    await expect(promise).toHaveAttribute('data-source', 'simulated');
    await expect(promise).toHaveText(text(lang, 'web', 'auth.aside.pricesSimulated'));
    await expect(page.locator('body')).not.toContainText(/recorded feed/i);
    if (isMobileProject(info)) {
      // The phone leaves the brand panel out; nothing about prices is claimed there.
      await expect(promise).toBeHidden();
    } else {
      await expect(promise).toBeVisible();
    }
    await fitsTheScreen(page);
    await shot(page, `auth-panel-${lang}`, info.project.name);
  });
}
