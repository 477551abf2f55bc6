// DESIGN.md §1.3: prices come from the feed, never from a person. No back-office route accepts a field named
// like a price, a rate, a quote or a tick of an instrument or asset, in its path, query or body, at any depth.
// Routes are read from the running app, so every admin route added later is held to this too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.ts';
import { documentedOperations, registeredRoutes, type JsonSchema, type Operation } from './routes.ts';

/**
 * Words that say "a price" in a field name, matched as whole words of camelCase or snake_case names
 * (`buyRate`, `last_price`, `tickId`), so words that merely contain one (`separate`, `remark`) pass.
 */
const priceWords = new Set([
  'price',
  'prices',
  'pricing',
  'rate',
  'rates',
  'quote',
  'quotes',
  'quoted',
  'quotation',
  'tick',
  'ticks',
  'bid',
  'ask',
  'fx',
  'nav',
  'ohlc',
  'candle',
  'kline',
]);
const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
const priceLike = (name: string) => words(name).some((w) => priceWords.has(w));

/**
 * Fields whose name looks like a price but is not one. Each entry says what the field is and why no person
 * setting it can move a price. Keep it short: a new entry needs the same justification in review.
 */
const notPrices: Record<string, string> = {
  dailyRate:
    'a smart plan’s interest per day (smart-products), paid by Tradewind from its own funds, or a loan ' +
    'product’s interest per day (loan-products), paid to Tradewind: it prices no instrument or asset, is ' +
    'capped (smart_daily_rate_max; 1 % a day for loans), and reaches only orders and loans made after the ' +
    'change (each copies its rate; an agreement issued before the change is refused with 10112)',
  startPrice:
    'the opening price of a charity auction (POST /admin/api/nfts), set once at creation: it prices no ' +
    'instrument or asset, bids alone move the current bid, and the database refuses any later change ' +
    '(migrations/0014_nft.sql)',
  withdraw_fee_rate:
    'a parameter key (POST /admin/api/params/:key): the platform’s withdrawal fee as a share of the amount; ' +
    'it prices no instrument or asset, and the quote shows it before a withdrawal, which is refused (10112) ' +
    'if it changed since',
  loan_overdue_daily_rate:
    'a parameter key (POST /admin/api/params/:key): what a loan left unpaid costs per day past its repayment ' +
    'date, as a share of what is owed; it prices no instrument or asset, and each agreement copies it when ' +
    'issued, so it reaches only loans signed after the change',
  smart_daily_rate_max:
    'a parameter key (POST /admin/api/params/:key): the ceiling on smart plans’ dailyRate (see above), which ' +
    'only narrows what the back office may set',
  deposit_rate_tolerance_bps:
    'a parameter key (POST /admin/api/params/:key): how far the feed rate a deposit claim locks may be from ' +
    'the one its form showed before the claim is refused (10112); the rate itself is always the feed’s',
  price_stale_after_s:
    'a parameter key (POST /admin/api/params/:key): how old, in seconds (2…3600), a live source’s last tick ' +
    'may be before the real book pauses (10161); it only ever stops money moving on a price, never sets one',
  // None today: `rate` left deposit-channel editing when deposits took their rate from the tape (the channel
  // keeps only a disclosed `spreadBps`). An entry reads, for example:
  //   feeRateBps: 'the platform fee as a share of the amount, in basis points; it prices no instrument',
};

let t: TestApp;
let operations: Operation[];
beforeAll(async () => {
  t = await startTestApp();
  operations = await documentedOperations(t.app);
});
afterAll(async () => t.close());

/** Every property name in `schema`, nested objects, arrays and union variants included, as dotted paths. */
function fieldPaths(schema: JsonSchema | undefined, prefix = ''): string[] {
  if (!schema) return [];
  const out: string[] = [];
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    out.push(path, ...fieldPaths(sub, path));
  }
  if (typeof schema.additionalProperties === 'object')
    out.push(...fieldPaths(schema.additionalProperties, prefix));
  for (const sub of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    out.push(...fieldPaths(sub, prefix));
  if (schema.items) out.push(...fieldPaths(schema.items, prefix));
  return out;
}

