// The browser run of the live path: the same app, on its own port and data dir, with the feed replaying a
// file that declares itself a live recording (e2e/replay-live/recording.ts). The main run (`playwright
// test`) covers the simulated feed; this one (`playwright test -c playwright.replay-live.config.ts`)
// checks that what the live feed covers carries no simulated label, and what it does not still does.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { writeRecording } from './e2e/replay-live/recording.ts';

// Beside the main run's port: E2E_PORT + 1000 unless E2E_REPLAY_PORT says otherwise.
const port = Number(process.env.E2E_REPLAY_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1000);
const baseURL = `http://127.0.0.1:${port}`;

// Workers load this file again; they inherit the directory (and its recording) from the runner.
const dataDir = process.env.E2E_REPLAY_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tradewind-e2e-live-'));
const recording = path.join(dataDir, 'live-recording.ndjson');
if (!process.env.E2E_REPLAY_DATA_DIR) writeRecording(recording);
process.env.E2E_REPLAY_DATA_DIR = dataDir;

export default defineConfig({
  ...base,
  testDir: 'e2e/replay-live',
  testMatch: '*.replay.ts',
  use: { ...base.use, baseURL },
  webServer: {
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
      MARKET_FEED: `replay:${recording}`,
      TEST_CLOCK: '1',
      E2E_BUILD: '1',
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
