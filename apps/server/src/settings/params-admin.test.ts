// Parameters: every public key answers getParamByKey, an unknown one 10111 (404); the back office lists and edits
// them with each key's own check, an audit row per change, and the change is what the product then uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { codes, paramKeys, type AdminParam } from '@tradewind/contract';
import { adminToken, client, startTestApp, type TestApp, secureAdmin } from '../test/harness.ts';
import { auditLog } from '../platform/audit-tables.ts';
import { contents } from '../content/tables.ts';
import { withdrawer } from '../wallet/withdraw-testing.ts';
import { defaultParams } from './defaults.ts';
import { paramSpecs } from './param-specs.ts';

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = await adminToken(t);
});
afterAll(async () => t.close());

const publicUrl = (key: string) => `/api/swx/customer/index/getParamByKey/${key}`;
const admin = (token = superToken) => client(t.app, { token });
const edit = (key: string, value: string, reason = 'operator decision', token = superToken) =>
  admin(token).post<AdminParam>(`/admin/api/params/${key}`, { body: { value, reason } });
const auditOf = (key: string) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, `param:${key}`));

describe('getParamByKey', () => {
  it.each(paramKeys.map((k) => [k]))('answers %s to anyone', async (key) => {
    const res = await client(t.app).get<{ key: string; value: string }>(publicUrl(key));
    expect([res.status, res.body.result.key]).toEqual([200, key]);
    expect(typeof res.body.result.value).toBe('string');
  });

  it('answers the four keys issue 11 names with their defaults or derived values', async () => {
    const value = async (key: string) =>
      (await client(t.app).get<{ value: string }>(publicUrl(key))).body.result.value;
    expect(await value('invite_reward_usdt')).toBe(defaultParams.invite_reward_usdt);
    expect(await value('max_slippage_pct')).toBe('0.5');
    expect(await value('smart_daily_rate_max')).toBe('0.1');
    expect(Object.keys(JSON.parse(await value('features')) as object).sort()).toEqual([
      'loans',
      'nft',
      'orders',
      'smart',
    ]);
  });

  it('answers an unknown key as not found (10111, HTTP 404), not as a server fault', async () => {
    const res = await client(t.app).get(publicUrl('no_such_key'));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(codes.notFound);
  });
});

describe('the parameter specs', () => {
  it('cover every stored default and every public key, so each can be edited or is derived', () => {
    const covered = (k: string) => Object.hasOwn(paramSpecs, k) || k === 'deposit_min' || k === 'features';
    expect(Object.keys(defaultParams).filter((k) => !covered(k))).toEqual([]);
    expect(paramKeys.filter((k) => !covered(k))).toEqual([]);
  });
});

