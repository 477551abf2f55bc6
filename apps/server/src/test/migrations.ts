// For tests of one migration on rows written before it: a fresh durable database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), the migration files applied one by one, as the server's migrator would.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { durableStore } from './harness.ts';

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

export type RawDb = {
  query: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
  dispose: () => Promise<void>;
};

export async function openRawDb(): Promise<RawDb> {
  const store = await durableStore();
  if (store.config.databaseUrl) {
    const c = new pg.Client({ connectionString: store.config.databaseUrl });
    await c.connect();
    return {
      query: async <T>(text: string) => (await c.query(text)).rows as T[],
      close: () => c.end(),
      dispose: store.dispose,
    };
  }
  const db = new PGlite(store.config.pgliteDir);
  return {
    query: async <T>(text: string) => ((await db.exec(text)).at(-1)?.rows ?? []) as T[],
    close: () => db.close(),
    dispose: store.dispose,
  };
}

/** The journal's tags whose index passes `keep`, in order. */
export async function migrationTags(keep: (idx: number) => boolean): Promise<string[]> {
  const text = await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8');
  const journal = JSON.parse(text) as { entries: { idx: number; tag: string }[] };
  return journal.entries.filter((e) => keep(e.idx)).map((e) => e.tag);
}

export async function migrate(db: Pick<RawDb, 'query'>, tag: string): Promise<void> {
  const text = await readFile(path.join(migrations, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.query(statement);
  }
}
