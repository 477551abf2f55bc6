// Initial JS of the back office, gzipped: the chunks index.html loads (entry + modulepreloads) and every chunk
// they import statically, read from the Vite manifest. Lazy chunks (charts, the rich-text editor) are not
// counted: they load with the screen that needs them. Fails above the 250 KB budget (issue 13). Run after
// `vite build`: `npm run size -w apps/admin` (another build folder: `npm run size -w apps/admin -- DIR`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetBytes = 250_000;
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const files = new Set<string>();
const html = readFileSync(join(dist, 'index.html'), 'utf8');
for (const match of html.matchAll(
  /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/admin\/([^"]+\.js)"/g,
)) {
  if (match[1]) files.add(match[1]);
}

function addWithImports(key: string): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithImports(imported);
}
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
for (const [key] of entries) addWithImports(key);
if (files.size === 0) throw new Error('index.html loads no script');

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `${(total / 1000).toFixed(1).padStart(7)} KB  back office initial JS, gzip (budget ${budgetBytes / 1000} KB)`,
);
if (total > budgetBytes) {
  console.error(`back office initial JS over budget by ${((total - budgetBytes) / 1000).toFixed(1)} KB gzip`);
  process.exit(1);
}
