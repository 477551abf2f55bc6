// Migration 0028 on rows written before it: the made-up collection addresses (sha-256 of
// "tradewind-charity-<chain>", on seeded and back-office pieces, open or settled) are removed, so the pieces
// read as platform-issued collectibles; a record on a chain the platform checks is kept; the operator's
// company name and address move to operator_name and operator_address. Runs the files before 0028, writes
// the old rows, then runs 0028.
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrationTags, openRawDb, type RawDb } from '../test/migrations.ts';

const madeUp = (chain: string) =>
  `0x${createHash('sha256').update(`tradewind-charity-${chain}`).digest('hex').slice(0, 40)}`;
const minted = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const piece = (id: number, chain: string, address: string, token: string, status = 'open') => `
  (${id}, 'Piece ${id}', '{"en":"x"}', 'Artist', '${chain}', '${address}', '${token}', '\\x00', 'sha', 10, 1, 10,
   0, now() + interval '1 day', now() + interval '1 day', '${status}',
   ${status === 'open' ? 'null' : 'now()'}, now(), now())`;

const legacy = `
  insert into nfts (id, name, descriptions, creator, chain, contract_address, token_id, image_png, image_sha256,
    start_price_minor, min_increment_minor, current_bid_minor, bid_count, end_at, original_end_at, status,
    settled_at, created_at, updated_at) values
  ${[
    piece(1, 'Ethereum', madeUp('Ethereum'), '1'),
    piece(2, 'Polygon', madeUp('Polygon'), '3'),
    piece(3, 'Base', madeUp('Base'), '3'),
    piece(4, 'Ethereum', madeUp('Ethereum'), '4', 'unsold'),
    piece(5, 'Ethereum', minted, '77'),
    piece(6, 'Tezos', 'KT1something', '1'),
  ].join(',')};
  insert into params (key, value, updated_at) values
    ('company_name', 'Tradewind Markets Ltd', now()), ('company_address', '1 Finsbury Avenue', now());
`;

let db: RawDb | undefined;
afterEach(async () => {
  await db?.close();
  await db?.dispose();
  db = undefined;
});

describe('migration 0028 on existing rows', () => {
  it('removes the made-up token records, keeps a checked one, and renames the operator parameters', async () => {
    db = await openRawDb();
    for (const tag of await migrationTags((idx) => idx < 28)) await migrate(db, tag);
    await db.query(legacy);
    await migrate(db, '0028_operator_charity_nft_chain');

    const rows = await db.query<{
      id: string;
      chain: string | null;
      address: string | null;
      token: string | null;
    }>('select id::text, chain, contract_address as address, token_id as token from nfts order by id');
    const none = { chain: null, address: null, token: null };
    expect(rows).toEqual([
      { id: '1', ...none },
      { id: '2', ...none },
      { id: '3', ...none },
      { id: '4', ...none },
      { id: '5', chain: 'Ethereum', address: minted, token: '77' },
      { id: '6', ...none },
    ]);
    const params = await db.query<{ key: string; value: string }>(
      `select key, value from params where key like 'company%' or key like 'operator%' order by key`,
    );
    expect(params).toEqual([
      { key: 'operator_address', value: '1 Finsbury Avenue' },
      { key: 'operator_name', value: 'Tradewind Markets Ltd' },
    ]);
    // The guard is back: a settled piece still never changes.
    await expect(db.query(`update nfts set name = 'x' where id = 4`)).rejects.toThrow(/settled/);
  });
});
