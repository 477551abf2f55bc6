// The test clock (TEST_CLOCK=1) moves only in test builds: config.ts refuses it on a production start, which
// then stops with one line naming it; where accepted, POST /test/clock moves the clock forward only.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { offsetClock } from './clock.ts';
import { ConfigError, testClockRequested } from './config.ts';
import { registerTestClockRoutes } from './test-clock-routes.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('the test clock', () => {
  it('is accepted in test builds and refused in production, unless the browser tests’ build on PGlite', () => {
    expect(testClockRequested({})).toBe(false);
    expect(testClockRequested({ NODE_ENV: 'test', TEST_CLOCK: '1' })).toBe(true);
    expect(testClockRequested({ NODE_ENV: 'production', TEST_CLOCK: '1', E2E_BUILD: '1' })).toBe(true);
    expect(() => testClockRequested({ NODE_ENV: 'production', TEST_CLOCK: '1' })).toThrow(ConfigError);
    expect(() =>
      testClockRequested({
        NODE_ENV: 'production',
        TEST_CLOCK: '1',
        E2E_BUILD: '1',
        DATABASE_URL: 'postgres://x@127.0.0.1/db',
      }),
    ).toThrow(/TEST_CLOCK is refused in production/);
    expect(() => testClockRequested({ NODE_ENV: 'test', TEST_CLOCK: 'yes' })).toThrow(/TEST_CLOCK must be 1/);
  });

  it('a production start with TEST_CLOCK=1 exits 78 with one line that names it', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', TEST_CLOCK: '1', PORT: '0' };
    delete env.E2E_BUILD;
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(exitCode).toBe(78);
    expect(out.trim().split('\n')).toEqual([
      expect.stringMatching(/^tradewind: .*TEST_CLOCK is refused in production/),
    ]);
  });

  it('POST /test/clock moves the clock forward, never back', async () => {
    const clock = offsetClock();
    const app = Fastify();
    registerTestClockRoutes(app, clock);
    const before = clock.now();
    const moved = await app.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: 60_000 } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<{ offsetMs: number }>().offsetMs).toBe(60_000);
    expect(clock.now() - before).toBeGreaterThanOrEqual(60_000);
    const back = await app.inject({ method: 'POST', url: '/test/clock', payload: { advanceMs: -1 } });
    expect(back.statusCode).toBe(400);
    expect(clock.offsetMs()).toBe(60_000);
    const read = await app.inject({ method: 'GET', url: '/test/clock' });
    expect(read.json<{ offsetMs: number }>().offsetMs).toBe(60_000);
    expect(clock.offsetMs()).toBe(60_000);
    await app.close();
  });
});
