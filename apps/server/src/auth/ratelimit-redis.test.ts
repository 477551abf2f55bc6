// With REDIS_URL set, rate limits are counted in Redis, so two server nodes share one window.
// Runs against a private redis-server started on a free loopback port; skipped when none is installed.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, roomyRateLimits, startTestApp, type TestApp } from '../test/harness.ts';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

let redis: ChildProcess | undefined;
let nodeA: TestApp;
let nodeB: TestApp;

beforeAll(async () => {
  if (!hasRedis) return;
  const port = await freePort();
  redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await readyOn(redis);
  const overrides = {
    rateLimits: {
      ...roomyRateLimits,
      login: { ip: { max: 100, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
    },
  };
  const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
  nodeA = await startTestApp(overrides, env);
  nodeB = await startTestApp(overrides, env);
});
afterAll(async () => {
  if (!hasRedis) return;
  await Promise.all([nodeA?.close(), nodeB?.close()]);
  redis?.kill('SIGTERM');
});

describe.skipIf(!hasRedis)('rate limits in Redis', () => {
  it('count one account across two nodes', async () => {
    expect((await login(nodeA, 'shared_acct', 'guess one')).status).toBe(400);
    expect((await login(nodeB, 'shared_acct', 'guess two')).status).toBe(400);
    const third = await login(nodeA, 'shared_acct', 'guess three');
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('10104');
    expect((await login(nodeB, 'shared_acct', 'guess four')).status).toBe(429);
  });

  it('keep other accounts free', async () => {
    const res = await login(nodeB, 'another_acct', 'guess');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('10004');
  });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function readyOn(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code}: ${out}`));
    });
  });
}
