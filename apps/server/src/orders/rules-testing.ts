// Helpers for the contract rule suites (rules*.test.ts, concurrency.test.ts): what a customer's books look
// like through the API, the contracts and journal entries the database holds, and a refusal's evidence that
// nothing moved. Read-only: every change in these suites goes through the real API and flows.
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { UserInfoWithBook } from '@tradewind/contract';
import { formatMinor, parseDecimal } from '@tradewind/contract/money';
import { contractTerms, lotScale, parity } from '@tradewind/contract/orders-math';
import { auditLedger } from '../ledger/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { client, type Answer, type TestApp } from '../test/harness.ts';
import { optionOrders } from './tables.ts';
import { marketInfo, type Book } from './testing.ts';

export const usdt = (text: string): bigint => parseDecimal(text, 6);

export async function userInfo(t: TestApp, token: string, book: Book): Promise<UserInfoWithBook> {
  const res = await client(t.app, { token, book }).post<UserInfoWithBook>(
    '/api/swx/customer/user/getUserInfo',
  );
  if (res.body.code !== '200') throw new Error(`getUserInfo: ${JSON.stringify(res.body)}`);
  return res.body.result;
}

/** Both books' figures, the customer's contract rows and the number of contract entries in the ledger. */
export async function holdings(t: TestApp, user: { token: string; id: string }) {
  const [demo, real] = [await userInfo(t, user.token, 'NO'), await userInfo(t, user.token, 'YES')];
  const [rows] = await t.ctx.db
    .select({ n: count() })
    .from(optionOrders)
    .where(eq(optionOrders.userId, Number(user.id)));
  const [opens] = await t.ctx.db
    .select({ n: count() })
    .from(journalEntries)
    .where(eq(journalEntries.kind, 'contract_open'));
  const pick = (i: UserInfoWithBook) => ({ balance: i.balance, frozen: i.frozen, equity: i.equity });
  return { demo: pick(demo), real: pick(real), contracts: rows?.n ?? 0, openEntries: opens?.n ?? 0 };
}

export async function expectAuditBalanced(t: TestApp): Promise<void> {
  expect(await auditLedger(t.ctx.db)).toMatchObject({
    balanced: true,
    negativeCustomerAccounts: 0,
    accountsMatchingPostings: true,
  });
}

/** The refusal came back as `code` with `status`, and the customer's books and the ledger are as before. */
export async function expectRefusedAndNothingMoved(
  t: TestApp,
  user: { token: string; id: string },
  call: () => Promise<Answer>,
  code: string,
  status: number,
): Promise<Answer> {
  const before = await holdings(t, user);
  const res = await call();
  expect({ status: res.status, code: res.body.code }, JSON.stringify(res.body)).toEqual({
    status,
    code,
  });
  expect(await holdings(t, user)).toEqual(before);
  await expectAuditBalanced(t);
  return res;
}

/** The journal entries of `kind` written for contract `id`. */
export function entriesOf(t: TestApp, id: string, kind: 'contract_open' | 'contract_close') {
  return t.ctx.db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.ref, `contract:${id}`), eq(journalEntries.kind, kind)));
}

/** Margin + fee of one contract of `lots` on a dollar-quoted instrument at its live price, as the server computes them. */
export async function costOf(t: TestApp, code: string, lots: string, leverage: number) {
  const info = await marketInfo(t, code);
  const terms = contractTerms(
    {
      lotsMinor: parseDecimal(lots, lotScale),
      contractSize: BigInt(info.contractSize),
      priceScale: info.priceScale,
      conversion: parity,
    },
    { priceMinor: parseDecimal(info.nowPrice, info.priceScale), leverage, feeRateBps: bps(info.feeRate) },
  );
  return { ...terms, totalMinor: terms.marginMinor + terms.feeMinor, info };
}

/** "0.001" → 10 (basis points). */
export const bps = (rate: string): number => Number(parseDecimal(rate, 4));

/** `minor` USDT as the wire writes an amount. */
export const money = (minor: bigint): string => formatMinor(minor, 6);

/** Every message and constraint name along an error's cause chain (Drizzle wraps the driver's error). */
export function describeError(err: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    parts.push(String((e as { message?: unknown }).message ?? ''));
    const constraint = (e as { constraint?: unknown }).constraint;
    if (constraint) parts.push(`constraint ${String(constraint)}`);
  }
  return parts.join(' | ');
}
