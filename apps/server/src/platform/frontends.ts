// In production the server also serves the two built front ends: the customer app at / (history-mode
// fallback to index.html) and the back office at /admin.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const webDist = path.join(repoRoot, 'apps/web/dist');
export const adminDist = path.join(repoRoot, 'apps/admin/dist');
const builtFrontends = { webDist, adminDist };

/** What apps/web/scripts/route-preloads.ts writes: the files each screen needs beyond index.html's. */
type Preloads = { routes: { path: string; files: string[] }[]; always: string[] };

type Page = { html: string; br: Buffer; gzip: Buffer };

/** Whether an Accept-Encoding header accepts `name` (present without `q=0`). */
export function acceptsEncoding(header: string | undefined, name: 'br' | 'gzip'): boolean {
  return (header ?? '').split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    if (token?.trim().toLowerCase() !== name) return false;
    return !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/i.test(p));
  });
}

/**
 * index.html for each screen path, naming the screen's chunks and the default catalogue as
 * `<link rel=modulepreload>`, so the browser fetches them beside the entry script instead of after it.
 * Built once at start, compressed once; undefined without the build's preloads.json.
 */
function pagesByPath(webDist: string): ((pathname: string) => Page) | undefined {
  const file = path.join(webDist, '.vite', 'preloads.json');
  if (!existsSync(file)) return undefined;
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Preloads;
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const link = (f: string) =>
    f.endsWith('.css')
      ? `<link rel="preload" as="style" crossorigin href="/${f}">`
      : `<link rel="modulepreload" crossorigin href="/${f}">`;
  const page = (files: readonly string[]): Page => {
    const html = index.replace('</head>', `${[...new Set(files)].map(link).join('\n')}\n</head>`);
    return { html, br: brotliCompressSync(html), gzip: gzipSync(html) };
  };
  const fallback = page(preloads.always);
  const exact = new Map<string, Page>();
  const patterns: { match: RegExp; page: Page }[] = [];
  for (const route of preloads.routes) {
    const routePage = page([...route.files, ...preloads.always]);
    if (!route.path.includes(':')) exact.set(route.path, routePage);
    // `/nfts/:id`: one segment per parameter. Static paths are looked up first, as the router does.
    else patterns.push({ match: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`), page: routePage });
  }
  return (pathname) => exact.get(pathname) ?? patterns.find((p) => p.match.test(pathname))?.page ?? fallback;
}

/** Paths of the builds' hashed files (`/assets/x.js`, `/admin/assets/x.css`), never a screen of the app. */
const buildFile = /^\/(?:admin\/)?assets\//;

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
  const webPage = hasWeb ? pagesByPath(webDist) : undefined;
  return (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') && !url.startsWith('/api/loginCallback/')) return false;
    if (url.startsWith('/admin/api/') || url === '/metrics') return false;
    // A build file that is not there (an older build's chunk) is a 404: the page in its place would be
    // refused as a module script ("Failed to load module script") and cached as the file it is not.
    if (buildFile.test(url)) return false;
    if (url === '/admin' || url.startsWith('/admin/')) {
      if (!hasAdmin) return false;
      void reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', adminDist);
      return true;
    }
    if (!hasWeb) return false;
    if (!webPage) {
      void reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html', webDist);
      return true;
    }
    const page = webPage(url);
    const accept = req.headers['accept-encoding'];
    const encoding = acceptsEncoding(accept, 'br')
      ? 'br'
      : acceptsEncoding(accept, 'gzip')
        ? 'gzip'
        : undefined;
    void reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding).send(page[encoding]);
    else void reply.send(page.html);
    return true;
  };
}