describe('the back office parameter editor', () => {
  it('lists every parameter with its kind and bounds, derived ones read-only', async () => {
    const res = await admin().get<AdminParam[]>('/admin/api/params');
    expect(res.body.result.map((p) => p.key).sort()).toEqual(
      [...Object.keys(paramSpecs), 'deposit_min', 'features'].sort(),
    );
    expect(res.body.result.find((p) => p.key === 'withdraw_fee_rate')).toMatchObject({
      kind: 'decimal',
      min: '0',
      max: '0.5',
      scale: 6,
      public: true,
    });
    expect(res.body.result.find((p) => p.key === 'features')).toMatchObject({ kind: 'derived' });
    expect(res.body.result.find((p) => p.key === 'adjustment_amount_max')).toMatchObject({ public: false });
  });

  it('a changed withdrawal fee rate is audited and is the rate the next quote charges', async () => {
    const res = await edit('withdraw_fee_rate', ' 0.02 ', 'fee review Q4');
    expect(res.body.result).toMatchObject({ key: 'withdraw_fee_rate', value: '0.02' });
    const [row] = await auditOf('withdraw_fee_rate');
    expect(row).toMatchObject({
      action: 'param.update',
      before: { value: '0.01' },
      after: { value: '0.02' },
      reason: 'fee review Q4',
    });
    const w = await withdrawer(t, '0');
    const quote = await w.api.get<{ fee: string; feeRate: string }>(
      '/api/swx/customer/user/withdrawalQuote',
      {
        query: { amount: '300' },
      },
    );
    expect(quote.body.result).toMatchObject({ feeRate: '0.02', fee: '6' });
    await edit('withdraw_fee_rate', '0.01', 'back to the default');
  });

  it.each([
    ['withdraw_fee_rate', '1%', 'This value is not valid'],
    ['withdraw_fee_rate', '0.0000001', 'At most 6 decimal places'],
    ['withdraw_fee_rate', '0.6', 'Must be at most 0.5'],
    ['max_slippage_pct', '10.01', 'Must be at most 10'],
    ['smart_daily_rate_max', '0', 'Must be above 0'],
    ['withdraw_pending_max', '0', 'Must be at least 1'],
    ['withdraw_pending_max', '2.5', 'This value is not valid'],
    ['support_chat_url', 'http://chat.example.com', 'Enter an https:// address'],
    ['app_download_url', 'javascript:alert(1)', 'Enter an https:// address'],
    ['notice_content_id', '999999', 'No published notice has this id'],
    ['withdraw_amount_min', '1', 'The minimum withdrawal must be above the minimum fee'],
    ['contact_email', 'support at tradewind', 'Enter an email address'],
    ['contact_email', '<a@b.co>', 'Enter an email address'],
    ['contact_phone', '+44 20 call us', 'Enter a phone number'],
    ['operator_name', 'Tradewind\nLtd', 'Enter one line of text'],
    ['operator_address', '<script>x</script>', 'Enter one line of text'],
    ['operator_address', 'x'.repeat(201), 'Enter one line of text'],
    ['operator_registration', 'No. 1\n2', 'Enter one line of text'],
    ['operator_licence', '<b>FCA</b>', 'Enter one line of text'],
    ['operator_email', 'legal at tradewind', 'Enter an email address'],
    ['charity_name', 'Fund\r\nTwo', 'Enter one line of text'],
    ['charity_website', 'http://charity.example.org', 'Enter an https:// address'],
    ['charity_website', 'https://user:pw@charity.example.org', 'Enter an https:// address'],
  ])('refuses %s = %j under the field, changing and auditing nothing', async (key, value, message) => {
    const before = await client(t.app).get<{ value: string }>(publicUrl(key));
    const audited = (await auditOf(key)).length;
    const res = await admin().post<{ fields: { value: string } }>(`/admin/api/params/${key}`, {
      body: { value, reason: 'operator decision' },
    });
    expect(res.status).toBe(400);
    expect(res.body.result.fields.value).toContain(message);
    expect((await client(t.app).get<{ value: string }>(publicUrl(key))).body.result.value).toBe(
      before.body.result.value,
    );
    expect(await auditOf(key)).toHaveLength(audited);
  });

  it('sets an https link and clears it again (empty hides the button)', async () => {
    expect((await edit('app_download_url', 'https://apps.apple.com/app/id123')).status).toBe(200);
    expect(
      (await client(t.app).get<{ value: string }>(publicUrl('app_download_url'))).body.result.value,
    ).toBe('https://apps.apple.com/app/id123');
    expect((await edit('app_download_url', '')).body.result.value).toBe('');
  });

  it('sets the operator and charity details for customers to read, each empty by default (hidden)', async () => {
    const details = {
      contact_email: 'help@tradewind.co.uk',
      contact_phone: '+44 (20) 7946-0000',
      operator_name: 'Tradewind Markets Ltd',
      operator_address: '1 Finsbury Avenue, London EC2M 2PF, United Kingdom',
      operator_registration: 'Registered in England and Wales, company no. 01234567',
      operator_licence: 'Authorised and regulated by the Financial Conduct Authority (FRN 123456)',
      operator_email: 'legal@tradewind.co.uk',
      charity_name: 'Save the Children UK',
      charity_registration: 'Registered charity 213890',
      charity_website: 'https://www.savethechildren.org.uk/',
    };
    for (const [key, value] of Object.entries(details)) {
      expect((await client(t.app).get<{ value: string }>(publicUrl(key))).body.result.value).toBe('');
      expect((await edit(key, `  ${value} `)).body.result.value).toBe(value);
      expect((await client(t.app).get<{ value: string }>(publicUrl(key))).body.result.value).toBe(value);
      expect((await edit(key, '')).body.result.value).toBe('');
    }
  });

  it('pins a published notice to the home bar, and refuses a page that is not a notice', async () => {
    const [notice] = await t.ctx.db.select().from(contents).where(eq(contents.type, 5)).limit(1);
    const [page] = await t.ctx.db.select().from(contents).where(eq(contents.type, 1)).limit(1);
    if (!notice || !page) throw new Error('seeded content missing');
    expect((await edit('notice_content_id', String(notice.id))).status).toBe(200);
    expect((await edit('notice_content_id', String(page.id))).status).toBe(400);
    await edit('notice_content_id', '');
  });

  it('needs a reason, knows only its keys, and is the superadmin’s alone', async () => {
    expect((await edit('withdraw_fee_rate', '0.01', '  ')).status).toBe(400);
    // Keys are an enum: a derived or unknown one is refused before anything is read.
    expect((await edit('features', '{}')).status).toBe(400);
    expect((await edit('no_such_key', '1')).status).toBe(400);
    const finance = (await secureAdmin(t, 'finance', { userName: 'finance_p' })).token;
    expect((await admin(finance).get('/admin/api/params')).status).toBe(403);
    expect((await edit('withdraw_fee_rate', '0.03', 'not mine', finance)).status).toBe(403);
  });
});

describe('parameters the feed keeps in memory', () => {
  it('a change of max_slippage_pct or price_stale_after_s reaches the next quote at once', async () => {
    const info = async () =>
      (
        await client(t.app).get<{ maxSlippagePct: string; termsSha256: string }>(
          '/api/swx/customer/index/getMarketInfo/BTCUSDT',
        )
      ).body.result;
    const before = await info();
    expect((await edit('max_slippage_pct', '1.5')).body.code).toBe('200');
    try {
      const after = await info();
      expect(after.maxSlippagePct).toBe('1.5');
      expect(after.termsSha256).not.toBe(before.termsSha256);
    } finally {
      await edit('max_slippage_pct', '0.5');
    }
    expect((await edit('price_stale_after_s', '1')).body.code).toBe('10000');
    expect((await edit('price_stale_after_s', '3601')).body.code).toBe('10000');
    expect((await edit('price_stale_after_s', '45')).body.code).toBe('200');
    await edit('price_stale_after_s', '30');
  });
});
