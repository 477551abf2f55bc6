// The home page's JS budget, counted as the browser loads it (issue 23): the built server is started on a
// fresh data dir, Chromium opens home at 1440 px and at 360 px (the phone layout), and every script response
// until the network is idle is gzipped (level 9) and added up — entry, preloads, lazy chunks and language
// catalogues alike, whatever imports them. Fails above 150 KB (issue 8) on either, and first fails when
// dist/.vite/preloads.json names a file outside the build. Run after `npm run build`:
// `npm run size -w apps/web`; CI runs it on the build the browser tests used.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, devices, type Browser } from '@playwright/test';
import { missingPreloads } from '../../../scripts/build-files.ts';
import { reportBudget } from '../../../scripts/js-budget.ts';

const budgetBytes = 150_000;
const repoRoot = join(import.meta.dirname, '..', '..', '..');
const dist = join(import.meta.dirname, '..', 'dist');
/** After the network is idle, this long without a new request before the count closes. */
const quietMs = 2_000;

const viewports = {
  'desktop 1440 px': { viewport: { width: 1440, height: 900 } },
  'phone 360 px': {
    viewport: { width: 360, height: 740 },
    userAgent: devices['Pixel 7'].userAgent,
    isMobile: true,
    hasTouch: true,
  },
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function startServer(port: number, dataDir: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (${server.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('the server did not get ready in 180 s');
}

/** Each script the page at `url` loads until the network is idle: file name → gzip bytes. */
async function scriptsOfHome(browser: Browser, url: string, options: object): Promise<Map<string, number>> {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  let lastRequestMs = Date.now();
  page.on('request', () => (lastRequestMs = Date.now()));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.replace(/^\//, '');
    pending.push(
      response.body().then((body) => {
        if (response.ok()) sizes.set(name, gzipSync(body, { level: 9 }).length);
        else throw new Error(`${name} answered ${response.status()}`);
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  while (Date.now() - lastRequestMs < quietMs) await page.waitForTimeout(250);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

const missing = missingPreloads(dist);
if (missing.length > 0) {
  for (const { file, path } of missing)
    console.error(`preloads.json names ${file} (for ${path}), not in the build`);
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'tw-js-budget-'));
const port = await freePort();
const server = await startServer(port, dataDir);
let over = false;
try {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const [name, options] of Object.entries(viewports)) {
      const sizes = await scriptsOfHome(browser, `http://127.0.0.1:${port}/`, options);
      over = !reportBudget(sizes, budgetBytes, `home page JS the browser loads (${name})`) || over;
    }
  } finally {
    await browser.close();
  }
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
if (over) process.exit(1);
