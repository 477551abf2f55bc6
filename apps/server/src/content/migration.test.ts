// Migration 0017 on a database from before it: the old rows per language group become items with English
// and Chinese texts (keeping the English ids, so links still open), the old English/Chinese FAQ and notice
// make way for the help centre's, and the next start's seed adds the help set without doubling the pages.
// Then migration 0019 marks the old seed's texts as seeded at version '0', so that start also replaces them
// with the modules' current edition. Runs the migration files before 0017, writes the old seed's rows, then
// runs 0017 and the rest (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { durableStore } from '../test/harness.ts';
import { queryRows, type Db } from '../platform/db.ts';
import * as schema from '../schema.ts';
import { seedContent } from './seed.ts';
import { listContents, getContent } from './service.ts';
import { pageTexts } from './page-texts/index.ts';
import { fixtureHelpTexts } from './content-testing.ts';

const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

type Journal = { entries: { idx: number; tag: string }[] };
async function tagsWhere(keep: (idx: number) => boolean): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(migrations, 'meta/_journal.json'), 'utf8')) as Journal;
  return journal.entries.filter((e) => keep(e.idx)).map((e) => e.tag);
}

type Opened = { db: Db; close: () => Promise<void> };
async function open(): Promise<Opened & { dispose: () => Promise<void> }> {
  const store = await durableStore();
  if (store.config.databaseUrl) {
    const c = new pg.Client({ connectionString: store.config.databaseUrl });
    await c.connect();
    const db = drizzlePg(c, { schema }) as unknown as Db;
    return { db, close: () => c.end(), dispose: store.dispose };
  }
  const client = new PGlite(store.config.pgliteDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, close: () => client.close(), dispose: store.dispose };
}

async function migrate(db: Db, tag: string): Promise<void> {
  const text = await readFile(path.join(migrations, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.execute(sql.raw(statement));
  }
}

// What the old seed wrote: pages, FAQ and a notice in group 2 (English) and group 1 (Chinese), and the home
// notice parameter naming the English welcome notice.
const legacy = `
  insert into contents (id, lang_group, type, title, body, sort, updated_at) values
    (1, 2, 1, 'About Tradewind', '<p>About</p>', 0, now()),
    (2, 2, 2, 'Terms of service', '<p>Terms</p>', 1, now()),
    (3, 2, 3, 'Risk disclosure', '<p>Risk</p>', 4, now()),
    (4, 2, 4, 'How do I switch?', '<p>Switch</p>', 6, now()),
    (5, 2, 5, 'Welcome to Tradewind', '<p>Welcome</p>', 9, now()),
    (6, 1, 1, '关于 Tradewind', '<p>关于</p>', 0, now()),
    (7, 1, 2, '服务条款', '<p>条款</p>', 1, now()),
    (8, 1, 3, '风险披露', '<p>风险</p>', 4, now()),
    (9, 1, 3, '仅中文的声明', '<p>仅中文</p>', 5, now()),
    (10, 1, 4, '如何切换？', '<p>切换</p>', 6, now());
  select setval('contents_id_seq', 10);
  insert into params (key, value, updated_at) values ('notice_content_id', '5', now());
`;

let opened: (Opened & { dispose: () => Promise<void> }) | undefined;
afterEach(async () => {
  await opened?.close();
  await opened?.dispose();
  opened = undefined;
});

describe('migration 0017 on the old rows per language group', () => {
  it('keeps the pages under their English ids with their Chinese text, and the next start adds the help set and the current edition', async () => {
    opened = await open();
    const { db } = opened;
    for (const tag of await tagsWhere((idx) => idx < 17)) await migrate(db, tag);
    for (const statement of legacy.split(';')) if (statement.trim()) await db.execute(sql.raw(statement));
    await migrate(db, '0017_content_translations');

    // The Chinese-only statement has no English text: listed in Chinese, not in English.
    expect((await listContents(db, 'en')).map((i) => [i.id, i.type, i.title])).toEqual([
      ['1', 1, 'About Tradewind'],
      ['2', 2, 'Terms of service'],
      ['3', 3, 'Risk disclosure'],
    ]);
    expect((await listContents(db, 'zh-CN')).map((i) => i.id)).toEqual(['1', '2', '3', '9']);
    expect((await getContent(db, 1, 'zh-CN')).title).toBe('关于 Tradewind');
    expect((await getContent(db, 3, 'zh-TW')).result).toBe('<p>风险</p>');
    const seeds = await queryRows<{ name: string }>(db, sql`select name from content_seeds`);
    expect(seeds).toEqual([{ name: 'pages' }]);
    const param = await queryRows<{ value: string }>(
      db,
      sql`select value from params where key = 'notice_content_id'`,
    );
    expect(param).toEqual([{ value: '' }]);

    for (const tag of await tagsWhere((idx) => idx > 17)) await migrate(db, tag);
    // The old seed's pages (they have slugs) are seeded texts of an older version; the Chinese-only
    // statement is nobody's seed.
    const marked = await queryRows<{ id: number; locale: string; v: string | null }>(
      db,
      sql`select content_id::int as id, locale, seed_version as v from content_translations order by 1, 2`,
    );
    expect(marked).toEqual([
      { id: 1, locale: 'en', v: '0' },
      { id: 1, locale: 'zh-CN', v: '0' },
      { id: 2, locale: 'en', v: '0' },
      { id: 2, locale: 'zh-CN', v: '0' },
      { id: 3, locale: 'en', v: '0' },
      { id: 3, locale: 'zh-CN', v: '0' },
      { id: 9, locale: 'zh-CN', v: null },
    ]);

    const now = new Date();
    await seedContent(db, now, { pages: pageTexts, help: fixtureHelpTexts() });
    await seedContent(db, now, { pages: pageTexts, help: fixtureHelpTexts() });
    const after = await listContents(db, 'de');
    expect(after.filter((i) => i.type === 1).map((i) => i.id)).toEqual(['1']);
    expect(after.filter((i) => i.type === 4)).toHaveLength(12);
    expect(after.filter((i) => i.type === 5)).toHaveLength(2);
    // Migrated pages got their slugs, so the seed fills in the languages they lack and replaces their old
    // English and Chinese texts with the current edition; the Chinese-only statement keeps its text.
    const [privacy] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from contents where slug = 'privacy'`,
    );
    expect(privacy).toEqual({ n: 0 });
    expect(await getContent(db, 2, 'en')).toMatchObject({ title: pageTexts.en?.terms?.title, locale: 'en' });
    expect((await getContent(db, 2, 'zh-CN')).title).toBe(pageTexts['zh-CN']?.terms?.title);
    expect((await getContent(db, 2, 'de')).title).toBe(pageTexts.de?.terms?.title);
    expect((await getContent(db, 9, 'zh-CN')).result).toBe('<p>仅中文</p>');
    const versions = await queryRows<{ v: string | null; n: number }>(
      db,
      sql`select seed_version as v, count(*)::int as n from content_translations
          where content_id in (1, 2, 3, 9) group by 1 order by 1`,
    );
    expect(versions).toEqual([
      { v: pageTexts.en?.terms?.version, n: 33 },
      { v: null, n: 1 },
    ]);
  });
});
