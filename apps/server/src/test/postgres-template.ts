// One migrated PostgreSQL database for the PostgreSQL pass, copied for each test app's database (CREATE
// DATABASE … TEMPLATE) instead of migrating every fresh one again: the 30-odd migrations took about 2 s of
// each of some 150 starts, a copy of the migrated database about 0.5 s. vitest.config.ts runs `setup` before
// any test file and `teardown` after the last (a global setup); the harness copies the template when it is
// there (`migratedTemplate`), else it creates an empty database and the app migrates it, as before. The
// migrations still run on PostgreSQL in every pass, here through the server's own openDatabase; the
// databases of restart and migration tests (durableStore) stay empty, for their apps or their SQL to fill.
import pg from 'pg';
import { openDatabase } from '../platform/db.ts';
import * as schema from '../schema.ts';

/** The template's name beside the pass's database: `<database of TEST_DATABASE_URL>_migrated`. */
export function templateName(baseUrl: string): string {
  return `${new URL(baseUrl).pathname.slice(1)}_migrated`;
}

async function onServer<T>(baseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let known: Promise<string | undefined> | undefined;

/** The template's name when the global setup made it, else undefined (asked once per process). */
export function migratedTemplate(baseUrl: string): Promise<string | undefined> {
  known ??= onServer(baseUrl, async (client) => {
    const name = templateName(baseUrl);
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    return found.rowCount ? name : undefined;
  });
  return known;
}

/** Global setup: the template, made and migrated afresh, when the pass is on PostgreSQL. */
export async function setup(): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  const name = templateName(baseUrl);
  await onServer(baseUrl, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' }, schema);
  await database.close();
}

export async function teardown(): Promise<void> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return;
  await onServer(baseUrl, (client) =>
    client.query(`drop database if exists ${templateName(baseUrl)} with (force)`),
  );
}
