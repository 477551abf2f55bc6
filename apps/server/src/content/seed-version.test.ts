// Seeded texts follow their module's version: a database that started with an older text (the old stub, or
// the last edition once the next ships) gets the new one at its next start, while a text an operator edited (seed_version null)
// and texts already at the module's version are left as they are. The first part restarts the real app on
// a durable database; the rest runs the seed with raised module texts (PGlite, or PostgreSQL with
// TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import type { Locale } from '@tradewind/i18n/locales';
import { buildApp, type App } from '../app.ts';
import { manualClock } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { durableStore } from '../test/harness.ts';
import { contents, contentTranslations } from './tables.ts';
import { helpTextVersion, seedContent } from './seed.ts';
import { pageTexts } from './page-texts/index.ts';
import type { PageSlug, PageTexts } from './page-texts/types.ts';
import { helpTexts } from './help-texts/index.ts';

const dayMs = 24 * 60 * 60_000;
/** The pages' edition now, and editions after it: `later(1, 9)` is 9 parts into the next major version. */
const pageVersion = pageTexts.en?.terms?.version ?? '';
const major = Number(pageVersion.split('.')[0]);
const later = (majors: number, minor: number) => `${major + majors}.${minor}`;
const clock = manualClock(Date.now());
let store: Awaited<ReturnType<typeof durableStore>>;
let second: App | undefined;
let before: Row[];

type Row = typeof contentTranslations.$inferSelect;
const db = (): Db => {
  if (!second) throw new Error('the second start failed');
  return second.ctx.db;
};
const rows = (on: Db) =>
  on
    .select()
    .from(contentTranslations)
    .orderBy(asc(contentTranslations.contentId), asc(contentTranslations.locale));
const idOf = async (on: Db, slug: string) => {
  const [row] = await on.select({ id: contents.id }).from(contents).where(eq(contents.slug, slug));
  if (!row) throw new Error(`no item ${slug}`);
  return row.id;
};
const rowOf = async (on: Db, slug: string, locale: Locale) => {
  const id = await idOf(on, slug);
  const [row] = await rows(on).where(
    and(eq(contentTranslations.contentId, id), eq(contentTranslations.locale, locale)),
  );
  if (!row) throw new Error(`no ${locale} text of ${slug}`);
  return row;
};
const setRow = async (on: Db, slug: string, locale: Locale, values: Partial<Row>) =>
  on
    .update(contentTranslations)
    .set(values)
    .where(
      and(eq(contentTranslations.contentId, await idOf(on, slug)), eq(contentTranslations.locale, locale)),
    );
const keyOf = (r: Row) => `${r.contentId} ${r.locale}`;

/** The page modules with `slug` raised to `version` in every locale that has it, its body marked so. */
function raised(slug: PageSlug, version: string): Partial<Record<Locale, PageTexts>> {
  return Object.fromEntries(
    Object.entries(pageTexts).map(([locale, texts]) => {
      const text = texts[slug];
      const next = text
        ? { ...text, version, body: `<p>${locale} edition ${version}</p>${text.body}` }
        : text;
      return [locale, { ...texts, [slug]: next }];
    }),
  );
}
const seedAt = async (pages: Partial<Record<Locale, PageTexts>>) => {
  clock.advance(dayMs);
  await seedContent(db(), new Date(clock.now()), { pages, help: helpTexts });
};

beforeAll(async () => {
  store = await durableStore();
  const first = await buildApp(store.config, { clock });
  const on = first.ctx.db;
  const old = new Date(clock.now() - 30 * dayMs);
  // A database from before: English terms still the old stub, seeded at 0.9; German privacy edited by an
  // operator; a FAQ entry marked '0' by migration 0019 though its words are already the module's.
  await setRow(on, 'terms', 'en', {
    title: 'Terms',
    body: '<p>Old stub</p>',
    seedVersion: '0.9',
    updatedAt: old,
  });
  await setRow(on, 'privacy', 'de', {
    title: 'Datenschutz (vom Betreiber)',
    seedVersion: null,
    updatedAt: old,
  });
  await setRow(on, 'faq:kyc:1', 'ja', { seedVersion: '0', updatedAt: old });
  before = await rows(on);
  await first.app.close();
  clock.advance(dayMs);
  second = await buildApp(store.config, { clock });
}, 120_000);
afterAll(async () => {
  await second?.app.close();
  await store.dispose();
});

