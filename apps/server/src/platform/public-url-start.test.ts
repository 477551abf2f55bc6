// A real start (main.ts) with PUBLIC_URL naming another port than PORT logs the warning once, at level warn,
// with both: the wiring of platform/public-url.ts, whose decision (and the match that warns nothing) its own
// test proves without a process. One start, the default PUBLIC_URL on another port: a start costs seconds
// of CPU (the import, initdb and the migrations), and a second one, matching, proved nothing the pure test
// does not. It spawns its own server on PGlite and imports no harness, so the PostgreSQL pass leaves it out.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { freePort } from '../test/redis-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What `main.ts` prints from its start until it listens; then it is stopped. */
async function startLog(env: { PUBLIC_URL: string; PORT: string }): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tw-public-url-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 90 s:\n${out}`)), 90_000);
      const read = (chunk: Buffer) => {
        out += chunk.toString();
        if (/Server listening/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.on('close', () => {
        clearTimeout(timer);
        reject(new Error(`exited before listening:\n${out}`));
      });
    });
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const closed = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await closed;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
  return out;
}

it('a start with PUBLIC_URL on another port than PORT logs one warning naming both', async () => {
  const port = await freePort();
  // The default PUBLIC_URL (port 3000) on another port.
  const log = await startLog({ PUBLIC_URL: 'http://localhost:3000', PORT: String(port) });
  const warnings = log.split('\n').filter((line) => line.includes('PUBLIC_URL ('));
  expect(warnings).toHaveLength(1);
  expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({
    level: 40,
    publicUrl: 'http://localhost:3000',
    port,
  });
}, 120_000);
