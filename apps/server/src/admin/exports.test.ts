// CSV exports (issue 13): what each kind contains, CSV escaping and formula neutralizing, the date range (both
// ends, refusals), more rows than one batch, the audit row of every export, the file name, and who may export;
// on the real app and database (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannel } from '@tradewind/contract';
import { exportKinds } from '@tradewind/contract';
import { writeAudit } from '../platform/audit.ts';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin, fundReal, withdraw, withdrawer } from '../wallet/withdraw-testing.ts';
import { openSeededChannels, publicChannels } from '../wallet/deposit-testing.ts';
import { claim } from '../invite/invite-testing.ts';
import { buy, quoteBody } from '../orders/testing.ts';
import { exportBatchRows, neutralizeFormula } from './exports.ts';
import { liveInTests } from '../test/live-stand-in.ts';

const day = 86_400_000;
let t: TestApp;
let finance: string;
let superadmin: string;
/** The UTC day the seed was made on, and the one two days later. */
let day1: string;
let day3: string;
let depositor: Awaited<ReturnType<typeof registerUser>>;
let pendingClaim: { id: string; txHash?: string };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function download(token: string | undefined, kind: string, query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/admin/api/export/${kind}.csv`,
    query,
    headers: token ? { authorization: token } : {},
  });
  return { res, text: res.body };
}

/** RFC 4180 records of `text` (quoted fields may hold commas, quotes and line breaks), BOM dropped. */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted && c === '"' && body[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      row.push(cell);
      cell = '';
    } else if (!quoted && c === '\n') {
      rows.push([...row, cell]);
      [row, cell] = [[], ''];
    } else if (quoted || c !== '\r') {
      cell += c;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Records as objects keyed by the header row. */
function table(text: string): Record<string, string>[] {
  const [header, ...rows] = records(text);
  if (!header) throw new Error('no header');
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

beforeAll(async () => {
  t = await startTestApp({}, {}, { live: liveInTests });
  [finance, superadmin] = [await adminLogin(t, 'finance'), await adminLogin(t, 'superadmin')];
  await openSeededChannels(t, superadmin);
  const channel = (await publicChannels(t)).find((c: DepositChannel) => c.asset === 'USDT');
  if (!channel) throw new Error('no USDT channel');
  day1 = isoDay(t.clock.now());
  depositor = await registerUser(t);
  pendingClaim = await claim(t, depositor.token, channel, '150.5');
  // A reason with a comma, quotes, a line break, and one a spreadsheet would run as a formula.
  const disable = client(t.app, { token: superadmin });
  expect(
    (
      await disable.post(`/admin/api/users/${depositor.id}/status`, {
        body: { status: 2, reason: 'Duplicate, see "ticket 7"\nsecond line' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await disable.post(`/admin/api/users/${depositor.id}/status`, {
        body: { status: 1, reason: '=HYPERLINK("http://evil.example","click")' },
      })
    ).status,
  ).toBe(200);
  const w = await withdrawer(t, '300');
  expect((await withdraw(w, { amount: '120' })).body.code).toBe('200');
  const trader = await registerUser(t);
  await fundReal(t, trader.id, '2000');
  expect((await buy(t, trader.token, await quoteBody(t, 'BTCUSDT'), { book: 'YES' })).body.code).toBe('200');

  // Two days later: rows that a range ending on day 1 must leave out.
  t.clock.advance(2 * day);
  // The contract's term has run out: the engine closes it on the next tick.
  await t.app.market.step();
  await t.app.orders.engine.idle();
  day3 = isoDay(t.clock.now());
  [finance, superadmin] = [await adminLogin(t, 'finance'), await adminLogin(t, 'superadmin')];
  await claim(t, (await registerUser(t)).token, channel, '777');
}, 180_000);
afterAll(async () => t.close());

describe('GET /admin/api/export/<kind>.csv', () => {
  it('streams deposits of the range as CSV with a header, a BOM, UTF-8 and an attachment name', async () => {
    const { res, text } = await download(finance, 'deposits', { from: day1, to: day1 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="tradewind-deposits-${day1}-${day1}.csv"`,
    );
    expect(text.startsWith('\uFEFFid,created_at,user_id,user_name,asset,network')).toBe(true);
    const rows = table(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: pendingClaim.id,
      user_id: depositor.id,
      user_name: depositor.userName,
      asset: 'USDT',
      credit_usdt: '150.5',
      usdt_per_coin: '1',
      status: 'pending',
      reviewed_by: '',
    });
    expect(rows[0]?.created_at).toMatch(new RegExp(`^${day1}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$`));
  });

  it('covers from the start of `from` to the end of `to`, in UTC days', async () => {
    const later = table((await download(finance, 'deposits', { from: day3, to: day3 })).text);
    expect(later.map((r) => r.credit_usdt)).toEqual(['777']);
    const both = table((await download(finance, 'deposits', { from: day1, to: day3 })).text);
    expect(both.map((r) => r.credit_usdt)).toEqual(['150.5', '777']);
    const between = isoDay(Date.parse(`${day1}T00:00:00Z`) + day);
    expect(table((await download(finance, 'deposits', { from: between, to: between })).text)).toEqual([]);
  });

  it('refuses a missing, malformed, reversed or longer-than-366-day range with 400', async () => {
    const queries: Record<string, string>[] = [
      { from: day1 },
      { to: day1 },
      { from: '2026-02-30', to: '2026-03-01' },
      { from: '22-11-2026', to: day1 },
      { from: '0000-01-01', to: '0000-01-02' },
      { from: '9999-12-30', to: '9999-12-31' },
      { from: day3, to: day1 },
      { from: '2025-01-01', to: '2026-01-02' },
      { from: day1, to: day1, extra: '1' },
    ];
    for (const query of queries) {
      const { res } = await download(finance, 'deposits', query);
      expect([query, res.statusCode, res.json<{ code: string }>().code]).toEqual([query, 400, '10000']);
    }
    // 366 days, both ends included, is the longest range.
    expect((await download(finance, 'audit', { from: '2025-01-01', to: '2026-01-01' })).res.statusCode).toBe(
      200,
    );
  });

  it('escapes commas, quotes and line breaks, and neutralizes cells a spreadsheet would run', async () => {
    const { text } = await download(superadmin, 'audit', { from: day1, to: day1 });
    expect(text).toContain('"Duplicate, see ""ticket 7""\nsecond line"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    const reasons = table(text).map((r) => r.reason);
    expect(reasons).toContain('Duplicate, see "ticket 7"\nsecond line');
    expect(reasons).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(['=1+1', '+1', '-1+2', '@SUM(A1)', '\tx', '\rx'].map(neutralizeFormula)).toEqual([
      "'=1+1",
      "'+1",
      "'-1+2",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    // Signed amounts are numbers, not formulas.
    expect(['-12.5', '-3', 'plain', ''].map(neutralizeFormula)).toEqual(['-12.5', '-3', 'plain', '']);
  });

  it('exports withdrawals with fee and net, the card or address only as shown to staff', async () => {
    const rows = table((await download(finance, 'withdrawals', { from: day1, to: day3 })).text);
    expect(rows).toHaveLength(1);
    const [w] = rows;
    expect(w).toMatchObject({ amount: '120', status: 'pending', method: 'usdt', asset: 'USDT' });
    expect(BigInt((w?.net_amount ?? '0').replace('.', '')) > 0n).toBe(true);
    expect(w?.destination).toBe('TRC20 TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('exports real-book contracts with their prices and ticks, and real-book fund records', async () => {
    const contracts = table((await download(finance, 'contracts', { from: day1, to: day3 })).text);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ code: 'BTCUSDT', direction: 'up', status: 'closed' });
    expect(contracts[0]?.open_price).toMatch(/^\d+(\.\d+)?$/);
    expect(contracts[0]?.close_price).toMatch(/^\d+(\.\d+)?$/);
    expect(contracts[0]?.close_tick_id).toMatch(/^\d+$/);
    // A loss is a signed number, left as it is (not taken for a formula).
    expect(contracts[0]?.pnl).toMatch(/^-?\d+(\.\d+)?$/);
    const records = table((await download(finance, 'fund-records', { from: day1, to: day3 })).text);
    const kinds = new Set(records.map((r) => r.kind));
    expect(kinds.has('adjustment')).toBe(true);
    expect(kinds.has('contract_open')).toBe(true);
    // Demo books never appear: every customer's demo mint is left out.
    expect(kinds.has('demo_mint')).toBe(false);
  });

  it('writes more rows than one batch, each once and in order', async () => {
    const now = new Date(t.clock.now());
    const extra = exportBatchRows * 2 + 7;
    for (let i = 0; i < extra; i++) {
      await writeAudit(t.ctx.db, { adminId: 1, action: 'export.csv', target: `bulk:${i}` }, now);
    }
    const rows = table((await download(superadmin, 'audit', { from: day3, to: day3 })).text);
    const bulk = rows.filter((r) => r.action === 'export.csv' && (r.target ?? '').startsWith('bulk:'));
    expect(bulk.map((r) => r.target)).toEqual(Array.from({ length: extra }, (_, i) => `bulk:${i}`));
    const ids = rows.map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('leaves an audit row naming who exported which kind and range', async () => {
    const compliance = await adminLogin(t, 'compliance');
    expect((await download(compliance, 'contracts', { from: day1, to: day3 })).res.statusCode).toBe(200);
    const audit = table((await download(superadmin, 'audit', { from: day3, to: day3 })).text);
    const row = audit.findLast((r) => r.target === 'export:contracts');
    expect(row).toMatchObject({ action: 'export.csv' });
    expect(row?.admin_user_name).toMatch(/^compliance_/);
    expect(JSON.parse(row?.after ?? '{}')).toEqual({ kind: 'contracts', from: day1, to: day3 });
  });

  it('is refused to support (403) and without a session (401), for every kind', async () => {
    const support = await adminLogin(t, 'support');
    for (const kind of exportKinds) {
      const refused = await download(support, kind, { from: day1, to: day1 });
      expect([kind, refused.res.statusCode, refused.res.json<{ code: string }>().code]).toEqual([
        kind,
        403,
        '10019',
      ]);
      expect((await download(undefined, kind, { from: day1, to: day1 })).res.statusCode).toBe(401);
      expect((await download(finance, kind, { from: day1, to: day1 })).res.statusCode).toBe(200);
    }
  });
});
