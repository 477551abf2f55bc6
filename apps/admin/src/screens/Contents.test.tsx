// The content editor, rendered against the real server: a superadmin writes a FAQ entry in English and
// Arabic (the Arabic tab right to left) and customers read each; the list flags missing languages and the
// editor names each one's fallback; the form checks send nothing; a save on a stale revision is told; publish,
// unpublish and order take a reason; a finance admin is told the content is not theirs. The rich text is
// TipTap's real editor: the test writes through its toolbar and its commands (TipTap keeps the instance on
// the editable element for tests), since happy-dom has no typing into contenteditable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { Editor } from '@tiptap/react';
import type { AdminContentDetail, AdminContentItem, FaqEntry, Page } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { isolate } from './ContentEditor.tsx';
import { Contents } from './Contents.tsx';

let bo: BackOffice;
let superadmin: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  superadmin = await bo.admin('superadmin');
});
afterAll(async () => bo.close());

const api = async <T,>(method: 'GET' | 'POST', url: string, body?: object, lang?: string) =>
  (
    await bo.t.app.inject({
      method,
      url,
      headers: { authorization: superadmin.token, ...(lang ? { 'accept-language': lang } : {}) },
      ...(body ? { payload: body } : {}),
    })
  ).json<{ code: string; result: T }>();
const faqOf = async (lang: string) =>
  (await api<FaqEntry[]>('GET', '/api/swx/customer/index/listFaq', undefined, lang)).result;
const auditTotal = async () => (await api<{ total: number }>('GET', '/admin/api/audit')).result.total;

