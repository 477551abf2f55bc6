import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'tw-precompress-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, '.vite'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const script = 'export const greeting = "hello";\n'.repeat(200);

describe('precompressDir', () => {
  it('writes brotli and gzip copies that decode to the original bytes', async () => {
    await writeFile(path.join(dir, 'assets', 'app-abc123.js'), script);
    await precompressDir(dir);
    const br = await readFile(path.join(dir, 'assets', 'app-abc123.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app-abc123.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });

  it('leaves small files, binary formats and the .vite folder alone', async () => {
    await writeFile(path.join(dir, 'tiny.js'), 'export {};\n');
    await writeFile(path.join(dir, 'logo.png'), Buffer.alloc(4096, 1));
    await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify({ a: script }));
    await precompressDir(dir);
    expect((await readdir(dir)).sort()).toEqual(['.vite', 'assets', 'logo.png', 'tiny.js']);
    expect(await readdir(path.join(dir, '.vite'))).toEqual(['manifest.json']);
  });

  it('writes no copy that would be larger than the file', async () => {
    // Random bytes do not compress: both encodings only add their framing.
    await writeFile(path.join(dir, 'noise.txt'), randomBytes(3000));
    await precompressDir(dir);
    expect((await readdir(dir)).filter((f) => f.startsWith('noise'))).toEqual(['noise.txt']);
  });
});
