// Helpers for the smart-plan suites: a funded real-book customer (through the four-eyes adjustment flow), a
// quote as the confirm step sends it, and the calls. Everything goes through the real app and database.
import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { BuySmartBody, SmartOrder, SmartProduct } from '@tradewind/contract';
import { balancesOf } from '../ledger/accounts.ts';
import { journalEntries } from '../ledger/tables.ts';
import { client, registerUser, type Answer, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { smartInterestPayments } from './tables.ts';

export type Customer = { token: string; id: string };
const order = '/api/swx/customer/order';

export async function products(t: TestApp, lang?: string): Promise<SmartProduct[]> {
  const res = await client(t.app, lang ? { lang } : {}).get<SmartProduct[]>(
    '/api/swx/customer/index/listSmartProduct',
  );
  if (res.body.code !== '200') throw new Error(JSON.stringify(res.body));
  return res.body.result;
}

/** A product by its English name's first word ("Steady", "Growth"). */
export async function productNamed(t: TestApp, word: string): Promise<SmartProduct> {
  const p = (await products(t)).find((x) => x.name.startsWith(word));
  if (!p) throw new Error(`no product ${word}`);
  return p;
}

/** The body the confirm step sends for `days` of `product`: the rate it showed. */
export function quote(product: SmartProduct, days: number, amount: string): BuySmartBody {
  const plan = product.plans.find((p) => p.days === days);
  if (!plan) throw new Error(`no ${days}-day plan`);
  return {
    productId: product.id,
    days,
    amount,
    quotedDailyRate: plan.dailyRate,
    termsSha256: plan.termsSha256,
  };
}

/**
 * A new customer with `amount` USDT of real cash, credited through the four-eyes adjustment (a finance
 * admin asks, a superadmin approves, as larger sums need). Fresh admins each time: these suites move the clock days ahead, past the
 * life of an earlier admin session.
 */
export async function fundedCustomer(t: TestApp, amount: string): Promise<Customer> {
  const who = await registerUser(t);
  const [asker, approver] = [await adminLogin(t, 'finance'), await adminLogin(t, 'superadmin')];
  const req = await client(t.app, { token: asker }).post<{ id: string }>('/admin/api/adjustments', {
    body: { userId: who.id, book: 'real', amount, reason: 'test funding' },
  });
  if (req.body.code !== '200') throw new Error(`adjustment failed: ${JSON.stringify(req.body)}`);
  const ok = await client(t.app, { token: approver }).post(
    `/admin/api/adjustments/${req.body.result.id}/approve`,
  );
  if (ok.body.code !== '200') throw new Error(`approval failed: ${JSON.stringify(ok.body)}`);
  return { token: who.token, id: who.id };
}

export function buySmart(
  t: TestApp,
  who: Customer,
  body: unknown,
  opts: { book?: 'YES' | 'NO'; key?: string } = {},
): Promise<Answer<SmartOrder>> {
  return client(t.app, { token: who.token, book: opts.book ?? 'YES' }).post(`${order}/buySmart`, {
    body,
    headers: { 'idempotency-key': opts.key ?? randomUUID() },
  });
}

export function redeemSmart(
  t: TestApp,
  who: Customer,
  id: string,
  quotedPenalty: string,
  key = randomUUID(),
): Promise<Answer<SmartOrder>> {
  return client(t.app, { token: who.token, book: 'YES' }).post(`${order}/redeemSmart/${id}`, {
    body: { quotedPenalty },
    headers: { 'idempotency-key': key },
  });
}

export function setAutoRenew(t: TestApp, who: Customer, id: string, autoRenew: boolean) {
  return client(t.app, { token: who.token, book: 'YES' }).post<SmartOrder>(`${order}/smartAutoRenew/${id}`, {
    body: { autoRenew },
  });
}

export async function getOrder(t: TestApp, who: Customer, id: string): Promise<SmartOrder> {
  const res = await client(t.app, { token: who.token, book: 'YES' }).get<SmartOrder>(
    `${order}/getSmartOrderById/${id}`,
  );
  if (res.body.code !== '200') throw new Error(JSON.stringify(res.body));
  return res.body.result;
}

export async function listOrders(t: TestApp, who: Customer, query: Record<string, string> = {}) {
  const res = await client(t.app, { token: who.token, book: 'YES' }).get<{
    list: SmartOrder[];
    total: number;
  }>(`${order}/listSmartOrder`, { query });
  if (res.body.code !== '200') throw new Error(JSON.stringify(res.body));
  return res.body.result;
}

/** The customer's real-book accounts and the number of smart entries in the ledger. */
export async function books(t: TestApp, who: Customer) {
  const b = await balancesOf(t.ctx.db, Number(who.id), 'real', 'USDT');
  const [entries] = await t.ctx.db
    .select({ n: count() })
    .from(journalEntries)
    .where(eq(journalEntries.book, 'real'));
  return {
    cash: b.get('cash') ?? 0n,
    principal: b.get('plan_principal') ?? 0n,
    realEntries: entries?.n ?? 0,
  };
}

export async function paymentsOf(t: TestApp, orderId: string) {
  return t.ctx.db
    .select()
    .from(smartInterestPayments)
    .where(eq(smartInterestPayments.orderId, Number(orderId)))
    .orderBy(smartInterestPayments.day);
}

export async function entriesOf(t: TestApp, orderId: string, kind: string) {
  const [row] = await t.ctx.db
    .select({ n: count() })
    .from(journalEntries)
    .where(and(eq(journalEntries.ref, `smart:${orderId}`), eq(journalEntries.kind, kind)));
  return row?.n ?? 0;
}

export const dayMs = 86_400_000;

/** Moves the manual clock forward by `ms` and runs the interest job at the new time. */
export async function advanceAndRun(t: TestApp, ms: number) {
  t.clock.advance(ms);
  return t.app.smart.runDue(t.clock.now());
}
