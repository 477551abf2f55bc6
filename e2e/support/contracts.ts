// Contracts for the browser tests, opened and closed through the customer API as the trade screen does: a
// demo contract on BTCUSDT at the quoted terms (the smallest size, 1×, one-minute term).
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { envelope, type Customer } from './accounts.ts';

type Info = { nowPrice: string; feeRate: string; minLots: string; termsSha256: string };

const demo = (customer: Customer) => ({ Authorization: customer.token, virtually: 'NO' });

/** Opens a demo contract at the terms the market info quotes; answers its id. */
export async function openDemoContract(request: APIRequestContext, customer: Customer): Promise<string> {
  const info = await envelope<Info>(await request.get('/api/swx/customer/index/getMarketInfo/BTCUSDT'));
  const body = {
    code: 'BTCUSDT',
    direction: 'up',
    lots: info.minLots,
    leverage: 1,
    termId: '60',
    quotedPrice: info.nowPrice,
    quotedFeeRate: info.feeRate,
    termsSha256: info.termsSha256,
  };
  const opened = await envelope<{ id: string }>(
    await request.post('/api/swx/customer/order/buyOptions', {
      data: body,
      headers: { ...demo(customer), 'Idempotency-Key': randomUUID() },
    }),
  );
  return opened.id;
}

/** Its owner closes demo contract `id`. */
export async function closeDemoContract(
  request: APIRequestContext,
  customer: Customer,
  id: string,
): Promise<void> {
  await envelope(
    await request.post(`/api/swx/customer/order/closeOptions/${id}`, {
      headers: { ...demo(customer), 'Idempotency-Key': randomUUID() },
    }),
  );
}
