// SIGTERM drain (issue 15): Fastify's close lets requests in flight finish and answers 503 to new ones on
// open connections; live-price clients are told the server is going away (close code 1001), so they
// reconnect through the proxy to another node at once instead of waiting out a dead socket.
import type { FastifyInstance } from 'fastify';

export const goingAway = { code: 1001, reason: 'server shutting down' } as const;

/** How often, while draining, connections that have gone idle are closed. */
const reapEveryMs = 250;

/** The WebSocket plugin's `preClose`: every client closed with 1001, no new upgrades. */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(goingAway.code, goingAway.reason);
  // Not waiting for the closing handshakes: a client that never answers must not hold the shutdown.
  this.websocketServer.close();
  done();
}

/**
 * Answers finishing during the drain say `Connection: close`, and keep-alive connections that go idle
 * meanwhile are closed: the server's close closes only those idle at that moment, and a connection whose
 * request was still in flight would otherwise hold the process until its keep-alive timeout.
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  let reaper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    draining = true;
    reaper = setInterval(() => app.server.closeIdleConnections(), reapEveryMs);
    reaper.unref();
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) void reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => clearInterval(reaper));
}
