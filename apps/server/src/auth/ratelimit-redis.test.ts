// With REDIS_URL set, rate limits are counted in Redis, so two server nodes share one window.
// Runs against a private redis-server started on a free loopback port; skipped when none is installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { login, roomyRateLimits, startTestApp, type TestApp } from '../test/harness.ts';
import { hasRedisServer, RedisServer } from '../test/redis-server.ts';

const hasRedis = hasRedisServer();

let redis: RedisServer | undefined;
let nodeA: TestApp;
let nodeB: TestApp;

beforeAll(async () => {
  if (!hasRedis) return;
  redis = await RedisServer.started();
  const overrides = {
    rateLimits: {
      ...roomyRateLimits,
      login: { ip: { max: 100, windowMs: 60_000 }, account: { max: 2, windowMs: 60_000 } },
    },
  };
  const env = { REDIS_URL: redis.url };
  nodeA = await startTestApp(overrides, env);
  nodeB = await startTestApp(overrides, env);
});
afterAll(async () => {
  if (!hasRedis) return;
  await Promise.all([nodeA?.close(), nodeB?.close()]);
  await redis?.stop();
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

  it('name their keys by window: tw-rl:login:ip:…, never tw-rl:undefinedundefined-…', async () => {
    await login(nodeA, 'named_keys', 'guess', { ip: '203.0.113.90' });
    const reader = new Redis(redis?.url ?? '');
    try {
      const keys = await reader.keys('tw-rl:*');
      expect(keys).toContain('tw-rl:login:ip:203.0.113.90');
      expect(keys).toContain('tw-rl:login:acct:name:named_keys');
      expect(keys.filter((k) => k.includes('undefined'))).toEqual([]);
    } finally {
      reader.disconnect();
    }
  });
});
