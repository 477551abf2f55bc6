// L-8: API answers carry sessions, balances and personal data; no browser or proxy cache may keep them.
// A route that means to be cached (a logo, an NFT image) sets its own Cache-Control, which is kept.
import type { FastifyInstance } from 'fastify';

const apiPrefixes = ['/api/', '/admin/api/'];

export function installNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!reply.hasHeader('cache-control') && apiPrefixes.some((p) => req.url.startsWith(p)))
      void reply.header('cache-control', 'no-store');
    return payload;
  });
}
