// Helpers of the customer-app browser tests: storage set-up, page-error capture, the mailed sign-up code.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, type TestInfo } from '@playwright/test';

export const isMobileProject = (info: TestInfo) => info.project.name === 'mobile';

/** Marks the mobile onboarding as seen before any page script runs. */
export async function skipIntro(page: Page): Promise<void> {
  await page.addInitScript(() => {
    // The app's own frame only: a frame inside it (the loan agreement's PDF viewer) has no storage.
    if (window.top === window) window.localStorage.setItem('introSeen', 'true');
  });
}

/**
 * Goes to `path` inside the running app as a link does (history.pushState, then the popstate the router
 * listens to), without loading the page again. The loops over every language and every screen (viewport,
 * top bar) check each screen's layout; a full load each time (bundles parsed, catalogues and fonts fetched)
 * was most of their minutes. Full loads of every route are routes.spec's.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** Collects uncaught page errors; assert the list is empty at the end of a test. */
export function capturePageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

let clients = 0;

/**
 * A client address of its own for each sign-up. The e2e server runs with TRUST_PROXY=true, as behind a
 * reverse proxy, and the per-IP sign-up limits (10 a minute) then count each test's client apart: the
 * suite signs up far more customers a minute than one person at one address may.
 */
export function clientIp(): { 'x-forwarded-for': string } {
  clients++;
  return {
    'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`,
  };
}

export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function bodyOf(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/);
  const headers = eml.slice(0, split);
  const body = eml.slice(split).trim();
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  return body;
}

/**
 * The newest 6-digit code mailed to `email`: the server writes each mail as an .eml file into
 * DATA_DIR/outbox in its default mode.
 */
export async function mailedCode(email: string): Promise<string> {
  return mailedMatch(email, /\b(\d{6})\b/, 'a code');
}

/** The first group of `pattern` in the newest mail to `email` whose body has it (a code, a link). */
export async function mailedMatch(email: string, pattern: RegExp, what: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const outbox = path.join(dataDir, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(outbox).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort();
        for (const file of files.reverse()) {
          const eml = await readFile(path.join(outbox, file), 'utf8');
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(eml)) continue;
          found = pattern.exec(bodyOf(eml))?.[1];
          if (found) return found;
        }
        return undefined;
      },
      { message: `a mail with ${what} to ${email}`, timeout: 15_000 },
    )
    .toBeDefined();
  if (!found) throw new Error('unreachable');
  return found;
}

/** Draws a signature-like wave across the pad with the mouse: down, many moves, up. */
export async function signWithMouse(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const at = (fx: number, fy: number) => [box.x + box.width * fx, box.y + box.height * fy] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    const fx = 0.1 + (0.75 * i) / 24;
    await page.mouse.move(...at(fx, 0.5 + 0.25 * Math.sin(i / 2)), { steps: 2 });
  }
  await page.mouse.up();
}

/**
 * Words of the mobile top bar's title laid out across two lines (a break inside a word: "Transaktionsver /
 * lauf"), and a title wider than its box. Each word is read as the page's language segments it
 * (Intl.Segmenter, as the browser's line breaker does) and measured where it lands.
 */
export async function titleProblems(page: Page): Promise<string[]> {
  const title = page.locator('.m-title');
  if ((await title.count()) === 0) return [];
  return title.evaluate((el) => {
    const problems: string[] = [];
    if (el.scrollWidth > el.clientWidth + 1)
      problems.push(
        `"${el.textContent ?? ''}" is wider than its box (${el.scrollWidth} > ${el.clientWidth})`,
      );
    const segmenter = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' });
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const part of segmenter.segment(node.textContent ?? '')) {
        if (!part.isWordLike) continue;
        const range = document.createRange();
        range.setStart(node, part.index);
        range.setEnd(node, part.index + part.segment.length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1)
          problems.push(`"${part.segment}" of "${el.textContent ?? ''}" breaks across lines`);
      }
    }
    return problems;
  });
}

/**
 * Presses the contract confirm step's Confirm from the keyboard: in the phone project's bottom sheet
 * Playwright's hit test lands on the figures above the (visible, sticky) button while the live price
 * re-renders them; a person's tap is not affected.
 */
export async function pressContractConfirm(page: Page): Promise<void> {
  const submit = page.getByTestId('trade-confirm').getByTestId('confirm-submit');
  await expect(submit).toBeEnabled();
  await submit.focus();
  await page.keyboard.press('Enter');
}
