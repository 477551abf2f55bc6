// The back-office sign-in's failure windows (issue 25, M-9) in Redis: two server nodes count one address's
// failures together, and the owner's right password and code still pass on either. Runs against a private
// redis-server on a free loopback port; skipped when none is installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  client,
  roomyRateLimits,
  secondFactor,
  secureAdmin,
  startTestApp,
  type SecuredAdmin,
  type TestApp,
} from '../test/harness.ts';
import { hasRedisServer, RedisServer } from '../test/redis-server.ts';

const hasRedis = hasRedisServer();

let redis: RedisServer | undefined;
let nodeA: TestApp;
let nodeB: TestApp;
let owner: SecuredAdmin;

beforeAll(async () => {
  if (!hasRedis) return;
  redis = await RedisServer.started();
  const overrides = {
    rateLimits: {
      ...roomyRateLimits,
      adminSignIn: {
        accountIp: { max: 2, windowMs: 60_000 },
        ip: { max: 100, windowMs: 60_000 },
        account: { max: 100, windowMs: 60_000 },
      },
    },
  };
  const env = { REDIS_URL: redis.url };
  nodeA = await startTestApp(overrides, env);
  nodeB = await startTestApp(overrides, env);
  // Each node has its own database in the suite: the account lives on A, guessed on both.
  owner = await secureAdmin(nodeA, 'superadmin', { userName: 'shared_owner' });
});
afterAll(async () => {
  if (!hasRedis) return;
  await Promise.all([nodeA?.close(), nodeB?.close()]);
  await redis?.stop();
});

const attempt = (node: TestApp, body: Record<string, unknown>) =>
  client(node.app).post('/admin/api/login', { body, ip: '198.51.100.60' });

describe.skipIf(!hasRedis)('back-office sign-in windows in Redis', () => {
  it('count an address’s failures on both nodes; the owner’s password and code pass all the same', async () => {
    const guess = { userName: 'shared_owner', password: 'a wrong guess' };
    expect((await attempt(nodeA, guess)).body.code).toBe('10004');
    expect((await attempt(nodeB, guess)).body.code).toBe('10004');
    const third = await attempt(nodeA, guess);
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('10104');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt(nodeB, guess)).status).toBe(429);
    // Waiting on A too: the right password without a code is the same wait.
    expect((await attempt(nodeA, { userName: owner.userName, password: owner.password })).status).toBe(429);
    const body = { userName: owner.userName, password: owner.password, otp: secondFactor(nodeA, owner) };
    expect((await attempt(nodeA, body)).status).toBe(200);
  });
});
