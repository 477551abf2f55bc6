// The customer 360 on the real app and database: search by each key, a customer who has used every product
// seen whole with totals, identity photos only for those who decide KYC (and every view of one audited), the
// demo reset and session revocation by role and audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  kycStatuses,
  userStatuses,
  type Customer360,
  type CustomerBookBalances,
  type CustomerListItem,
  type CustomerSession,
  type DepositChannel,
  type FundRecord,
  type LoanProduct,
  type Page,
} from '@tradewind/contract';
import { parseDecimal, sum, usdtScale } from '@tradewind/contract/money';
import { adminToken, client, login, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import {
  adminLogin,
  fundReal,
  setCooldownHours,
  trc20Address,
  withdraw,
} from '../wallet/withdraw-testing.ts';
import { openSeededChannels, publicChannels } from '../wallet/deposit-testing.ts';
import { approve, claim, inviteInfoOf, registerInvited } from '../invite/invite-testing.ts';
import { downloadAgreement, key, signatureDataUrl, verifiedCustomer } from '../loans/testing.ts';
import { buy, quoteBody } from '../orders/testing.ts';
import { buySmart, productNamed, quote } from '../smart/testing.ts';
import { buyNft, createAuction } from '../nft/testing.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { liveInTests } from '../test/live-stand-in.ts';

const base = '/admin/api/customers';
const user = '/api/swx/customer/user';

let t: TestApp;
let superadmin: string;
let support: string;
let finance: string;
let compliance: string;
type Rich = Awaited<ReturnType<typeof verifiedCustomer>> & { inviteCode: string; methodId: string };
let rich: Rich;
let usdtChannel: DepositChannel;

const as = (token: string) => client(t.app, { token });
const view = async (token: string, id = rich.id) => as(token).get<Customer360>(`${base}/${id}`);

/** A verified customer with real cash who has used every product once, and two friends they invited. */
async function customerWhoDidEverything(): Promise<Rich> {
  const u = await verifiedCustomer(t);
  await fundReal(t, u.id, '5000');
  const saved = await u.api.post<{ id: string }>(`${user}/withdrawalType/save`, {
    body: { type: 'usdt', network: 'TRC20', address: trc20Address, password: u.password },
  });
  const methodId = saved.body.result.id;
  const w = await withdraw({ ...u, methodId }, { amount: '50' });
  expect(w.body.code).toBe('200');
  await claim(t, u.token, usdtChannel, '300');
  const approved = await claim(t, u.token, usdtChannel, '150');
  expect((await approve(t, finance, approved.id)).status).toBe(200);
  expect((await buy(t, u.token, await quoteBody(t, 'BTCUSDT'), { book: 'YES' })).body.code).toBe('200');
  expect((await buy(t, u.token, await quoteBody(t, 'ETHUSDT'), { book: 'NO' })).body.code).toBe('200');
  const steady = await productNamed(t, 'Steady');
  expect((await buySmart(t, u, quote(steady, 14, '100'))).body.code).toBe('200');
  const [loanProduct] = (await client(t.app).get<LoanProduct[]>('/api/swx/customer/index/listLoanProduct'))
    .body.result;
  if (!loanProduct) throw new Error('no loan product');
  const agreement = await downloadAgreement(t, u.token, loanProduct.id, loanProduct.minAmount);
  const loan = await u.api.post(`${user}/loan`, {
    body: {
      productId: loanProduct.id,
      amount: loanProduct.minAmount,
      signature: await signatureDataUrl(),
      agreementAccepted: true,
      agreementSha256: agreement.sha256,
    },
    headers: { 'idempotency-key': key() },
  });
  expect(loan.body.code).toBe('200');
  const nft = await createAuction(t);
  expect((await buyNft(t, u, nft.id, '110')).body.code).toBe('200');
  const { inviteCode } = await inviteInfoOf(t, u.token);
  const friends = [`friend${Date.now().toString(36)}a`, `friend${Date.now().toString(36)}b`];
  for (const name of friends) expect((await registerInvited(t, name, inviteCode)).body.code).toBe('200');
  const rewarded = await login(t, friends[0] ?? '', 'correct horse battery');
  const friendDeposit = await claim(t, rewarded.body.result.token, usdtChannel, '150');
  expect((await approve(t, finance, friendDeposit.id)).status).toBe(200);
  await u.api.post('/api/swx/customer/support/send', { body: { text: 'Where is my withdrawal?' } });
  return { ...u, inviteCode, methodId };
}

beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  await setCooldownHours(t, 0);
  superadmin = await adminToken(t);
  [support, finance, compliance] = [
    await adminLogin(t, 'support'),
    await adminLogin(t, 'finance'),
    await adminLogin(t, 'compliance'),
  ];
  await openSeededChannels(t, superadmin);
  const usdt = (await publicChannels(t)).find((c) => c.asset === 'USDT');
  if (!usdt) throw new Error('no USDT channel');
  usdtChannel = usdt;
  rich = await customerWhoDidEverything();
}, 120_000);
afterAll(async () => t?.close());

