import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codes } from '@tradewind/contract';
import { locales } from '@tradewind/i18n/locales';
import { serverCatalogues } from '@tradewind/i18n/server';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { moneyParams, textParams } from './params.ts';
import { notify } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const base = '/api/swx/customer/user';
type Page = {
  list: { id: string; kind: string; title: string; body: string; read: boolean }[];
  unread: number;
};

/** A signed-in customer with two notifications written through the real `notify`. */
async function customerWithTwoNotes() {
  const user = await registerUser(t);
  const now = new Date(t.clock.now());
  await notify(t.ctx.db, Number(user.id), 'kycApproved', {}, now);
  await notify(t.ctx.db, Number(user.id), 'kycRejected', { reason: 'blurred photo' }, now);
  return { user, api: client(t.app, { token: user.token }) };
}

describe('notifications', () => {
  it('lists the newest first, rendered in the reader’s language, with the unread count', async () => {
    const { api } = await customerWithTwoNotes();
    const page = await api.get<Page>(`${base}/listNotification`, { lang: 'en' });
    expect(page.body.result.unread).toBe(2);
    expect(page.body.result.list.map((n) => n.kind)).toEqual(['kycRejected', 'kycApproved']);
    expect(page.body.result.list[0]?.body).toContain('blurred photo');
  });

  it('reading one id marks only that one; reading without an id marks the rest', async () => {
    const { api } = await customerWithTwoNotes();
    const before = await api.get<Page>(`${base}/listNotification`);
    const first = before.body.result.list[0];
    const one = await api.post(`${base}/readNotification`, { body: { id: first?.id } });
    expect(one.body.code).toBe(codes.ok);
    const after = await api.get<Page>(`${base}/listNotification`);
    expect(after.body.result.unread).toBe(1);
    expect(after.body.result.list.find((n) => n.id === first?.id)?.read).toBe(true);
    await api.post(`${base}/readNotification`, { body: {} });
    expect((await api.get<Page>(`${base}/listNotification`)).body.result.unread).toBe(0);
  });

  it('reading the ids a page showed marks exactly those, and never another customer’s', async () => {
    const { user, api } = await customerWithTwoNotes();
    await notify(t.ctx.db, Number(user.id), 'kycApproved', {}, new Date(t.clock.now()));
    const shown = (await api.get<Page>(`${base}/listNotification`, { query: { page: '1', size: '2' } })).body
      .result.list;
    const other = await customerWithTwoNotes();
    const othersId = (await other.api.get<Page>(`${base}/listNotification`)).body.result.list[0]?.id;
    const res = await api.post(`${base}/readNotification`, {
      body: { ids: [...shown.map((n) => n.id), othersId] },
    });
    expect(res.body.code).toBe(codes.ok);
    const after = (await api.get<Page>(`${base}/listNotification`)).body.result;
    expect(after.unread).toBe(1);
    expect(after.list.filter((n) => n.read).map((n) => n.id)).toEqual(shown.map((n) => n.id));
    expect((await other.api.get<Page>(`${base}/listNotification`)).body.result.unread).toBe(2);
  });

  it('refuses an empty or over-long ids list rather than marking everything read', async () => {
    const { api } = await customerWithTwoNotes();
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => String(i + 1))]) {
      const res = await api.post(`${base}/readNotification`, { body: { ids } });
      expect(res.status).toBe(400);
      expect(Object.keys((res.body.result as { fields: object }).fields)).toEqual(['ids']);
    }
    expect((await api.get<Page>(`${base}/listNotification`)).body.result.unread).toBe(2);
  });

  it('a customer cannot read or mark another customer’s notifications', async () => {
    const owner = await customerWithTwoNotes();
    const ownerList = await owner.api.get<Page>(`${base}/listNotification`);
    const other = client(t.app, { token: (await registerUser(t)).token });
    expect((await other.get<Page>(`${base}/listNotification`)).body.result.list).toEqual([]);
    await other.post(`${base}/readNotification`, { body: { id: ownerList.body.result.list[0]?.id } });
    expect((await owner.api.get<Page>(`${base}/listNotification`)).body.result.unread).toBe(2);
  });

  it('refuses a caller without a session with 401', async () => {
    const list = await client(t.app).get(`${base}/listNotification`);
    expect(list.status).toBe(401);
    const read = await client(t.app).post(`${base}/readNotification`, { body: {} });
    expect(read.status).toBe(401);
  });

  it('shows amounts grouped, with 2 decimals, in the reader’s language; results signed', async () => {
    const user = await registerUser(t);
    const now = new Date(t.clock.now());
    await notify(t.ctx.db, Number(user.id), 'depositApproved', { amount: '2500' }, now);
    await notify(
      t.ctx.db,
      Number(user.id),
      'smartInterestPaid',
      { day: '1', days: '30', id: '7', amount: '0.004' },
      now,
    );
    const settled = {
      orderNo: 'C1',
      book: 'real',
      instrument: 'BTC/USDT',
      direction: 'up',
      price: '60310.00',
    };
    await notify(
      t.ctx.db,
      Number(user.id),
      'contractSettledTp',
      { ...settled, net: '+2.5', pnl: '3.1', fee: '0.6' },
      now,
    );
    const bodies = async (lang: string) =>
      (
        await client(t.app, { token: user.token, lang }).get<Page>(`${base}/listNotification`)
      ).body.result.list.map((n) => n.body);
    const [tp, interest, deposit] = await bodies('en');
    expect(deposit).toContain('Your deposit of 2,500.00 USDT');
    // Under a cent, the amount keeps its digits rather than reading as nothing.
    expect(interest).toContain('0.004 USDT');
    expect(tp).toContain('at 60,310.00.');
    expect(tp).toContain('Net P&L +2.50 USDT (+3.10 USDT before the 0.60 USDT fee)');
    const [, , depositDe] = await bodies('de');
    expect(depositDe).toContain('2.500,00 USDT');
    const [, , depositAr] = await bodies('ar');
    const arabic = new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(2500);
    expect(depositAr).toContain(`${arabic} USDT`);
    expect(depositAr).not.toContain('2500 ');
  });

  it.each(locales)('every placeholder of every notification in %s has a reading: money or text', (locale) => {
    const known = new Set<string>([...Object.keys(moneyParams), ...textParams]);
    const texts = serverCatalogues[locale].notifications as Record<string, { title: string; body: string }>;
    const unread = Object.entries(texts).flatMap(([kind, { title, body }]) =>
      [...`${title} ${body}`.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
        .map((m) => m[1] ?? '')
        .filter((name) => !known.has(name))
        .map((name) => `${kind}: {{${name}}}`),
    );
    expect(unread).toEqual([]);
  });
});