/** The TipTap editor of the open language tab, once its lazy chunk has loaded. */
async function richText(): Promise<Editor> {
  const area = await screen.findByRole('textbox', { name: /^Text \(/ }, { timeout: 10_000 });
  const editor = (area as HTMLElement & { editor?: Editor }).editor;
  if (!editor) throw new Error('no TipTap editor on the text area');
  return editor;
}

async function openNew(user: UserEvent) {
  renderAs(superadmin, <Contents admin={superadmin.admin} />);
  await screen.findAllByTestId('content-row');
  await user.click(screen.getByRole('button', { name: 'New item (FAQ)' }));
  return screen.findByRole('heading', { name: 'New item (FAQ)' });
}

describe('writing a FAQ entry in two languages', () => {
  it('English and Arabic (right to left) reach customers in each; the others see English, named', async () => {
    const user = userEvent.setup();
    await openNew(user);
    await user.selectOptions(screen.getByLabelText(/^Topic/), 'Fees');
    await user.click(screen.getByLabelText('Published (customers can see it)'));

    await user.type(screen.getByLabelText('Title (English)'), 'Are fees shown first?');
    const en = await richText();
    en.commands.setContent('<p>Yes, every fee is shown before you confirm.</p>');
    // The toolbar works on the real editor: bold the whole answer.
    en.commands.selectAll();
    await user.click(screen.getByRole('button', { name: 'Bold' }));
    expect(en.getHTML()).toContain('<strong>Yes, every fee is shown before you confirm.</strong>');

    const arTab = screen.getByRole('tab', { name: /العربية/ });
    expect(arTab.textContent).toContain('⤷');
    await user.click(arTab);
    const panel = screen.getByRole('tabpanel');
    expect(panel.textContent).toContain(
      'No text in العربية yet. Its readers are shown the English text, marked as English.',
    );
    expect(await screen.findByText('Shown in English')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Write the text in العربية' }));
    const arTitle = screen.getByLabelText('Title (العربية)');
    expect(arTitle.getAttribute('dir')).toBe('rtl');
    await user.type(arTitle, 'هل تظهر الرسوم أولاً؟');
    const ar = await richText();
    expect(ar.view.dom.getAttribute('dir')).toBe('rtl');
    expect(ar.view.dom.getAttribute('lang')).toBe('ar');
    ar.commands.setContent('<p>نعم، تظهر كل الرسوم قبل التأكيد.</p>');
    // The preview is the server's sanitized HTML, in Arabic, right to left.
    await waitFor(() =>
      expect(document.querySelector('.preview-sheet .prose')?.innerHTML).toBe(
        '<p>نعم، تظهر كل الرسوم قبل التأكيد.</p>',
      ),
    );
    expect(document.querySelector('.preview-sheet')?.getAttribute('dir')).toBe('rtl');

    await user.type(screen.getByLabelText(/Reason for the change/), 'asked by support');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByRole('heading', { name: `Edit “${isolate('Are fees shown first?')}”` });

    const arEntry = (await faqOf('ar')).find((e) => e.title === 'هل تظهر الرسوم أولاً؟');
    expect(arEntry).toMatchObject({ locale: 'ar', topic: 'fees' });
    expect(arEntry?.result).toBe('<p>نعم، تظهر كل الرسوم قبل التأكيد.</p>');
    const deEntry = (await faqOf('de')).find((e) => e.id === arEntry?.id);
    expect(deEntry).toMatchObject({ locale: 'en', title: 'Are fees shown first?' });
    expect(deEntry?.result).toBe('<p><strong>Yes, every fee is shown before you confirm.</strong></p>');
  });

  it('sends nothing without a reason, an English title or a topic, and says where', async () => {
    const before = await auditTotal();
    const user = userEvent.setup();
    await openNew(user);
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(3); // topic, title, body, reason
    expect(screen.getByLabelText('Title (English)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('tab', { name: /^English/ }).className).toContain('tab-invalid');
    expect(await auditTotal()).toBe(before);
  });
});

describe('the list', () => {
  it('flags the languages an item lacks by name, and the editor names what they fall back to', async () => {
    const made = await api<AdminContentDetail>('POST', '/admin/api/contents', {
      type: 4,
      topic: 'kyc',
      published: true,
      translations: {
        en: { title: 'Half translated', body: '<p>English</p>' },
        'zh-CN': { title: '一半翻译', body: '<p>简体</p>' },
      },
    });
    const user = userEvent.setup();
    renderAs(superadmin, <Contents admin={superadmin.admin} />);
    const row = (await screen.findByText('Half translated')).closest('tr') as HTMLElement;
    expect(within(row).getByText('9 missing')).toBeTruthy();
    expect(within(row).getByText('ไทย')).toBeTruthy();
    expect(within(row).queryByText('简体中文')).toBeNull();
    const seeded = screen.getAllByTestId('content-row').find((r) => r.textContent?.includes('As shipped'));
    expect(seeded && within(seeded).getByText('All 11 languages')).toBeTruthy();

    await user.click(within(row).getByRole('button', { name: 'Edit “Half translated”' }));
    await user.click(await screen.findByRole('tab', { name: /繁體中文/ }));
    expect(screen.getByRole('tabpanel').textContent).toContain(
      'Its readers are shown the 简体中文 text, marked as 简体中文.',
    );
    expect(made.result.fallbacks['zh-TW']).toBe('zh-CN');
  });

  it('publish and unpublish take a reason, and customers follow', async () => {
    const made = await api<AdminContentDetail>('POST', '/admin/api/contents', {
      type: 4,
      topic: 'fees',
      published: true,
      translations: { en: { title: 'Soon hidden', body: '<p>x</p>' } },
    });
    const user = userEvent.setup();
    renderAs(superadmin, <Contents admin={superadmin.admin} />);
    await user.click(await screen.findByRole('button', { name: 'Unpublish “Soon hidden”' }));
    const dialog = await screen.findByRole('dialog', { name: `Unpublish “${isolate('Soon hidden')}”` });
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(within(dialog).getByText('Required')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'outdated');
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(async () => expect((await faqOf('en')).some((e) => e.id === made.result.id)).toBe(false));
    const row = (await screen.findByText('Soon hidden')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Draft (hidden)')).toBeTruthy());
  });

  it('the order is changed by moving rows and saved once, with a reason', async () => {
    const titles = async () =>
      (await api<Page<AdminContentItem>>('GET', '/admin/api/contents?type=2')).result.list.map(
        (i) => i.title,
      );
    const before = await titles();
    expect(before.length).toBeGreaterThanOrEqual(3);
    const user = userEvent.setup();
    renderAs(superadmin, <Contents admin={superadmin.admin} />);
    await user.click(await screen.findByRole('radio', { name: 'Policies' }));
    await screen.findByText(before[0] ?? '');
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    await user.click(screen.getByRole('button', { name: `Move down: ${before[0] ?? ''}` }));
    expect(screen.getAllByTestId('content-row')[1]?.textContent).toContain(before[0]);
    await user.click(screen.getByRole('button', { name: 'Save order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save order' });
    await user.type(within(dialog).getByLabelText(/Reason for the change/), 'privacy first');
    await user.click(within(dialog).getByRole('button', { name: 'Save order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await titles()).toEqual([before[1], before[0], ...before.slice(2)]);
  });
});

describe('an existing item', () => {
  it('a save on a revision someone else moved past is told, with a way to load theirs', async () => {
    const made = await api<AdminContentDetail>('POST', '/admin/api/contents', {
      type: 4,
      topic: 'fees',
      published: true,
      translations: { en: { title: 'Contested', body: '<p>x</p>' } },
    });
    const user = userEvent.setup();
    renderAs(superadmin, <Contents admin={superadmin.admin} />);
    await user.click(await screen.findByRole('button', { name: 'Edit “Contested”' }));
    const title = await screen.findByLabelText('Title (English)');
    // Meanwhile another operator saves.
    await api('POST', `/admin/api/contents/${made.result.id}`, {
      revision: 0,
      translations: { en: { title: 'Theirs', body: '<p>theirs</p>' } },
      reason: 'other operator',
    });
    await user.clear(title);
    await user.type(title, 'Mine');
    await user.type(screen.getByLabelText(/Reason for the change/), 'mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Someone else changed this item meanwhile/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load their version' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Title (English)') as HTMLInputElement).value).toBe('Theirs'),
    );
  });

  it('saving a seeded page marks it edited and keeps the editor open on the same tab', async () => {
    const user = userEvent.setup();
    renderAs(superadmin, <Contents admin={superadmin.admin} />);
    await user.click(await screen.findByRole('radio', { name: 'Company pages' }));
    await user.click(await screen.findByRole('button', { name: 'Edit “About Tradewind”' }));
    expect(await screen.findByText(/These texts are as shipped with Tradewind/)).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: /Deutsch/ }));
    const title = screen.getByLabelText('Title (Deutsch)');
    await user.clear(title);
    await user.type(title, 'Über uns');
    expect(screen.getByRole('tab', { name: /Deutsch/ }).textContent).toContain('•');
    await user.type(screen.getByLabelText(/Reason for the change/), 'shorter title');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Operation successful'));
    expect(screen.getByRole('tab', { name: /Deutsch/, selected: true })).toBeTruthy();
    expect(screen.getByText('Edited here')).toBeTruthy();
    expect((screen.getByLabelText('Title (Deutsch)') as HTMLInputElement).value).toBe('Über uns');
  });
});

describe('roles', () => {
  it('a finance admin is told the content is not theirs', async () => {
    const finance = await bo.admin('finance');
    renderAs(finance, <Contents admin={finance.admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your role may not do this.');
    expect(screen.getByRole('button', { name: 'New item (FAQ)' }).hasAttribute('disabled')).toBe(true);
  });
});
