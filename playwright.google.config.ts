// The browser run of Google sign-in: a real OpenID Provider (oidc-provider) on loopback stands in for Google,
// and the app is started configured for it (GOOGLE_ISSUER, a registered confidential client, PUBLIC_URL).
// Its own ports and data dir, beside the main run (`playwright test -c playwright.google.config.ts`).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { testClient } from './apps/server/src/test/oidc-provider.ts';

// E2E_PORT + 2000 for the app, the next port for the provider, unless E2E_GOOGLE_PORT says otherwise.
const port = Number(process.env.E2E_GOOGLE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 2000);
const providerPort = port + 1;
const baseURL = `http://127.0.0.1:${port}`;
const issuer = `http://127.0.0.1:${providerPort}`;
const redirectUri = `${baseURL}/api/loginCallback/google`;

const dataDir = process.env.E2E_GOOGLE_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tradewind-e2e-google-'));
process.env.E2E_GOOGLE_DATA_DIR = dataDir;

export default defineConfig({
  ...base,
  testDir: 'e2e/google',
  testMatch: '*.google.ts',
  use: { ...base.use, baseURL },
  webServer: [
    {
      command: 'node --import tsx e2e/google/provider.ts',
      url: `${issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { OIDC_PORT: String(providerPort), OIDC_REDIRECT_URI: redirectUri },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // main.ts on a data dir seeded with the migrated PGlite (e2e/support/server.ts).
      command: 'node --import tsx e2e/support/server.ts',
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseURL,
        GOOGLE_ISSUER: issuer,
        GOOGLE_CLIENT_ID: testClient.id,
        GOOGLE_CLIENT_SECRET: testClient.secret,
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
