// Which test files touch the database, and so run again on PostgreSQL (TEST_DATABASE_URL): the rule is
// "the file imports the test harness (apps/server/src/test/harness.ts), directly or through any module it
// imports" — every database a test opens is opened there (startTestApp, durableStore). The PGlite pass runs
// every file; the PostgreSQL pass (vitest.config.ts with TEST_DATABASE_URL set) only these.
// Two checks keep the rule honest: the harness refuses to open a database for a file outside this list
// (assertDatabaseTestFile, run in both passes), and apps/server/src/test/database-tests.test.ts fails when a test file
// reaches a database by another road (PGlite, pg, openDatabase) without the harness.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const harnessFile = 'apps/server/src/test/harness.ts';

/** The test files vitest.config.ts runs (node and admin-ui projects), relative to the repo root. */
export function allTestFiles(root = repoRoot): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const rel = path.posix.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(e.name)) out.push(rel);
    }
  };
  for (const top of ['apps', 'packages']) {
    for (const pkg of readdirSync(path.join(root, top))) {
      if (existsSync(path.join(root, top, pkg, 'src'))) walk(path.posix.join(top, pkg, 'src'));
    }
  }
  walk('scripts');
  return out.sort();
}

const importRe = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

const importsOf = new Map<string, string[]>();

/** Relative imports of one file, as repo-relative paths of files that exist (read once per process). */
export function relativeImports(file: string, root = repoRoot): string[] {
  const key = `${root}\0${file}`;
  const known = importsOf.get(key);
  if (known) return known;
  const src = readFileSync(path.join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(importRe)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1] ?? ''));
    const found = [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((p) =>
      existsSync(path.join(root, p)),
    );
    if (found && /\.tsx?$/.test(found)) out.push(found);
  }
  importsOf.set(key, out);
  return out;
}

/** Every module a file reaches through relative imports, itself included. */
export function importClosure(file: string, root = repoRoot): Set<string> {
  const seen = new Set<string>();
  const todo = [file];
  for (let f = todo.pop(); f !== undefined; f = todo.pop()) {
    if (seen.has(f)) continue;
    seen.add(f);
    todo.push(...relativeImports(f, root));
  }
  return seen;
}

let cached: string[] | undefined;
/** The PostgreSQL pass: the test files whose imports reach the harness. */
export function databaseTestFiles(root = repoRoot): string[] {
  if (root === repoRoot && cached) return cached;
  const files = allTestFiles(root).filter((f) => importClosure(f, root).has(harnessFile));
  if (root === repoRoot) cached = files;
  return files;
}

/**
 * Called by the harness before it opens a database: under vitest, throws when the running test file is not
 * in the PostgreSQL pass (outside vitest, as in bench/orders, it does nothing).
 */
export async function assertDatabaseTestFile(): Promise<void> {
  if (!process.env.VITEST) return;
  const { expect } = await import('vitest');
  const testPath = expect.getState().testPath;
  if (!testPath) return;
  const rel = path.relative(repoRoot, testPath).split(path.sep).join('/');
  // The rule applied to this one file (what databaseTestFiles applies to all of them): its own import
  // closure, a few milliseconds, where the whole tree's took seconds in every test file's process.
  if (importClosure(rel).has(harnessFile)) return;
  throw new Error(
    `${rel} opens a database but is not in the PostgreSQL pass: a test file that touches the database ` +
      `must import ${harnessFile} (directly or through a helper) — see apps/server/src/test/database-tests.ts`,
  );
}
