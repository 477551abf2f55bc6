// The initial-JS budget check shared by both front ends' `npm run size`: the back office reads the chunks a
// page loads before it can run from its Vite build (index.html's script and modulepreload tags, the
// manifest's static imports); the customer app measures them in the browser (apps/web/scripts/bundle-size.ts).
// Gzipped at level 9 and added up; the check fails when the sum is above the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

export function readManifest(dist: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/** The JS files index.html loads (entry and modulepreloads), under the app's `base` ('/' or '/admin/'). */
export function htmlScripts(dist: string, base: string): Set<string> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  const prefix = base.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const tags = new RegExp(
    `<(?:script[^>]*\\ssrc|link[^>]*rel="modulepreload"[^>]*\\shref)="${prefix}([^"]+\\.js)"`,
    'g',
  );
  for (const match of html.matchAll(tags)) if (match[1]) files.add(match[1]);
  return files;
}

/** Adds the chunk of manifest `key` and every chunk it imports statically to `files`. */
export function addWithImports(
  manifest: Record<string, ManifestChunk>,
  key: string,
  files: Set<string>,
): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no ${key}`);
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) addWithImports(manifest, imported, files);
}

/** Prints each file's gzip size and the total; false above `budgetBytes`. */
export function reportBudget(gzipBytes: Map<string, number>, budgetBytes: number, what: string): boolean {
  let total = 0;
  for (const [file, size] of [...gzipBytes].sort(([a], [b]) => a.localeCompare(b))) {
    total += size;
    console.log(`${(size / 1000).toFixed(1).padStart(7)} KB  ${file}`);
  }
  const count = `${gzipBytes.size} files`;
  console.log(
    `${(total / 1000).toFixed(1).padStart(7)} KB  ${what}, ${count}, gzip (budget ${budgetBytes / 1000} KB)`,
  );
  if (total <= budgetBytes) return true;
  console.error(`${what} over budget by ${((total - budgetBytes) / 1000).toFixed(1)} KB gzip`);
  return false;
}

/** The same for files of a build; exits 1 above `budgetBytes`. */
export function checkBudget(dist: string, files: Set<string>, budgetBytes: number, what: string): void {
  const sizes = new Map(
    [...files].map((file) => [file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length]),
  );
  if (!reportBudget(sizes, budgetBytes, what)) process.exit(1);
}
