// A contract the settlement engine closes (take-profit or expiry, on the live simulated feed) shows as closed
// in the open list within 2 s of the close, without a reload, and the customer is told (issue 9). The term
// runs out on the server's test clock (POST /test/clock, TEST_CLOCK=1 in this build), not by waiting a minute:
// this spec runs in the `server-wide` project, alone.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { envelope, signInBrowser, signUp } from '../support/accounts.ts';
import { capturePageErrors } from './support.ts';

const code = 'BTCUSDT';

type Info = { nowPrice: string; feeRate: string; minLots: string; termsSha256: string };
type Contract = { id: string; status: string; closeReason?: string };

test('a contract closed by the engine leaves the open list within 2 s, with a notice', async ({
  page,
  request,
}) => {
  const errors = capturePageErrors(page);
  const customer = await signUp(request, 'engine');
  await signInBrowser(page, request, customer);
  const headers = { Authorization: customer.token, virtually: 'NO' };
  const info = await envelope<Info>(await request.get(`/api/swx/customer/index/getMarketInfo/${code}`));
  // One-minute terms with take-profits 5 % away (not reached): both close at expiry, at the first tick after
  // their minute, while the page is watching; the clock is moved past it below.
  const [whole = '0', cents = '00'] = info.nowPrice.split('.');
  const priceCents = BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0').slice(0, 2));
  const level = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  const away = priceCents / 20n;
  const opened: Contract[] = [];
  for (const [direction, takeProfit] of [
    ['up', level(priceCents + away)],
    ['down', level(priceCents - away)],
  ] as const) {
    const body = {
      code,
      direction,
      lots: info.minLots,
      leverage: 1,
      termId: '60',
      takeProfit,
      quotedPrice: info.nowPrice,
      quotedFeeRate: info.feeRate,
      termsSha256: info.termsSha256,
    };
    opened.push(
      await envelope<Contract>(
        await request.post('/api/swx/customer/order/buyOptions', {
          data: body,
          headers: { ...headers, 'Idempotency-Key': randomUUID() },
        }),
      ),
    );
  }
  await page.goto('/profile/orders');
  const open = page.getByTestId('open-position');
  await expect(open).toHaveCount(2);

  // The minute passes on the server's clock; watch the server until the engine has closed one, then give the
  // screen 2 s.
  const moved = await request.post('/test/clock', { data: { advanceMs: 61_000 } });
  expect(moved.status()).toBe(200);
  let closedAt = 0;
  await expect
    .poll(
      async () => {
        for (const c of opened) {
          const now = await envelope<Contract>(
            await request.get(`/api/swx/customer/order/getOptionsOrderById/${c.id}`, { headers }),
          );
          if (now.status === 'closed') return now.closeReason ?? 'closed';
          if (now.status !== 'open') return now.status;
        }
        return 'open';
      },
      { timeout: 20_000, intervals: [250] },
    )
    .not.toBe('open');
  closedAt = Date.now();
  await expect(open).toHaveCount(0, { timeout: 2_000 });
  expect(Date.now() - closedAt).toBeLessThanOrEqual(2_000);
  // The notice names the book, the contract and its result after the fee (issue 23).
  await expect(
    page.getByText(/^Demo book: BTC\/USDT (Up|Down) closed \(.+\): net P&L .+ USDT \(fee .+ USDT\)$/).first(),
  ).toBeVisible();
  expect(errors).toEqual([]);
});
