// One migrated PGlite data dir for the whole suite. A fresh in-memory PGlite runs initdb in WASM (about
// 1.5 s) before its migrations; the suite starts a few hundred of them. The first test process to need one
// migrates a database once and keeps its dump in the temp dir, keyed by the migrations' contents and the
// PGlite version, so a changed migration makes a new one; every start after that loads the dump (~0.4 s).
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../platform/db.ts';

let template: Promise<Blob> | undefined;

/** The migrated data dir, made once per migrations set and PGlite version. */
export function pgliteTemplate(): Promise<Blob> {
  template ??= loadOrMake();
  return template;
}

async function loadOrMake(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `tradewind-pglite-${await migrationsKey()}.tar`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const client = new PGlite('memory://');
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Written aside and renamed: a process reading it never sees half a file, and two making it at once
  // both write the same thing.
  const aside = `${file}.${process.pid}`;
  await writeFile(aside, Buffer.from(await dump.arrayBuffer()));
  await rename(aside, file);
  return dump;
}

async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  // The package does not export its package.json; its version sits beside dist/.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(await readFile(path.join(path.dirname(entry), '..', 'package.json')));
  const walk = async (dir: string): Promise<void> => {
    for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else hash.update(entry.name).update(await readFile(full));
    }
  };
  await walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}
