// Scaled mode: two nodes on one Redis (and, on PostgreSQL, one database) push the same ticks; only the
// leader runs the feed, and another node takes over when it goes. Skipped when Redis is not reachable.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Redis } from 'ioredis';
import type { WsPriceItem } from '@tradewind/contract';
import { startTestApp, type TestApp } from '../test/harness.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await reachable(redisUrl);

describe.skipIf(!redisUp)('two nodes sharing Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // One cluster per run: the public URL names the channel and the leader key.
    const env = { REDIS_URL: redisUrl, PUBLIC_URL: `http://tw-${randomBytes(6).toString('hex')}.test` };
    a = await startTestApp({}, env);
    b = await startTestApp({ databaseUrl: a.config.databaseUrl }, env);
    await Promise.all([
      a.app.listen({ port: 0, host: '127.0.0.1' }),
      b.app.listen({ port: 0, host: '127.0.0.1' }),
    ]);
    // Each manual clock starts at its node's start, B's seconds after A's (more on a loaded machine): one
    // time on both, as real nodes keep, or a minute boundary between the two moves B's 24 h window a
    // minute ahead of A's and the two push a different change (zdf) for the same price.
    a.clock.advance(b.clock.now() - a.clock.now());
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  function watch(t: TestApp): { messages: WsPriceItem[][]; ready: Promise<void>; ws: WebSocket } {
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    const messages: WsPriceItem[][] = [];
    ws.on('message', (d) => messages.push(JSON.parse(String(d)) as WsPriceItem[]));
    return { messages, ws, ready: new Promise((r) => ws.once('open', () => r())) };
  }

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('elects one leader', () => {
    expect(a.app.market.isLeader()).toBe(true);
    expect(b.app.market.isLeader()).toBe(false);
  });

  it('pushes the leader’s ticks from both nodes', async () => {
    const onA = watch(a);
    const onB = watch(b);
    await Promise.all([onA.ready, onB.ready]);
    // The first message on each is the full state; what follows is the changes.
    while (onA.messages.length === 0 || onB.messages.length === 0) await sleep(20);
    const [fromA, fromB] = [onA.messages.length, onB.messages.length];
    expect(await b.app.market.step()).toEqual([]); // a follower does not poll
    // Both nodes' clocks move (as real ones do together): a price's status (open or closed) is read
    // against the node's own clock.
    a.clock.advance(3_600_000);
    b.clock.advance(3_600_000);
    const ticks = await a.app.market.step();
    const btc = ticks.find((t) => t.code === 'BTCUSDT');
    expect(btc).toBeDefined();
    const pushed = (messages: WsPriceItem[][], from: number) =>
      new Map(messages.slice(from).flatMap((m) => m.map((i) => [i.code, i] as const)));
    // Until both sockets have had the hour's changes (a loaded machine takes longer than a push interval
    // to carry them through Redis), at most 15 s.
    const deadline = Date.now() + 15_000;
    await sleep(1200);
    while (
      Date.now() < deadline &&
      (pushed(onA.messages, fromA).size <= 300 ||
        pushed(onB.messages, fromB).size < pushed(onA.messages, fromA).size)
    )
      await sleep(200);
    onA.ws.close();
    onB.ws.close();
    const seenA = pushed(onA.messages, fromA);
    const seenB = pushed(onB.messages, fromB);
    expect(seenA.size).toBeGreaterThan(300);
    expect([...seenB.keys()].sort()).toEqual([...seenA.keys()].sort());
    for (const [code, item] of seenA) expect(seenB.get(code), code).toEqual(item);
    expect(b.app.market.snapshot.get('BTCUSDT')?.lastPrice).toEqual(
      a.app.market.snapshot.get('BTCUSDT')?.lastPrice,
    );
  });

  it('hands the feed to the other node when the leader goes', async () => {
    await a.app.market.close();
    const deadline = Date.now() + 12_000;
    while (!b.app.market.isLeader() && Date.now() < deadline) await sleep(200);
    expect(b.app.market.isLeader()).toBe(true);
    b.clock.advance(60_000);
    expect((await b.app.market.step()).length).toBeGreaterThan(0);
  }, 20_000);
});
