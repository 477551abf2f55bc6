// In production the server also serves the two built front ends: the customer app at / (history-mode
// fallback to index.html) and the back office at /admin.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const adminDist = path.join(repoRoot, 'apps/admin/dist');
const builtFrontends = { webDist, adminDist };

/** Returns the handler for unmatched GETs that should get an app's index.html, or undefined. */
export async function installFrontends(
  app: FastifyInstance,
  { webDist, adminDist }: { webDist: string; adminDist: string } = builtFrontends,
) {
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  const hasAdmin = existsSync(path.join(adminDist, 'index.html'));
  // Vite names assets by content hash, so they can be cached for good; index.html must be revalidated.
  // `file` is the file sent: `x.js.br` when the brotli copy goes out.
  const setHeaders = (res: { setHeader: (name: string, value: string) => void }, file: string) => {
    res.setHeader(
      'cache-control',
      file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    // The body depends on Accept-Encoding (the build's .br/.gz copies): a shared cache must key on it.
    res.setHeader('vary', 'accept-encoding');
  };
  // The build writes brotli and gzip copies beside each text file (scripts/precompress.ts): they are sent
  // to browsers that accept them, and get no routes of their own.
  const compressed = { preCompressed: true, globIgnore: ['**/*.br', '**/*.gz'] };
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders,
      ...compressed,
    });
  }
  if (hasAdmin) {
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders,
      ...compressed,
      decorateReply: !hasWeb,
    });
  }
  return (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') && !url.startsWith('/api/loginCallback/')) return false;
    if (url.startsWith('/admin/api/') || url === '/metrics') return false;
    if (url === '/admin' || url.startsWith('/admin/')) {
      if (!hasAdmin) return false;
      void reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', adminDist);
      return true;
    }
    if (!hasWeb) return false;
    void reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', webDist);
    return true;
  };
}
