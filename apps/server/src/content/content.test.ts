// Content in the request's language: lists and pages per locale, the fallback while a translation is
// missing, and a seed that runs once per set yet fills in translations and entries added later. The help set is replaced
// by fixture texts (content-testing.ts) so these claims do not hang on the real texts' wording.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { ContentDetail, ContentItem, FaqEntry } from '@tradewind/contract';
import { locales, type Locale } from '@tradewind/i18n/locales';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { contents, contentSeeds, contentTranslations } from './tables.ts';
import { helpTextVersion, seedContent, type ContentTexts } from './seed.ts';
import { pageTexts } from './page-texts/index.ts';
import { fixtureHelpAdditions, fixtureHelpTexts, fixtureNoticeDates } from './content-testing.ts';

const base = '/api/swx/customer/index';
let t: TestApp;

/** Drops the help set the app seeded (and its later editions') and seeds `help` instead: as if a new database. */
async function reseedHelp(only: readonly Locale[], help: ContentTexts['help'] = fixtureHelpTexts(only)) {
  await t.ctx.db.delete(contents).where(inArray(contents.type, [4, 5]));
  await t.ctx.db.delete(contentSeeds).where(like(contentSeeds.name, 'help%'));
  await seedHelp(help);
}
const seedHelp = (help: ContentTexts['help']) =>
  seedContent(t.ctx.db, new Date(t.clock.now()), { pages: pageTexts, help });
const titles = async (lang: string, type: number) =>
  (await list(lang)).filter((i) => i.type === type).map((i) => i.title);

const list = async (lang: string, id: '1' | '2' = '2') =>
  (await client(t.app, { lang }).get<ContentItem[]>(`${base}/listContents/${id}`)).body.result;
const detail = async (lang: string, id: string) =>
  (await client(t.app, { lang }).get<ContentDetail>(`${base}/getContentsById/${id}`)).body;
const idOfSlug = async (slug: string) => {
  const [row] = await t.ctx.db.select().from(contents).where(eq(contents.slug, slug));
  if (!row) throw new Error(`no item ${slug}`);
  return String(row.id);
};

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('a fresh start', () => {
  it('seeds the real help texts: every FAQ entry and notice published in all 11 languages', async () => {
    const rows = await t.ctx.db
      .select({ id: contents.id, locale: contentTranslations.locale })
      .from(contents)
      .innerJoin(contentTranslations, eq(contentTranslations.contentId, contents.id))
      .where(and(inArray(contents.type, [4, 5]), eq(contents.published, true)));
    const perItem = new Map<number, string[]>();
    for (const r of rows) perItem.set(r.id, [...(perItem.get(r.id) ?? []), r.locale]);
    expect(perItem.size).toBeGreaterThanOrEqual(14);
    for (const found of perItem.values()) expect(found.sort()).toEqual([...locales].sort());
  });
});