const adminOperations = () => operations.filter((op) => op.path.startsWith('/admin/api/'));

/** Enumerated values a field accepts (a settings key named in an enum is a field by another name). */
function enumValues(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const own = (schema.enum ?? []).filter((v): v is string => typeof v === 'string');
  const nested = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.anyOf ?? []),
    ...(schema.oneOf ?? []),
    ...(schema.allOf ?? []),
    ...(schema.items ? [schema.items] : []),
  ].flatMap(enumValues);
  return [...own, ...(typeof schema.const === 'string' ? [schema.const] : []), ...nested];
}

/** "POST /admin/api/x body.a.b" for every field an admin route accepts. */
function adminFields(): string[] {
  return adminOperations().flatMap((op) => {
    const route = `${op.method} ${op.path}`;
    return [
      ...op.params.map((f) => `${route} params.${f.name}`),
      ...op.query.flatMap((f) => [f.name, ...fieldPaths(f.schema, f.name)].map((p) => `${route} query.${p}`)),
      ...fieldPaths(op.body).map((p) => `${route} body.${p}`),
    ];
  });
}

describe('no person sets a price', () => {
  it('every admin route is documented with its schemas, so none escapes the check below', () => {
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    const undocumented = registeredRoutes(t.app).filter(
      (r) => /^\w+ \/admin\/api\//.test(r) && !documented.has(r),
    );
    // Serving an uploaded file by name: a GET with one path segment and no body.
    expect(undocumented).toEqual(['GET /admin/api/uploads/:name']);
    expect(adminOperations().length).toBeGreaterThan(20);
  });

  it('no admin route accepts a field named like a price, rate, quote or tick', () => {
    const fields = adminFields();
    expect(fields.length).toBeGreaterThan(30);
    const offending = fields.filter((f) => {
      const name = f.split(/[ .]/).pop() ?? '';
      return priceLike(name) && !(name in notPrices);
    });
    expect(offending).toEqual([]);
  });

  it('no admin route selects a price-like setting by name, nor takes a free-form setting key', () => {
    const offending = adminOperations().flatMap((op) => {
      const route = `${op.method} ${op.path}`;
      const fields = [...op.params, ...op.query];
      const values = [...fields.flatMap((f) => enumValues(f.schema)), ...enumValues(op.body)];
      // A free-text key could name any parameter, a price among them: keys must be an enum checked here.
      const freeKeys = fields.filter(
        (f) => /^(key|param|params|setting|settingKey|paramKey)$/i.test(f.name) && !f.schema.enum,
      );
      return [
        ...values.filter((v) => priceLike(v) && !(v in notPrices)).map((v) => `${route} value ${v}`),
        ...freeKeys.map((f) => `${route} free key ${f.name}`),
      ];
    });
    expect(offending).toEqual([]);
  });

  it('the name check finds price fields where they would hide', () => {
    const hidden: JsonSchema = {
      type: 'object',
      properties: {
        terms: {
          anyOf: [{ type: 'object', properties: { buyRate: { type: 'string' } } }, { type: 'null' }],
        },
        legs: { type: 'array', items: { type: 'object', properties: { lastPrice: { type: 'string' } } } },
        tickId: { type: 'string' },
        note: { type: 'string' },
      },
    };
    const names = fieldPaths(hidden).filter((p) => priceLike(p.split('.').pop() ?? ''));
    expect(names).toEqual(['terms.buyRate', 'legs.lastPrice', 'tickId']);
    expect(['separate', 'remark', 'generated', 'spreadBps', 'reason'].filter(priceLike)).toEqual([]);
    expect(['rate', 'btc_rate', 'PRICE', 'quotedFee', 'rateTickId'].filter(priceLike)).toHaveLength(5);
  });

  it('every allowlisted field is still accepted by some admin route, so the list does not rot', () => {
    const keyValues = adminOperations().flatMap((op) => [
      ...[...op.params, ...op.query].flatMap((f) => enumValues(f.schema)),
      ...enumValues(op.body),
    ]);
    const names = new Set([...adminFields().map((f) => f.split(/[ .]/).pop()), ...keyValues]);
    expect(Object.keys(notPrices).filter((n) => !names.has(n))).toEqual([]);
  });
});
