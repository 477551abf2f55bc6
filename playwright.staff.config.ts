// The browser run of the back office's first sign-in (issue 13): the first-start `admin` can be secured only
// once per server, and the main run's shared helper (e2e/support/accounts.ts) secures it through the API, so
// this story gets servers of its own, fresh, one per language: the English and the Arabic run each start
// from a generated password (`playwright test -c playwright.staff.config.ts`).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

// E2E_PORT + 3000 for English, + 4000 for Arabic, unless E2E_STAFF_PORT says otherwise (then it and +1).
const basePort = Number(process.env.E2E_PORT ?? 3100);
const ports = process.env.E2E_STAFF_PORT
  ? [Number(process.env.E2E_STAFF_PORT), Number(process.env.E2E_STAFF_PORT) + 1]
  : [basePort + 3000, basePort + 4000];
const langs = ['en', 'ar'] as const;

// Workers load this file again; they inherit the directories from the runner.
const dataDirs = langs.map((lang) => {
  const key = `E2E_STAFF_DATA_DIR_${lang.toUpperCase()}`;
  const dir = process.env[key] ?? mkdtempSync(path.join(tmpdir(), `tradewind-e2e-staff-${lang}-`));
  process.env[key] = dir;
  return dir;
});

export default defineConfig({
  ...base,
  testDir: 'e2e/admin',
  testMatch: '*.staff.ts',
  projects: langs.map((lang, i) => ({
    name: `staff-${lang}`,
    use: {
      ...base.use,
      baseURL: `http://127.0.0.1:${ports[i]}`,
      viewport: { width: 1440, height: 900 },
      locale: lang,
    },
    metadata: { lang, dataDir: dataDirs[i] },
  })),
  webServer: langs.map((_lang, i) => ({
    // main.ts on a data dir seeded with the migrated PGlite (e2e/support/server.ts).
    command: 'node --import tsx e2e/support/server.ts',
    url: `http://127.0.0.1:${ports[i]}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    // TRUST_PROXY: the API helpers give each sign-in its own client address (e2e/web/support.ts clientIp).
    env: {
      NODE_ENV: 'production',
      PORT: String(ports[i]),
      DATA_DIR: dataDirs[i] ?? '',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  })),
});