describe('with every help text in all 11 languages', () => {
  beforeAll(async () => reseedHelp(locales));

  it.each(locales.map((l) => [l]))('listContents/2 answers %s in its own words', async (locale) => {
    const items = await list(locale);
    const faq = items.filter((i) => i.type === 4);
    expect(faq).toHaveLength(12);
    expect(faq[0]).toMatchObject({ title: `${locale} question about accounts`, topic: 'accounts' });
    const notices = items.filter((i) => i.type === 5);
    expect(notices.map((n) => n.title)).toEqual(fixtureNoticeDates.map((d) => `${locale} notice of ${d}`));
    expect(notices.map((n) => n.publishedAt)).toEqual(fixtureNoticeDates.map((d) => Date.parse(d)));
  });

  it('notices come newest first whatever order they were written in', async () => {
    const dates = (await list('en')).flatMap((i) => (i.type === 5 ? [i.publishedAt ?? 0] : []));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('listContents/1 is the Chinese list: Simplified, or Traditional when the request asks for it', async () => {
    expect((await list('en', '1')).find((i) => i.type === 4)?.title).toBe('zh-CN question about accounts');
    expect((await list('zh-TW', '1')).find((i) => i.type === 4)?.title).toBe('zh-TW question about accounts');
  });

  it("getContentsById answers in the request's language and names it", async () => {
    const id = await idOfSlug('faq:kyc:1');
    const res = await detail('ar', id);
    expect(res.result).toMatchObject({ id, type: 4, topic: 'kyc', locale: 'ar' });
    expect(res.result.title).toBe('ar question about kyc');
    expect(res.result.result).toBe('<p>ar answer about kyc, with the word zephyr-kyc.</p>');
  });

  it('listFaq gives every entry with its answer in one call, in the request language', async () => {
    const res = await client(t.app, { lang: 'ja' }).get<FaqEntry[]>(`${base}/listFaq`);
    expect(res.body.result).toHaveLength(12);
    expect(
      res.body.result.every((e) => e.locale === 'ja' && e.result.includes(`ja answer about ${e.topic}`)),
    ).toBe(true);
  });

  it('an unpublished item is neither listed nor opened', async () => {
    const id = await idOfSlug('faq:fees:1');
    await t.ctx.db
      .update(contents)
      .set({ published: false })
      .where(eq(contents.id, Number(id)));
    expect((await list('en')).some((i) => i.id === id)).toBe(false);
    expect((await detail('en', id)).code).toBe('10111');
    await t.ctx.db
      .update(contents)
      .set({ published: true })
      .where(eq(contents.id, Number(id)));
  });

  it('an unknown id is 10111', async () => {
    expect((await detail('en', '999999')).code).toBe('10111');
  });
});

describe('while a translation is missing', () => {
  beforeAll(async () => reseedHelp(locales.filter((l) => l !== 'th' && l !== 'zh-TW')));

  it('a Thai reader gets the English text, and the answer says it is English', async () => {
    const id = await idOfSlug('faq:loans:1');
    expect((await detail('th', id)).result).toMatchObject({ title: 'en question about loans', locale: 'en' });
    expect((await list('th')).find((i) => i.id === id)?.title).toBe('en question about loans');
  });

  it('a Traditional Chinese reader gets Simplified Chinese before English', async () => {
    const id = await idOfSlug('faq:loans:1');
    expect((await detail('zh-TW', id)).result).toMatchObject({ locale: 'zh-CN' });
  });

  it('a page whose German text is missing answers German in English', async () => {
    const about = await idOfSlug('about');
    await t.ctx.db
      .delete(contentTranslations)
      .where(and(eq(contentTranslations.contentId, Number(about)), eq(contentTranslations.locale, 'de')));
    const en = pageTexts.en?.about?.title;
    expect((await detail('de', about)).result).toMatchObject({ type: 1, locale: 'en', title: en });
    expect((await detail('zh-CN', about)).result).toMatchObject({ locale: 'zh-CN' });
  });
});

describe('the seed at the next start', () => {
  beforeAll(async () => reseedHelp(locales.filter((l) => l !== 'th')));

  it('adds a language its texts gained to items already there, keeping an edited text and a deletion', async () => {
    const edited = Number(await idOfSlug('faq:smart:1'));
    const deleted = Number(await idOfSlug('faq:nfts:1'));
    await t.ctx.db
      .update(contentTranslations)
      .set({ title: 'Edited by an operator', seedVersion: null })
      .where(and(eq(contentTranslations.contentId, edited), eq(contentTranslations.locale, 'en')));
    await t.ctx.db.delete(contents).where(eq(contents.id, deleted));

    await seedContent(t.ctx.db, new Date(t.clock.now()), { pages: pageTexts, help: fixtureHelpTexts() });

    expect((await detail('th', String(edited))).result).toMatchObject({ locale: 'th' });
    expect((await detail('en', String(edited))).result.title).toBe('Edited by an operator');
    expect((await detail('en', String(deleted))).code).toBe('10111');
    expect((await list('en')).filter((i) => i.type === 4)).toHaveLength(11);
    expect((await list('en')).filter((i) => i.type === 1)).toHaveLength(1);
  });
});

describe('entries a later edition of the help texts adds', () => {
  const later = fixtureHelpAdditions(helpTextVersion);

  it('reach a database seeded before, once, each listed after the entry before it', async () => {
    await reseedHelp(locales);
    const before = await titles('de', 4);
    await seedHelp(later);
    const at = before.indexOf('de question about loans') + 1;
    const faq = [...before.slice(0, at), 'de added question', ...before.slice(at)];
    expect(await titles('de', 4)).toEqual(faq);
    expect(await titles('ja', 5)).toEqual([
      'ja added notice',
      ...fixtureNoticeDates.map((d) => `ja notice of ${d}`),
    ]);
    await seedHelp(later);
    expect(await titles('de', 4)).toEqual(faq);
  });

  it('stay deleted once an operator deletes one', async () => {
    await t.ctx.db.delete(contents).where(eq(contents.slug, 'faq:loans:2'));
    await seedHelp(later);
    expect(await titles('en', 4)).not.toContain('en added question');
  });

  it('are written once on a new database, in their place', async () => {
    await reseedHelp(locales, later);
    const faq = await titles('en', 4);
    expect(faq).toHaveLength(13);
    expect(faq.indexOf('en added question')).toBe(faq.indexOf('en question about loans') + 1);
    expect(await titles('en', 5)).toHaveLength(3);
  });
});

describe('the home notice parameter', () => {
  it('starts empty: the home bar shows the newest notice until an operator pins one', async () => {
    const res = await client(t.app).get<{ value: string }>(`${base}/getParamByKey/notice_content_id`);
    expect(res.body.result.value).toBe('');
  });
});
