// SIGTERM drain (issue 15): Fastify's close lets requests in flight finish and answers 503 to new ones on
// open connections; live-price clients are told the server is going away (close code 1001), so they
// reconnect through the proxy to another node at once instead of waiting out a dead socket.
import type { FastifyInstance } from 'fastify';

export const goingAway = { code: 1001, reason: 'server shutting down' } as const;

/** The WebSocket plugin's `preClose`: every client closed with 1001, no new upgrades. */
export function closeSocketsGoingAway(this: FastifyInstance, done: () => void): void {
  for (const client of this.websocketServer.clients) client.close(goingAway.code, goingAway.reason);
  // Not waiting for the closing handshakes: a client that never answers must not hold the shutdown.
  this.websocketServer.close();
  done();
}