describe('customer search', () => {
  const search = async (keyword: string) =>
    (await as(support).get<Page<CustomerListItem>>(base, { query: { keyword } })).body.result;

  it('finds a customer by part of the user name, by e-mail, by id and by invite code (any case)', async () => {
    const ids = async (keyword: string) => (await search(keyword)).list.map((c) => c.id);
    expect(await ids(rich.userName.slice(2, -2))).toContain(rich.id);
    expect(await ids(rich.email.toUpperCase())).toContain(rich.id);
    expect(await ids(rich.id)).toContain(rich.id);
    expect(await ids(rich.inviteCode.toLowerCase())).toEqual([rich.id]);
    expect((await search('no-such-customer-anywhere')).total).toBe(0);
  });

  it('puts the exact hit first and carries both books’ free cash', async () => {
    // The id is also part of other customers' e-mails or names only by chance; the exact id leads anyway.
    const page = await search(rich.id);
    expect(page.list[0]?.id).toBe(rich.id);
    const hit = (await search(rich.userName)).list[0];
    expect(hit).toMatchObject({ id: rich.id, userName: rich.userName, demoCash: expect.any(String) });
    const info = await rich.api.post<{ balance: string }>(`${user}/getUserInfo`);
    expect(hit?.realCash).toBe(info.body.result.balance);
  });

  it('reads `%` and `_` as letters, pages, and refuses a keyword longer than 64', async () => {
    expect((await search('%')).total).toBe(0);
    const paged = await as(support).get<Page<CustomerListItem>>(base, { query: { page: '1', size: '1' } });
    expect(paged.body).toMatchObject({ code: '200', result: { page: 1, size: 1 } });
    expect(paged.body.result.list).toHaveLength(1);
    expect(paged.body.result.total).toBeGreaterThanOrEqual(3);
    const long = await as(support).get(base, { query: { keyword: 'x'.repeat(65) } });
    expect(long.status).toBe(400);
  });

  it('needs a staff session: a customer token is refused', async () => {
    expect((await client(t.app, { token: rich.token }).get(base)).status).toBe(401);
  });
});

