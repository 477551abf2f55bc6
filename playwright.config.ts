// Browser end-to-end tests on Debian's Chromium against the real server (production mode, fresh data dir).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// Workers load this file again; they inherit E2E_DATA_DIR from the runner, so all share one data dir
// (the server's outbox, where the sign-up test reads its mailed code).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tradewind-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined };

// The mobile project (360 px, touch) runs the specs that check a layout or a touch interaction: every spec
// but these, which check neither — the same requests and the same screens as on desktop — or skip phones
// altogether (the back office's desktop-only screens).
const desktopOnlySpecs = [
  'web/performance.spec.ts', // compression and caching headers, the rows subscribed
  'web/trade-engine.spec.ts', // the settlement engine's close reaching the open list
  'web/help.spec.ts', // FAQ search and notices: the same flow at any width
  'web/locales.spec.ts', // fonts fetched per language, amounts in Arabic
  'web/instrument-names.spec.ts', // the server's names in the one row component both layouts draw
  'admin/admin.spec.ts',
  'admin/approve-deposit.spec.ts',
  'admin/channels.spec.ts',
];
// Specs that change what every other spec sees — server-wide settings, or the server's clock moved forward
// (POST /test/clock) — run in the `server-wide` project alone, after the others (see below).
const sharedSettingsSpecs = [
  'admin/catalogue.spec.ts',
  'web/trade-engine.spec.ts',
  // Empties the operator's details, which the deposit specs need filled.
  'admin/setup-warnings.spec.ts',
  // Moves the server's clock past the payout-method cool-down (desktop and 360 px inside the spec).
  'web/withdraw-allowlist.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test is fixed, not retried.
  retries: 0,
  // Specs are isolated (each signs up its own customers; the specs that change server-wide settings run in
  // the `server-wide` project, after the others): two at a time even on a 2-core CI box, where Playwright's
  // default (half the cores) would be one.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app's offline service worker would hide requests from the tests that watch them.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: sharedSettingsSpecs,
      use: desktop,
    },
    {
      // Server-wide settings (the catalogue's leverages, the slippage parameter) and the server's clock change
      // here: after the other projects, so no spec runs while they are changed. Running one of these files
      // alone: `npx playwright test --no-deps e2e/web/trade-engine.spec.ts`.
      name: 'server-wide',
      testMatch: sharedSettingsSpecs,
      dependencies: ['desktop', 'mobile'],
      use: desktop,
    },
    {
      name: 'mobile',
      testIgnore: [...desktopOnlySpecs, ...sharedSettingsSpecs],
      use: {
        viewport: { width: 360, height: 740 },
        userAgent:
          'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      },
    },
  ],
  webServer: {
    // main.ts on a data dir seeded with the migrated PGlite (e2e/support/server.ts: about 3.4 s less a start).
    command: 'node --import tsx e2e/support/server.ts',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // TRUST_PROXY: the tests give each sign-up its own client address (e2e/web/support.ts clientIp).
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // The test clock (POST /test/clock): terms run out without waiting; accepted in this build only.
      TEST_CLOCK: '1',
      E2E_BUILD: '1',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
