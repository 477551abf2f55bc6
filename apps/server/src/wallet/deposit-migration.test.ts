// Migration 0008 on rows written before it: channel networks typed as free text, admin-typed rates,
// placeholder addresses, and one transfer claimed under three spellings. Runs the migration files up to
// 0007, writes the old rows, then runs 0008 (on PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openRawDb, type RawDb } from '../test/migrations.ts';

const before0008 = [
  '0000_init',
  '0001_ledger',
  '0002_wallet_core',
  '0003_ledger_immutable',
  '0004_withdrawals',
  '0005_deposits_kyc',
  '0006_market',
  '0007_ledger_rules',
];

const hash = 'ab'.repeat(32);
const legacy = `
  insert into users (id, user_name, email, password_hash, invite_code, created_at)
    values (1, 'old', 'old@example.com', 'x', 'INV1', now());
  insert into uploads (name, user_id, purpose, content_type, size_bytes, sha256, created_at)
    select 'p' || i || '.png', 1, 'deposit_proof', 'image/png', 1, 'x', now() from generate_series(1, 4) i;
  insert into deposit_channels (id, asset, network, address, min_amount_minor, rate_minor, enabled, created_at, updated_at) values
    (1, 'USDT', 'TRC20', 'CONFIGURE-IN-BACK-OFFICE-usdt-trc20', 120000000, 1000000, true, now(), now()),
    (2, 'USDT', 'erc-20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 120000000, 1000000, true, now(), now()),
    (3, 'ETH', 'Ethereum', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', 200000000000000000, 3000000000, true, now(), now());
  insert into deposits (id, user_id, channel_id, asset, network, address, amount_minor, pay_amount_minor, rate_minor, tx_hash, proof_name, status, created_at) values
    (1, 1, 2, 'USDT', 'erc-20', 'a', 150000000, 150000000, 1000000, '0x${hash.toUpperCase()}', 'p1.png', 'pending', now()),
    (2, 1, 3, 'ETH', 'Ethereum', 'a', 3000000000, 1000000000000000000, 3000000000, '${hash}', 'p2.png', 'pending', now()),
    (3, 1, 1, 'USDT', 'TRC20', 'a', 150000000, 150000000, 1000000, '${hash}', 'p3.png', 'pending', now()),
    (4, 1, 1, 'USDT', 'TRC20', 'a', 150000000, 150000000, 1000000, '${hash}', 'p4.png', 'rejected', now());
  insert into params (key, value, updated_at) values ('deposit_min', 'USDT 120, BTC 0.015, ETH 0.2', now());
`;

let db: RawDb | undefined;
afterEach(async () => {
  await db?.close();
  await db?.dispose();
  db = undefined;
});

describe('migration 0008 on existing rows', () => {
  it('maps networks, disables placeholders, normalizes hashes and rejects the pending duplicate', async () => {
    db = await openRawDb();
    for (const name of before0008) await migrate(db, name);
    await db.query(legacy);
    await migrate(db, '0008_deposit_rates');

    const channels = await db.query<{ id: string; network: string; enabled: boolean; spread_bps: number }>(
      'select id::text, network, enabled, spread_bps from deposit_channels order by id',
    );
    expect(channels).toEqual([
      { id: '1', network: 'TRC20', enabled: false, spread_bps: 0 },
      { id: '2', network: 'ERC20', enabled: true, spread_bps: 0 },
      { id: '3', network: 'Ethereum', enabled: true, spread_bps: 0 },
    ]);
    const rateColumn = await db.query(
      `select 1 from information_schema.columns where table_name = 'deposit_channels' and column_name = 'rate_minor'`,
    );
    expect(rateColumn).toEqual([]);

    const claims = await db.query<{
      id: string;
      chain: string;
      tx_hash: string;
      status: string;
      reason: string;
    }>('select id::text, chain, tx_hash, status, reason from deposits order by id');
    expect(claims).toEqual([
      { id: '1', chain: 'ethereum', tx_hash: hash, status: 'pending', reason: null },
      {
        id: '2',
        chain: 'ethereum',
        tx_hash: hash,
        status: 'rejected',
        reason: 'Duplicate of deposit #1: the same on-chain transaction',
      },
      { id: '3', chain: 'tron', tx_hash: hash, status: 'pending', reason: null },
      { id: '4', chain: 'tron', tx_hash: hash, status: 'rejected', reason: null },
    ]);
    await expect(
      db.query(
        `insert into deposits (id, user_id, channel_id, asset, network, chain, address, amount_minor, pay_amount_minor,
           rate_minor, rate_tick_id, tx_hash, proof_name, created_at)
         values (99, 1, 2, 'USDT', 'ERC20', 'ethereum', 'a', 1, 1, 1000000, null, '${hash}', 'p4.png', now())`,
      ),
    ).rejects.toMatchObject({ message: expect.stringContaining('deposits_chain_tx_hash_live') });
    expect(await db.query(`select key from params where key = 'deposit_min'`)).toEqual([]);
  });

  it('stops on a channel whose network names no known chain, naming it', async () => {
    db = await openRawDb();
    for (const name of before0008) await migrate(db, name);
    await db.query(`insert into deposit_channels (id, asset, network, address, min_amount_minor, rate_minor, created_at, updated_at)
      values (7, 'USDT', 'BEP20', 'x', 1, 1000000, now(), now())`);
    await expect(migrate(db, '0008_deposit_rates')).rejects.toThrow(/#7 USDT on BEP20/);
  });
});