describe('the customer 360', () => {
  it('shows a customer who used every product whole, each section with its totals', async () => {
    const res = await view(support);
    expect(res.status).toBe(200);
    const c = res.body.result;
    expect(c.profile).toMatchObject({
      id: rich.id,
      userName: rich.userName,
      email: rich.email,
      locale: 'en',
    });
    expect(c.kyc).toMatchObject({ status: kycStatuses.verified, submissions: 1 });
    expect(c.kyc.latest).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', status: 'approved' });
    expect(c.deposits).toMatchObject({ total: 2, pending: 1, approvedAmount: '150' });
    expect(c.withdrawals).toMatchObject({ total: 1, pending: 1, approvedAmount: '0' });
    expect(c.withdrawals.list[0]).toMatchObject({ amount: '50', destination: 'USDT TRC20 TR7NHq…Lj6t' });
    expect(c.withdrawalMethods.list).toEqual([
      expect.objectContaining({ type: 'usdt', network: 'TRC20', addressMasked: 'TR7NHq…Lj6t' }),
    ]);
    expect(c.adjustments).toMatchObject({ total: 1, list: [{ amount: '5000', status: 'approved' }] });
    expect(c.contracts).toMatchObject({ total: 2, open: 2 });
    expect(c.contracts.list.map((o) => o.book).sort()).toEqual(['demo', 'real']);
    expect(c.smartPlans).toMatchObject({ total: 1, earning: 1, principal: '100' });
    expect(c.smartPlans.list[0]).toMatchObject({ productName: expect.stringContaining('Steady'), days: 14 });
    expect(c.loans).toMatchObject({ total: 1, list: [{ status: 'pending' }] });
    expect(c.bids).toMatchObject({ total: 1, list: [{ amount: '110', leading: true, nftStatus: 'open' }] });
    expect(c.invitees).toMatchObject({ total: 2, rewarded: 1 });
    expect(c.invitees.list.filter((i) => i.reward !== null)).toHaveLength(1);
    expect(c.support.thread).toMatchObject({ status: 'open', unread: 1 });
    expect(c.support.messages.list[0]).toMatchObject({ author: 'customer', text: 'Where is my withdrawal?' });
    expect(c.sessions.active).toBeGreaterThanOrEqual(1);
    const actions = c.audit.list.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['kyc.approve', 'adjustment.request', 'deposit.approve']));
  });

  it('keeps withdrawal destinations masked: the full address appears nowhere in the answer', async () => {
    const res = await view(superadmin);
    expect(JSON.stringify(res.body.result)).not.toContain(trc20Address);
  });

  it('reads both books from the ledger accounts, each total the sum of its accounts', async () => {
    const { books } = (await view(finance)).body.result;
    expect(books.real).toMatchObject({ withdrawalHold: '50', planPrincipal: '100', bidHold: '110' });
    expect(Number(books.real.margin)).toBeGreaterThan(0);
    expect(Number(books.demo.margin)).toBeGreaterThan(0);
    for (const book of [books.real, books.demo]) {
      const parts = [book.cash, book.margin, book.planPrincipal, book.withdrawalHold, book.bidHold];
      const minor = (s: string) => parseDecimal(s, usdtScale);
      expect(sum(parts.map(minor))).toBe(minor(book.total));
    }
    const info = await rich.api.post<{ balance: string }>(`${user}/getUserInfo`);
    expect(books.real.cash).toBe(info.body.result.balance);
  });

  it('lists the latest fund records of the real book and pages through either book', async () => {
    const c = (await view(support)).body.result;
    expect(c.fundRecords.total).toBeGreaterThan(3);
    const page = (kind: 'real' | 'demo') =>
      as(support).get<Page<FundRecord>>(`${base}/${rich.id}/fund-records`, {
        query: { book: kind, page: '1', size: '2' },
      });
    const real = (await page('real')).body.result;
    expect(real.total).toBe(c.fundRecords.total);
    expect(real.list.map((r) => r.id)).toEqual(c.fundRecords.list.slice(0, 2).map((r) => r.id));
    const demo = (await page('demo')).body.result;
    expect(demo.list.map((r) => r.kind)).toContain('demo_mint');
  });

  it('answers 10009 for a customer that does not exist', async () => {
    for (const path of ['', '/fund-records']) {
      const res = await as(support).get(`${base}/999999999${path}`);
      expect(res.body.code).toBe('10009');
    }
  });

  it('shows disables and enables as the status history, newest first, with who and why', async () => {
    const other = await registerUser(t);
    const set = (status: number, reason: string) =>
      as(compliance).post(`/admin/api/users/${other.id}/status`, { body: { status, reason } });
    expect((await set(userStatuses.disabled, 'chargeback under review')).status).toBe(200);
    expect((await set(userStatuses.enabled, 'chargeback withdrawn')).status).toBe(200);
    const c = (await view(support, other.id)).body.result;
    expect(c.statusHistory.map((h) => [h.status, h.reason])).toEqual([
      [userStatuses.enabled, 'chargeback withdrawn'],
      [userStatuses.disabled, 'chargeback under review'],
    ]);
    expect(c.profile.status).toBe(userStatuses.enabled);
  });
});

describe('identity photos in the 360', () => {
  it('go to compliance and superadmin only; support and finance see the data without them', async () => {
    for (const token of [compliance, superadmin]) {
      const photos = (await view(token)).body.result.kyc.latest?.photos;
      expect(photos?.front).toMatch(/^\/admin\/api\/uploads\/[0-9a-f]{32}\.jpg$/);
    }
    for (const token of [support, finance]) {
      const latest = (await view(token)).body.result.kyc.latest;
      expect(latest?.firstName).toBe('Ada');
      expect(latest).not.toHaveProperty('photos');
      expect(JSON.stringify(latest)).not.toContain('/admin/api/uploads/');
    }
  });

  it('are an audit row about the customer each time one is opened', async () => {
    const photos = (await view(compliance)).body.result.kyc.latest?.photos;
    if (!photos) throw new Error('compliance sees the photos');
    const opened = await t.app.inject({
      method: 'GET',
      url: photos.selfie,
      headers: { authorization: compliance },
    });
    expect(opened.statusCode).toBe(200);
    const rows = (await view(support)).body.result.audit.list.filter((a) => a.action === 'kyc.photo.view');
    expect(rows[0]).toMatchObject({
      target: `user:${rich.id}`,
      after: { name: photos.selfie.split('/').pop() },
    });
    const refused = await t.app.inject({
      method: 'GET',
      url: photos.front,
      headers: { authorization: finance },
    });
    expect(refused.statusCode).toBe(403);
    const after = (await view(support)).body.result.audit.list.filter((a) => a.action === 'kyc.photo.view');
    expect(after).toHaveLength(rows.length);
  });
});

