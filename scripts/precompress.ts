// Vite plugin: brotli and gzip copies of a build's text files, written beside them (`x.js.br`, `x.js.gz`),
// so that the server sends them as they are (@fastify/static `preCompressed`) instead of compressing every
// response again, and can afford the slowest, smallest settings (brotli 11) once at build time.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files a browser fetches as text; images other than SVG and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, headers and the encoding's framing eat most of the gain. */
const minBytes = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // `.vite/` holds the manifest, read by scripts and never served (dot folders are not).
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile() && compressible.test(entry.name)) yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const raw = await readFile(file);
  if (raw.length < minBytes) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not written: the server then falls back to the next encoding or the file.
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await writeFile(`${file}.gz`, gz);
}

/** Writes the copies for every compressible file under `dir`; returns the files it looked at. */
export async function precompressDir(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) files.push(file);
  await Promise.all(files.map(compressFile));
  return files;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tradewind:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the copied public/ folder are on disk.
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}
