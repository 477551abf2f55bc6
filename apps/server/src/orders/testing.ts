// Helpers shared by the contract tests: a quote as the confirm step would send it, and moving the clock
// through feed steps with the settlement engine caught up after each.
import { randomUUID } from 'node:crypto';
import type { BuyOptionsBody, MarketInfo, OptionsContract } from '@tradewind/contract';
import { client, startTestApp, type Answer, type TestApp, type TestAppOptions } from '../test/harness.ts';
import { liveInTests } from '../test/live-stand-in.ts';
import { nextUtc, travelTo } from '../market/testing.ts';

export type Book = 'YES' | 'NO';

/**
 * A test app moved to a Wednesday midday (UTC): every market of the catalogue trades then, any day. The
 * instruments the contract tests trade for real money are priced live (test/live-stand-in.ts).
 */
export async function startMidweekApp(options: TestAppOptions = { live: liveInTests }): Promise<TestApp> {
  const t = await startTestApp({}, {}, options);
  await travelTo(t, nextUtc(t.clock.now(), 3, 12));
  return t;
}

export async function marketInfo(t: TestApp, code: string): Promise<MarketInfo> {
  return (await client(t.app).get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;
}

/** The body a confirm step sends: the live price and fee rate it showed, and the first term. */
export async function quoteBody(
  t: TestApp,
  code: string,
  over: Partial<BuyOptionsBody> = {},
): Promise<BuyOptionsBody> {
  const info = await marketInfo(t, code);
  return {
    code,
    direction: 'up',
    lots: info.minLots,
    leverage: info.leverages[0] ?? 1,
    termId: info.terms[0]?.id ?? '60',
    quotedPrice: info.nowPrice,
    quotedFeeRate: info.feeRate,
    termsSha256: info.termsSha256,
    ...over,
  };
}

export function buy(
  t: TestApp,
  token: string,
  body: unknown,
  opts: { book?: Book; key?: string; lang?: string } = {},
): Promise<Answer<OptionsContract>> {
  return client(t.app, { token, book: opts.book ?? 'NO', ...(opts.lang ? { lang: opts.lang } : {}) }).post(
    '/api/swx/customer/order/buyOptions',
    { body, headers: { 'idempotency-key': opts.key ?? randomUUID() } },
  );
}

export function closeOption(
  t: TestApp,
  token: string,
  id: string,
  opts: { book?: Book; key?: string } = {},
): Promise<Answer<OptionsContract>> {
  return client(t.app, { token, book: opts.book ?? 'NO' }).post(
    `/api/swx/customer/order/closeOptions/${id}`,
    {
      headers: { 'idempotency-key': opts.key ?? randomUUID() },
    },
  );
}

/** Moves the manual clock to `atMs`, runs a feed step there and waits for the engine to judge its ticks. */
export async function stepTo(t: TestApp, atMs: number): Promise<void> {
  t.clock.advance(atMs - t.clock.now());
  await t.app.market.step();
  await t.app.orders.engine.idle();
}