describe('resetting the demo book from the 360', () => {
  it('puts the demo book back to 100,000 for support, audited with the balances found and the reason', async () => {
    const before = (await view(support)).body.result.books.demo;
    expect(before.cash).not.toBe('100000');
    const res = await as(support).post<CustomerBookBalances>(`${base}/${rich.id}/reset-demo`, {
      body: { reason: 'customer asked on the phone' },
    });
    expect(res.body.code).toBe('200');
    expect(res.body.result).toMatchObject({ cash: '100000', margin: '0', total: '100000' });
    const c = (await view(support)).body.result;
    expect(c.books.demo.cash).toBe('100000');
    expect(c.contracts.list.find((o) => o.book === 'demo')?.status).toBe('closed');
    expect(c.books.real).toEqual((await view(finance)).body.result.books.real);
    const row = c.audit.list.find((a) => a.action === 'user.demo.reset');
    expect(row).toMatchObject({ target: `user:${rich.id}`, reason: 'customer asked on the phone' });
    // What the reset found once the open demo contract was closed at its tick: its margin back in cash.
    expect(row?.before).toMatchObject({ demo: { cash: expect.stringMatching(/^\d+\.\d+$/), margin: '0' } });
    expect(row?.before).not.toMatchObject({ demo: { cash: before.cash } });
    expect(row?.after).toEqual({ demo: { cash: '100000' } });
  });

  it('is refused to finance (403) and changes nothing', async () => {
    await buy(t, rich.token, await quoteBody(t, 'ETHUSDT'), { book: 'NO' });
    const before = (await view(support)).body.result.books.demo;
    const count = async () =>
      (await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'user.demo.reset'))).length;
    const rows = await count();
    const res = await as(finance).post(`${base}/${rich.id}/reset-demo`, { body: { reason: 'try' } });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('10019');
    expect((await view(support)).body.result.books.demo).toEqual(before);
    expect(await count()).toBe(rows);
  });

  it('needs a reason, and a customer that exists', async () => {
    const empty = await as(superadmin).post(`${base}/${rich.id}/reset-demo`, { body: { reason: ' ' } });
    expect(empty.status).toBe(400);
    const unknown = await as(superadmin).post(`${base}/999999999/reset-demo`, { body: { reason: 'x' } });
    expect(unknown.body.code).toBe('10009');
  });
});

describe('customer sessions in the 360', () => {
  it('revoking one ends that token only, audited; a second revoke answers it as it is and writes nothing', async () => {
    const someone = await registerUser(t);
    const phone = await login(t, someone.userName, someone.password);
    const sessions = (await view(support, someone.id)).body.result.sessions;
    expect(sessions).toMatchObject({ total: 2, active: 2 });
    const newest = sessions.list[0];
    if (!newest) throw new Error('no session');
    const revoke = () =>
      as(compliance).post<CustomerSession>(`${base}/${someone.id}/sessions/${newest.id}/revoke`, {
        body: { reason: 'lost phone' },
      });
    const res = await revoke();
    expect(res.body.code).toBe('200');
    expect(res.body.result).toMatchObject({
      id: newest.id,
      active: false,
      revokedReason: 'revoked by back office',
    });
    const me = (token: string) => client(t.app, { token }).post(`${user}/getUserInfo`);
    expect((await me(phone.body.result.token)).status).toBe(401);
    expect((await me(someone.token)).status).toBe(200);
    const again = await revoke();
    expect(again.body.result.revokedAt).toBe(res.body.result.revokedAt);
    const c = (await view(support, someone.id)).body.result;
    expect(c.sessions).toMatchObject({ total: 2, active: 1 });
    const rows = c.audit.list.filter((a) => a.action === 'user.session.revoke');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'lost phone', target: `user:${someone.id}` });
  });

  it('is refused to support (403), and another customer’s session is not found', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const bSession = (await view(support, b.id)).body.result.sessions.list[0];
    if (!bSession) throw new Error('no session');
    const path = (owner: string) => `${base}/${owner}/sessions/${bSession.id}/revoke`;
    const bySupport = await as(support).post(path(b.id), { body: { reason: 'x' } });
    expect(bySupport.status).toBe(403);
    const crossed = await as(superadmin).post(path(a.id), { body: { reason: 'x' } });
    expect(crossed.body.code).toBe('10111');
    expect((await client(t.app, { token: b.token }).post(`${user}/getUserInfo`)).status).toBe(200);
  });
});
