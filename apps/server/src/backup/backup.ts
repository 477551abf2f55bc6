// Backups and restores of one deployment: the database (a copy of PGlite's data directory in embedded
// mode, pg_dump's custom format in scaled mode), the files the database refers to (uploads, and in
// embedded mode the generated secret key that encrypts card numbers), and a manifest. The manifest carries a
// fingerprint of the ledger — every account's balance and the entry count — so a restore proves it brought
// back the same books, not merely a database that starts.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { access, cp, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../platform/config.ts';
import { openDatabase, queryRows, type Db } from '../platform/db.ts';
import { auditLedger } from '../ledger/service.ts';

const run = promisify(execFile);

export type Manifest = {
  format: 1;
  createdAt: string;
  mode: 'pglite' | 'postgres';
  migrations: number;
  ledger: LedgerFingerprint;
};

export type LedgerFingerprint = {
  entries: number;
  accounts: number;
  balanced: boolean;
  /** sha256 over every ledger account's (owner, book, asset, purpose, balance), in id order. */
  balancesSha256: string;
};

const files = { manifest: 'manifest.json', pglite: 'pglite', postgres: 'postgres.dump' } as const;

export async function ledgerFingerprint(db: Db): Promise<LedgerFingerprint> {
  const rows = await queryRows<{ line: string }>(
    db,
    sql`select concat_ws('|', id, owner_type, coalesce(user_id::text, ''), book, asset, purpose,
          balance_minor) as line from ledger_accounts order by id`,
  );
  const audit = await auditLedger(db);
  const hash = createHash('sha256');
  for (const { line } of rows) hash.update(`${line}\n`);
  return {
    entries: audit.entryCount,
    accounts: rows.length,
    balanced: audit.balanced && audit.accountsMatchingPostings && audit.negativeCustomerAccounts === 0,
    balancesSha256: hash.digest('hex'),
  };
}

async function migrationCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: string }>(
    db,
    sql`select count(*)::text as n from drizzle.__drizzle_migrations`,
  );
  return Number(row?.n ?? 0);
}

/** Raw SQL only here, so no Drizzle schema is needed; migrations run as at the app's start. */
const open = (config: Config) =>
  openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir }, {});

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The files beside the database that belong in a backup: uploads, and the embedded-mode key file. */
async function copySideFiles(fromDataDir: string, toDir: string, mode: Manifest['mode']): Promise<void> {
  const uploads = path.join(fromDataDir, 'uploads');
  if (await exists(uploads)) await cp(uploads, path.join(toDir, 'uploads'), { recursive: true });
  const key = path.join(fromDataDir, 'secret.key');
  if (mode === 'pglite' && (await exists(key))) await cp(key, path.join(toDir, 'secret.key'));
}

/**
 * Writes a backup of `config`'s deployment into `outDir` (created; must not hold a backup already).
 * Embedded mode needs the app stopped: PGlite is one process's database (the data directory's lock says so).
 */
export async function backup(config: Config, outDir: string): Promise<Manifest> {
  await mkdir(outDir, { recursive: true });
  if (await exists(path.join(outDir, files.manifest))) throw new Error(`${outDir} already holds a backup`);
  const mode = config.databaseUrl ? 'postgres' : 'pglite';
  if (!config.databaseUrl && (await exists(path.join(config.pgliteDir, 'postmaster.pid')))) {
    // PGlite removes its pid file on a clean close; with it present another process has the database open.
    throw new Error('the embedded database is in use (or was not shut down cleanly): stop the app first');
  }
  const database = await open(config);
  let manifest: Manifest;
  try {
    manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      mode,
      migrations: await migrationCount(database.db),
      ledger: await ledgerFingerprint(database.db),
    };
  } finally {
    await database.close();
  }
  if (!config.databaseUrl) {
    // A copy of PGlite's data directory, taken after our own clean close: nothing writes to it meanwhile.
    await cp(config.pgliteDir, path.join(outDir, files.pglite), { recursive: true });
  } else {
    // pg_dump takes a consistent snapshot of a running database: nodes keep serving while it runs.
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${path.join(outDir, files.postgres)}`,
      config.databaseUrl,
    ]);
  }
  await copySideFiles(config.dataDir, outDir, mode);
  await writeFile(path.join(outDir, files.manifest), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: 0o600,
  });
  return manifest;
}

export async function readManifest(dir: string): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, files.manifest), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  return manifest;
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return result.rows[0]?.n === '0';
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup in `fromDir` into `config`'s deployment, which must be empty (a fresh DATA_DIR or a
 * fresh database); the app must not be running on it. Then opens it as the app would (migrations run, so an
 * older backup is brought up to this version) and checks the ledger against the manifest's fingerprint.
 */
export async function restore(
  config: Config,
  fromDir: string,
): Promise<{ manifest: Manifest; restored: LedgerFingerprint }> {
  const manifest = await readManifest(fromDir);
  const mode = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.mode !== mode)
    throw new Error(`this backup is of ${manifest.mode} mode; the target is ${mode}`);
  if (config.databaseUrl) {
    if (!(await postgresIsEmpty(config.databaseUrl))) throw new Error('the target database is not empty');
    await run('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(fromDir, files.postgres),
    ]);
  } else {
    if (await exists(config.pgliteDir))
      throw new Error(`${config.pgliteDir} exists: restore into a fresh DATA_DIR`);
    await mkdir(path.dirname(config.pgliteDir), { recursive: true });
    await cp(path.join(fromDir, files.pglite), config.pgliteDir, { recursive: true, errorOnExist: true });
  }
  await mkdir(config.dataDir, { recursive: true });
  const uploads = path.join(fromDir, 'uploads');
  if (await exists(uploads))
    await cp(uploads, path.join(config.dataDir, 'uploads'), { recursive: true, force: false });
  const key = path.join(fromDir, 'secret.key');
  if (await exists(key))
    await cp(key, path.join(config.dataDir, 'secret.key'), { force: false, errorOnExist: true });
  const database = await open(config);
  try {
    const restored = await ledgerFingerprint(database.db);
    if (JSON.stringify(restored) !== JSON.stringify(manifest.ledger)) {
      throw new Error(
        `the restored ledger differs from the backup's: ${JSON.stringify({ restored, expected: manifest.ledger })}`,
      );
    }
    return { manifest, restored };
  } finally {
    await database.close();
  }
}
