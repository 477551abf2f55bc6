// Issue 13, Proof: "a test posts a price/nowPrice/rate field to every catalogue route and expects 400". Each
// catalogue write (instruments, smart products, loan products) is sent a body it accepts — proven by sending
// it once clean — and then the same body with one price-like field added, at the top and inside the nested
// objects it has; every such body is refused with 400 naming the field, and nothing is written. Beside
// admin-prices.test.ts, which checks the schemas' field names; this one drives the routes.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminInstrument, AdminLoanProduct, AdminSmartProduct, Page } from '@tradewind/contract';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { client, startTestApp, type TestApp } from './harness.ts';
import { documentedOperations } from './routes.ts';

const priceFields = [
  'price',
  'nowPrice',
  'rate',
  'lastPrice',
  'openPrice',
  'closePrice',
  'quotedPrice',
  'referencePrice',
  'referencePriceMinor',
  'tickId',
  'bid',
  'ask',
  'fxRate',
  'outcome',
];

let t: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  api = client(t.app, { token: await adminLogin(t, 'superadmin') });
});
afterAll(async () => t.close());

type Case = {
  /** The route as registered. */
  route: string;
  url: () => Promise<string>;
  /** A body the route accepts. */
  body: () => Record<string, unknown>;
  /** Where in that body nested objects sit (a price field is tried in each too). */
  nested: string[];
};

const smartBody = () => ({
  code: `c-${randomUUID().slice(0, 8)}`,
  names: { en: 'Clean' },
  descriptions: { en: 'A product this test creates.' },
  minAmount: '10',
  maxAmount: '100',
  earlyExitPenaltyPct: '1',
  plans: [{ days: 7, dailyRate: '0.0001' }],
  enabled: false,
  reason: 'catalogue price test',
});
const loanBody = () => ({
  code: `c-${randomUUID().slice(0, 8)}`,
  names: { en: 'Clean' },
  minAmount: '10',
  maxAmount: '100',
  termDays: 10,
  freeDays: 0,
  dailyRate: '0.0001',
  enabled: false,
  reason: 'catalogue price test',
});

const firstId = async (path: string) => {
  const res = await api.get<Page<{ id: string }> | { id: string }[]>(path);
  const list = Array.isArray(res.body.result) ? res.body.result : res.body.result.list;
  const id = list[0]?.id;
  if (!id) throw new Error(`nothing at ${path}`);
  return id;
};

const cases: Case[] = [
  {
    route: 'POST /admin/api/instruments/:id',
    url: async () => `/admin/api/instruments/${await firstId('/admin/api/instruments')}`,
    body: () => ({
      feeBps: 3,
      tradingHours: {
        timeZone: 'UTC',
        alwaysOpen: false,
        sessions: [{ openDay: 0, open: '22:00', closeDay: 5, close: '22:00' }],
        holidays: [],
      },
      reason: 'catalogue price test',
    }),
    nested: ['tradingHours', 'tradingHours.sessions.0'],
  },
  {
    route: 'POST /admin/api/smart-products',
    url: async () => '/admin/api/smart-products',
    body: smartBody,
    nested: ['names', 'plans.0'],
  },
  {
    route: 'POST /admin/api/smart-products/:id',
    url: async () => `/admin/api/smart-products/${await firstId('/admin/api/smart-products')}`,
    body: () => ({ plans: [{ days: 14, dailyRate: '0.0001' }], reason: 'catalogue price test' }),
    nested: ['plans.0'],
  },
  {
    route: 'POST /admin/api/loan-products',
    url: async () => '/admin/api/loan-products',
    body: loanBody,
    nested: ['names'],
  },
  {
    route: 'POST /admin/api/loan-products/:id',
    url: async () => `/admin/api/loan-products/${await firstId('/admin/api/loan-products')}`,
    body: () => ({ termDays: 30, reason: 'catalogue price test' }),
    nested: [],
  },
];

/** `body` with `field` set at `path` ('' the top, 'plans.0' the first plan). */
function withField(body: Record<string, unknown>, path: string, field: string): Record<string, unknown> {
  const copy = structuredClone(body);
  let target: Record<string, unknown> = copy;
  for (const step of path.split('.').filter(Boolean)) target = target[step] as Record<string, unknown>;
  target[field] = field === 'tickId' ? 1 : '1';
  return copy;
}

const auditTotal = async () =>
  (await api.get<Page<unknown>>('/admin/api/audit', { query: { size: '1' } })).body.result.total;

describe('no catalogue route takes a price', () => {
  it('the cases cover every catalogue write the app registers', async () => {
    const writes = (await documentedOperations(t.app))
      .filter(
        (op) =>
          op.method !== 'GET' && /^\/admin\/api\/(instruments|smart-products|loan-products)/.test(op.path),
      )
      .map((op) => `${op.method} ${op.path}`)
      .sort();
    expect(writes).toEqual(cases.map((c) => c.route).sort());
  });

  for (const c of cases) {
    it(`${c.route}: accepts its body clean, refuses it with any price-like field (400), writes nothing`, async () => {
      const url = await c.url();
      const clean = await api.post<AdminInstrument | AdminSmartProduct | AdminLoanProduct>(url, {
        body: c.body(),
      });
      expect(clean.status, JSON.stringify(clean.body)).toBe(200);
      const before = await auditTotal();
      for (const path of ['', ...c.nested]) {
        for (const field of priceFields) {
          const res = await api.post<{ fields: Record<string, string> }>(url, {
            body: withField(c.body(), path, field),
          });
          const name = path ? `${path}.${field}` : field;
          expect([name, res.status, res.body.code]).toEqual([name, 400, '10000']);
          // Inside a texts-by-language object the key is checked as a language code instead.
          const expected = path === 'names' ? 'This value is not valid' : 'Unknown field';
          expect(res.body.result.fields[name], `${c.route} ${name}`).toBe(expected);
        }
      }
      expect(await auditTotal()).toBe(before);
    });
  }
});