describe('the next start of a database seeded with older texts', () => {
  it("replaces a text seeded at an older version with the module's, at the module's version", async () => {
    const terms = pageTexts.en?.terms;
    expect(await rowOf(db(), 'terms', 'en')).toMatchObject({
      title: terms?.title,
      body: terms?.body,
      seedVersion: pageVersion,
      updatedAt: new Date(clock.now()),
    });
  });

  it('keeps a text an operator edited (seed_version null) as it is', async () => {
    const edited = before.find((r) => r.locale === 'de' && r.title === 'Datenschutz (vom Betreiber)');
    expect(await rowOf(db(), 'privacy', 'de')).toEqual(edited);
  });

  it('moves only the version of a row whose words are already the current ones, not its updated_at', async () => {
    const [faq] = before.filter((r) => r.seedVersion === '0');
    expect(await rowOf(db(), 'faq:kyc:1', 'ja')).toEqual({ ...faq, seedVersion: helpTextVersion });
  });

  it('rewrites no text already at its version and adds no item or translation', async () => {
    const changed = new Set(
      before.filter((r) => r.seedVersion === '0.9' || r.seedVersion === '0').map(keyOf),
    );
    const after = await rows(db());
    expect(after.map(keyOf)).toEqual(before.map(keyOf));
    expect(after.filter((r) => !changed.has(keyOf(r)))).toEqual(before.filter((r) => !changed.has(keyOf(r))));
  });
});

describe('a release that raises a page to its next edition', () => {
  const next = later(1, 1);
  beforeAll(async () => seedAt(raised('privacy', next)));

  it("replaces every seeded language's text of the page with the new edition", async () => {
    const ja = await rowOf(db(), 'privacy', 'ja');
    expect(ja).toMatchObject({ seedVersion: next, updatedAt: new Date(clock.now()) });
    expect(ja.body.startsWith(`<p>ja edition ${next}</p>`)).toBe(true);
    expect((await rowOf(db(), 'privacy', 'en')).body.startsWith(`<p>en edition ${next}</p>`)).toBe(true);
  });

  it("keeps the operator's German text", async () => {
    expect(await rowOf(db(), 'privacy', 'de')).toMatchObject({
      title: 'Datenschutz (vom Betreiber)',
      seedVersion: null,
    });
  });

  it('leaves the other pages at their edition untouched', async () => {
    const about = await idOf(db(), 'about');
    const ofAbout = (list: Row[]) => list.filter((r) => r.contentId === about);
    expect(ofAbout(await rows(db()))).toEqual(ofAbout(before));
  });

  it('does not rewrite it again at the next start, nor add anything', async () => {
    const once = await rows(db());
    await seedAt(raised('privacy', next));
    expect(await rows(db())).toEqual(once);
  });
});

describe('versions compared as numbers', () => {
  it('replaces x.9 with x.10, and keeps x.10 when a rolled-back release brings x.9 again', async () => {
    const [nine, ten] = [later(1, 9), later(1, 10)];
    await seedAt(raised('risk', nine));
    expect((await rowOf(db(), 'risk', 'en')).seedVersion).toBe(nine);
    await seedAt(raised('risk', ten));
    const newer = await rowOf(db(), 'risk', 'en');
    expect(newer).toMatchObject({ seedVersion: ten });
    expect(newer.body.startsWith(`<p>en edition ${ten}</p>`)).toBe(true);
    await seedAt(raised('risk', nine));
    expect(await rowOf(db(), 'risk', 'en')).toEqual(newer);
  });

  it('two nodes starting at once with a new edition write each text once and add nothing', async () => {
    const count = (await rows(db())).length;
    clock.advance(dayMs);
    const now = new Date(clock.now());
    const texts = { pages: raised('aml', later(2, 0)), help: helpTexts };
    await Promise.all([seedContent(db(), now, texts), seedContent(db(), now, texts)]);
    const after = await rows(db());
    expect(after).toHaveLength(count);
    const aml = await idOf(db(), 'aml');
    expect(after.filter((r) => r.contentId === aml).every((r) => r.seedVersion === later(2, 0))).toBe(true);
  });
});
