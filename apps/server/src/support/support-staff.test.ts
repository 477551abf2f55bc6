// The back office's side of the support inbox on the real app and database: the thread list, opening,
// replying (with the customer's notification), close and reopen, role rules and the audit rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { codes, type SupportThread } from '@tradewind/contract';
import { auditLog } from '../platform/audit-tables.ts';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { staffBase, supportCustomer } from './testing.ts';

let t: TestApp;
let staff: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  staff = client(t.app, { token: await adminLogin(t, 'support') });
});
afterAll(async () => t.close());

type Threads = { list: SupportThread[]; total: number };
const threads = async (query: Record<string, string> = {}) =>
  (await staff.get<Threads>(staffBase, { query: { size: '100', ...query } })).body.result;
const threadOf = async (userName: string) => {
  const found = (await threads()).list.find((th) => th.userName === userName);
  if (!found) throw new Error(`no thread of ${userName}`);
  return found;
};
const auditActions = async (threadId: string) =>
  (
    await t.ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.target, `support_thread:${threadId}`))
      .orderBy(auditLog.id)
  ).map((r) => r.action);

/** A customer who has written `texts`, and their thread as staff see it. */
async function customerWhoWrote(...texts: string[]) {
  const c = await supportCustomer(t);
  for (const text of texts) await c.send({ text });
  return { ...c, thread: await threadOf(c.user.userName) };
}

describe('the staff thread list', () => {
  it('shows each thread with its customer, last message and unread count, unread threads first', async () => {
    const read = await customerWhoWrote('old question');
    await staff.get(`${staffBase}/${read.thread.id}`);
    t.clock.advance(1000);
    const later = await customerWhoWrote('second thread');
    await staff.get(`${staffBase}/${later.thread.id}`);
    t.clock.advance(1000);
    const waiting = await customerWhoWrote('first', 'second');
    await read.send({ text: 'and one more thing' });
    const list = (await threads()).list;
    const ids = list.map((th) => th.id);
    // Both with unread messages come before the one without, each group newest first.
    expect(ids.indexOf(read.thread.id)).toBeLessThan(ids.indexOf(later.thread.id));
    expect(ids.indexOf(waiting.thread.id)).toBeLessThan(ids.indexOf(later.thread.id));
    const shown = list.find((th) => th.id === waiting.thread.id);
    expect(shown).toMatchObject({
      userName: waiting.user.userName,
      email: waiting.user.email,
      status: 'open',
      unread: 2,
      lastMessage: { author: 'customer', text: 'second', hasImage: false },
    });
  });

  it('filters by status', async () => {
    const c = await customerWhoWrote('please close me');
    await staff.post(`${staffBase}/${c.thread.id}/close`);
    expect((await threads({ status: 'closed' })).list.map((th) => th.id)).toContain(c.thread.id);
    expect((await threads({ status: 'open' })).list.map((th) => th.id)).not.toContain(c.thread.id);
    expect((await staff.get(staffBase, { query: { status: 'pending' } })).status).toBe(400);
  });
});

describe('opening and answering a thread', () => {
  it('opening marks the customer’s messages read once, with one audit row naming them', async () => {
    const c = await customerWhoWrote('hello', 'anyone?');
    const opened = await staff.get<{ list: { text: string; read: boolean }[]; thread: SupportThread }>(
      `${staffBase}/${c.thread.id}`,
    );
    expect(opened.body.result.thread.unread).toBe(0);
    expect(opened.body.result.list.map((m) => [m.text, m.read])).toEqual([
      ['anyone?', true],
      ['hello', true],
    ]);
    await staff.get(`${staffBase}/${c.thread.id}`);
    expect(await auditActions(c.thread.id)).toEqual(['support.read']);
    expect((await threadOf(c.user.userName)).unread).toBe(0);
  });

  it('a reply reaches the customer with a notification in their language and an audit row', async () => {
    const c = await customerWhoWrote('Wo ist meine Einzahlung?');
    const sent = await staff.post<{ author: string; staffName: string | null }>(
      `${staffBase}/${c.thread.id}/reply`,
      { body: { text: 'Sie wurde soeben gutgeschrieben.' } },
    );
    expect(sent.body.result).toMatchObject({ author: 'staff' });
    expect(sent.body.result.staffName).toMatch(/^support_/);
    const notes = await c.api.get<{ list: { kind: string; title: string; body: string }[] }>(
      '/api/swx/customer/user/listNotification',
      { lang: 'de' },
    );
    expect(notes.body.result.list[0]).toEqual(
      expect.objectContaining({
        kind: 'supportReply',
        title: 'Antwort vom Tradewind-Support',
        body: 'Der Support hat auf Ihre Nachricht geantwortet: „Sie wurde soeben gutgeschrieben.“',
      }),
    );
    expect(await c.unread()).toBe(1);
    // The customer sees "Tradewind support", never the staff member's name.
    const listed = await c.list();
    expect(listed.body.result.list[0]).not.toHaveProperty('staffName');
    expect(await auditActions(c.thread.id)).toEqual(['support.read', 'support.reply']);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `support_thread:${c.thread.id}`), eq(auditLog.action, 'support.reply')));
    expect(row?.after).toMatchObject({ text: 'Sie wurde soeben gutgeschrieben.' });
  });

  it('refuses an empty reply with a field message and an unknown thread with 404', async () => {
    const c = await customerWhoWrote('hi');
    const empty = await staff.post(`${staffBase}/${c.thread.id}/reply`, { body: { text: ' ' } });
    expect([empty.status, empty.body.result]).toEqual([400, { fields: { text: 'This field is required' } }]);
    const unknown = await staff.post(`${staffBase}/999999999/reply`, { body: { text: 'hello' } });
    expect([unknown.status, unknown.body.code]).toEqual([404, codes.notFound]);
    expect((await staff.get(`${staffBase}/999999999`)).status).toBe(404);
  });
});

