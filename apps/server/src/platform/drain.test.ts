// The SIGTERM drain on the real app (main.ts calls app.close()): a request in flight is answered (with
// `Connection: close`) and its keep-alive connection does not hold the close, live-price clients get 1001,
// and the lease is cleared at once for another node to take.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { queryRows } from './db.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

function postKeepAlive(port: number, agent: http.Agent, path: string, body: unknown) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('closing the server (SIGTERM)', () => {
  it('answers the request in flight, closes sockets with 1001 and hands the lease over, without waiting out keep-alive', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/ws`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('open', resolve));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A warm connection, idle, then a login in flight on it (argon2 takes a while) when the close starts.
    expect(
      (await postKeepAlive(port, agent, '/api/swx/customer/login/login', { userName: 'x', password: 'y' }))
        .status,
    ).toBe(400);
    const inFlight = postKeepAlive(port, agent, '/api/swx/customer/login/login', {
      userName: 'nobody',
      password: 'guess',
    });
    await new Promise((r) => setTimeout(r, 5));
    const started = performance.now();
    await t.app.close();
    const took = performance.now() - started;
    expect(await inFlight).toEqual({ status: 400, connection: 'close' });
    expect(await closed).toBe(1001);
    expect(took).toBeLessThan(5_000);
    const [lease] = await queryRows<{ holder: string | null }>(
      t.database.db,
      sql`select holder from leader_lease where name = 'cluster'`,
    );
    expect(lease).toEqual({ holder: null });
    agent.destroy();
  });
});
