// A backup restored into a fresh database (a new DATA_DIR with PGlite, or a new PostgreSQL database when
// TEST_DATABASE_URL is set) brings back the same books: the ledger audit balances, every account's balance
// matches the fingerprint taken at backup, customers sign in with their passwords and see their balances,
// and the uploads come back beside it.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { client, durableStore, login, registerUser } from '../test/harness.ts';
import { backup, readManifest, restore, type Manifest } from './backup.ts';

type Store = Awaited<ReturnType<typeof durableStore>>;
let source: Store;
let target: Store;
let backupDir: string;
let manifest: Manifest;
const customers: { userName: string; password: string; balance: string }[] = [];

beforeAll(async () => {
  source = await durableStore();
  target = await durableStore();
  backupDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'tw-backup-')), 'b1');
  const { app } = await buildApp(source.config);
  for (const name of ['keeper1', 'keeper2', 'keeper3']) {
    const user = await registerUser({ app, dataDir: source.config.dataDir }, name);
    const info = await client(app, { token: user.token }).post<{ balance: string }>(
      '/api/swx/customer/user/getUserInfo',
    );
    customers.push({ userName: user.userName, password: user.password, balance: info.body.result.balance });
  }
  // keeper1 resets the demo book (an entry only if the balance moved): the path must not disturb the books.
  const keeper1 = await login({ app }, 'keeper1', customers[0]?.password ?? '');
  await client(app, { token: keeper1.body.result.token }).post('/api/swx/customer/user/resetDemo');
  await app.close();
  await mkdir(path.join(source.config.dataDir, 'uploads'), { recursive: true });
  await writeFile(path.join(source.config.dataDir, 'uploads', 'kyc-sample.png'), 'not really a png');
  manifest = await backup(source.config, backupDir);
}, 120_000);

afterAll(async () => {
  await source.dispose();
  await target.dispose();
  await rm(path.dirname(backupDir), { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('the manifest records a balanced ledger with its entries and accounts', async () => {
    expect(await readManifest(backupDir)).toEqual(manifest);
    expect(manifest.ledger.balanced).toBe(true);
    expect(manifest.ledger.entries).toBeGreaterThanOrEqual(3);
    expect(manifest.ledger.accounts).toBeGreaterThanOrEqual(3);
    expect(manifest.migrations).toBeGreaterThan(20);
  });

  it('refuses to write a second backup into the same folder', async () => {
    await expect(backup(source.config, backupDir)).rejects.toThrow(/already holds a backup/);
  });

  it('a restore refuses a tampered manifest and leaves the checked fingerprint to say why', async () => {
    const tampered = path.join(path.dirname(backupDir), 'tampered');
    const scratch = await durableStore();
    try {
      await mkdir(tampered, { recursive: true });
      await cp(backupDir, tampered, { recursive: true });
      const changed = { ...manifest, ledger: { ...manifest.ledger, balancesSha256: '0'.repeat(64) } };
      await writeFile(path.join(tampered, 'manifest.json'), JSON.stringify(changed));
      await expect(restore(scratch.config, tampered)).rejects.toThrow(/differs from the backup/);
    } finally {
      await scratch.dispose();
    }
  }, 120_000);

  it('restores into a fresh store with the same ledger, customers and uploads', async () => {
    const { restored } = await restore(target.config, backupDir);
    expect(restored).toEqual(manifest.ledger);
    const uploaded = await readFile(path.join(target.config.dataDir, 'uploads', 'kyc-sample.png'), 'utf8');
    expect(uploaded).toBe('not really a png');

    const { app } = await buildApp(target.config);
    try {
      for (const customer of customers) {
        const signedIn = await login({ app }, customer.userName, customer.password);
        expect(signedIn.status).toBe(200);
        const info = await client(app, { token: signedIn.body.result.token }).post<{ balance: string }>(
          '/api/swx/customer/user/getUserInfo',
        );
        expect(info.body.result.balance).toBe(customer.balance);
      }
    } finally {
      await app.close();
    }
  }, 120_000);

  it('refuses to restore over a store that holds data', async () => {
    await expect(restore(target.config, backupDir)).rejects.toThrow(/not empty|exists/);
  });
});