describe('closing and reopening', () => {
  it('a closed thread takes no reply (10138) until reopened; closing twice is 10139; all audited', async () => {
    const c = await customerWhoWrote('thanks, solved');
    const closed = await staff.post<SupportThread>(`${staffBase}/${c.thread.id}/close`);
    expect(closed.body.result.status).toBe('closed');
    expect((await c.list()).body.result.status).toBe('closed');
    const again = await staff.post(`${staffBase}/${c.thread.id}/close`);
    expect([again.status, again.body.code]).toEqual([409, codes.supportStatusUnchanged]);
    const reply = await staff.post(`${staffBase}/${c.thread.id}/reply`, { body: { text: 'one more' } });
    expect([reply.status, reply.body.code]).toEqual([409, codes.supportThreadClosed]);
    const reopened = await staff.post<SupportThread>(`${staffBase}/${c.thread.id}/reopen`);
    expect(reopened.body.result.status).toBe('open');
    expect((await staff.post(`${staffBase}/${c.thread.id}/reopen`)).body.code).toBe(
      codes.supportStatusUnchanged,
    );
    expect(await auditActions(c.thread.id)).toEqual(['support.close', 'support.reopen']);
  });

  it('a customer message reopens a closed thread', async () => {
    const c = await customerWhoWrote('first');
    await staff.post(`${staffBase}/${c.thread.id}/close`);
    await c.send({ text: 'the problem is back' });
    const thread = await threadOf(c.user.userName);
    expect(thread).toMatchObject({ id: c.thread.id, status: 'open', unread: 2 });
  });
});

describe('who may use the inbox', () => {
  it('every back-office role answers support; customers and strangers are refused', async () => {
    const c = await customerWhoWrote('roles');
    for (const role of ['support', 'finance', 'compliance', 'superadmin'] as const) {
      const as = client(t.app, { token: await adminLogin(t, role) });
      expect((await as.get(staffBase)).status).toBe(200);
      expect(
        (await as.post(`${staffBase}/${c.thread.id}/reply`, { body: { text: `from ${role}` } })).status,
      ).toBe(200);
    }
    expect((await client(t.app, { token: c.user.token }).get(staffBase)).status).toBe(401);
    expect((await client(t.app).get(`${staffBase}/${c.thread.id}`)).status).toBe(401);
  });

  it('the support role cannot touch money: a deposit approval is refused with 403', async () => {
    const approve = await staff.post('/admin/api/reviews/deposits/1/approve', { body: {} });
    expect([approve.status, approve.body.code]).toEqual([403, codes.authStatusWrong]);
    const adjust = await staff.post('/admin/api/adjustments', {
      body: { userId: '1', book: 'real', amount: '10', reason: 'support cannot do this' },
    });
    expect(adjust.status).toBe(403);
    // The same approval reaches the queue for finance (and finds no such deposit).
    const finance = client(t.app, { token: await adminLogin(t, 'finance') });
    expect((await finance.post('/admin/api/reviews/deposits/1/approve', { body: {} })).status).toBe(404);
  });
});
