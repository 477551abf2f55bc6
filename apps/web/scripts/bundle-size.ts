// Initial JS of the home page, gzipped: the chunks index.html loads (entry + modulepreloads), the home route
// chunk with its static imports, and the English catalogue. Fails above the 150 KB budget (issue 8; it was
// 170 KB in issue 3). Run after `vite build`: `npm run size -w apps/web`; CI runs it after the e2e build.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetBytes = 150_000;
// Another build folder may be named: `npm run size -w apps/web -- /tmp/web-dist`.
const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'dist');

type ManifestChunk = { file: string; imports?: string[]; src?: string };
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set<string>();
for (const match of html.matchAll(
  /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g,
)) {
  if (match[1]) files.add(match[1]);
}

function addWithImports(key: string): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithImports(imported);
}
addWithImports('src/screens/Home.tsx');
addWithImports('../../packages/i18n/locales/en/web.json');

let total = 0;
for (const file of [...files].sort()) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.log(`${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `${(total / 1000).toFixed(1).padStart(7)} KB  home route initial JS, gzip (budget ${budgetBytes / 1000} KB)`,
);
if (total > budgetBytes) {
  console.error(`home route initial JS over budget by ${((total - budgetBytes) / 1000).toFixed(1)} KB gzip`);
  process.exit(1);
}
