// Static serving of the built front ends: the build's brotli/gzip copies go to browsers that accept them,
// hashed assets stay cacheable for a year, pages are revalidated. A fixture build in a temp folder stands in
// for apps/*/dist, so the test does not depend on a build having run.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsEncoding, installFrontends } from './frontends.ts';

const script = 'console.log("tradewind");\n'.repeat(100);
const page = `<!doctype html><html><head><title>Tradewind</title></head><body>${'<p>x</p>'.repeat(200)}</body></html>`;
const adminPage = page.replace('Tradewind', 'Back office');
const yearImmutable = 'public, max-age=31536000, immutable';

let root = '';
let app: FastifyInstance;

async function writeWithCopies(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  await writeFile(`${file}.br`, brotliCompressSync(text));
  await writeFile(`${file}.gz`, gzipSync(text));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'tw-frontends-'));
  const webDist = path.join(root, 'web');
  const adminDist = path.join(root, 'admin');
  await mkdir(path.join(webDist, 'assets'), { recursive: true });
  await mkdir(path.join(adminDist, 'assets'), { recursive: true });
  await writeWithCopies(path.join(webDist, 'index.html'), page);
  await writeWithCopies(path.join(webDist, 'assets', 'app-abc123.js'), script);
  // Below the build's threshold: no copies, sent as it is.
  await writeFile(path.join(webDist, 'assets', 'tiny-def456.js'), 'export {};\n');
  await writeWithCopies(path.join(adminDist, 'index.html'), adminPage);
  app = Fastify();
  const fallback = await installFrontends(app, { webDist, adminDist });
  app.setNotFoundHandler((req, reply) => {
    if (!fallback(req, reply)) void reply.code(404).send({ notFound: req.url });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

function get(url: string, acceptEncoding?: string) {
  return app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
}

describe('built front ends', () => {
  it('send a hashed asset as brotli to a browser that accepts it, cacheable for a year', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe(yearImmutable);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('send gzip to a browser that does not accept brotli', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(yearImmutable);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('send the plain file to a client that accepts no encoding', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('send a file that has no compressed copies as it is, still cacheable for a year', async () => {
    const res = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(yearImmutable);
    expect(res.body).toBe('export {};\n');
  });

  it('answer an app route with the compressed index.html, revalidated on every visit', async () => {
    const res = await get('/market', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });

  it('answer a back-office route with its own index.html, compressed', async () => {
    const res = await get('/admin/withdrawals', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(adminPage);
  });

  it('give the compressed copies no URL of their own', async () => {
    const res = await get('/assets/app-abc123.js.br', 'br');
    // Not the brotli bytes as a file of their own, and not the app's page either: a missing build file.
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/^text\/html/);
  });
});

describe('acceptsEncoding', () => {
  it('reads an Accept-Encoding list, q-values included', () => {
    expect(acceptsEncoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, deflate', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, gzip;q=0.8', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0, gzip;q=0.8', 'gzip')).toBe(true);
    expect(acceptsEncoding('BR;q=1.0', 'br')).toBe(true);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});

describe('a build file that is not there', () => {
  it('is a 404, not the app page, in either app', async () => {
    for (const url of ['/assets/trade-DTJu7kH1.js', '/assets/gone.css', '/admin/assets/gone-1.js']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/text\/html/);
    }
  });

  it('leaves the screens of the app to the page', async () => {
    for (const url of ['/market', '/assets', '/admin/users']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});

describe('screen pages with preloads', () => {
  let preloadRoot = '';
  let preloadApp: FastifyInstance;
  const catalogue = ['assets/web-en1.js', 'assets/market-en1.js'];

  beforeAll(async () => {
    preloadRoot = await mkdtemp(path.join(os.tmpdir(), 'tw-preloads-'));
    const webDist = path.join(preloadRoot, 'web');
    await mkdir(path.join(webDist, '.vite'), { recursive: true });
    await writeWithCopies(path.join(webDist, 'index.html'), page);
    await writeFile(
      path.join(webDist, '.vite', 'preloads.json'),
      JSON.stringify({
        routes: [
          { path: '/', files: ['assets/Home-a1.js', 'assets/Rows-b2.js', 'assets/Rows-c3.css'] },
          { path: '/market', files: ['assets/MarketList-d4.js', 'assets/Rows-b2.js'] },
          { path: '/nfts/mine', files: ['assets/MyNfts-e5.js'] },
          { path: '/nfts/:id', files: ['assets/NftDetail-f6.js'] },
        ],
        always: catalogue,
      }),
    );
    preloadApp = Fastify();
    const fallback = await installFrontends(preloadApp, {
      webDist,
      adminDist: path.join(preloadRoot, 'none'),
    });
    preloadApp.setNotFoundHandler((req, reply) => {
      if (!fallback(req, reply)) void reply.code(404).send({ notFound: req.url });
    });
    await preloadApp.ready();
  });

  afterAll(async () => {
    await preloadApp.close();
    await rm(preloadRoot, { recursive: true, force: true });
  });

  /** The hrefs the page for `url` preloads, from the brotli answer. */
  async function preloadsOf(url: string): Promise<string[]> {
    const res = await preloadApp.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<title>Tradewind</title>');
    return [
      ...html.matchAll(/<link rel="(?:modulepreload|preload" as="style)" crossorigin href="\/([^"]+)">/g),
    ].map((m) => m[1] ?? '');
  }

  it("name the screen's chunks, its CSS and the default catalogue in the page for its path", async () => {
    expect(await preloadsOf('/?invite=abc')).toEqual([
      'assets/Home-a1.js',
      'assets/Rows-b2.js',
      'assets/Rows-c3.css',
      ...catalogue,
    ]);
    expect(await preloadsOf('/market')).toEqual([
      'assets/MarketList-d4.js',
      'assets/Rows-b2.js',
      ...catalogue,
    ]);
  });

  it('match a static path before a parameter, and a parameter as one segment', async () => {
    expect(await preloadsOf('/nfts/mine')).toEqual(['assets/MyNfts-e5.js', ...catalogue]);
    expect(await preloadsOf('/nfts/42')).toEqual(['assets/NftDetail-f6.js', ...catalogue]);
    expect(await preloadsOf('/nfts/42/extra')).toEqual(catalogue);
  });

  it('give an unknown path the catalogue only', async () => {
    expect(await preloadsOf('/no/such/screen')).toEqual(catalogue);
  });

  it('send gzip or plain HTML to clients that do not take brotli', async () => {
    const gz = await preloadApp.inject({
      method: 'GET',
      url: '/market',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('MarketList-d4.js');
    const plain = await preloadApp.inject({ method: 'GET', url: '/market' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('MarketList-d4.js');
  });
});
