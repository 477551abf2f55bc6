// The positions and exposure screens, rendered against the real server on contracts opened through the
// customer API: read-only rows with their owner and P&L, the filters, and the platform's side of the P&L.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MarketInfo, OptionsContract } from '@tradewind/contract';
import { client, registerUser } from '../../../server/src/test/harness.ts';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import { Exposure } from './Exposure.tsx';
import { Positions } from './Positions.tsx';

let bo: BackOffice;
let support: AdminSession;
let trader: Awaited<ReturnType<typeof registerUser>>;
const opened: OptionsContract[] = [];

async function buy(code: string, direction: 'up' | 'down'): Promise<OptionsContract> {
  const api = client(bo.t.app, { token: trader.token, book: 'NO' });
  const info = (await api.get<MarketInfo>(`/api/swx/customer/index/getMarketInfo/${code}`)).body.result;
  const res = await api.post<OptionsContract>('/api/swx/customer/order/buyOptions', {
    body: {
      code,
      direction,
      lots: info.minLots,
      leverage: info.leverages[0] ?? 1,
      termId: info.terms.at(-1)?.id ?? '60',
      quotedPrice: info.nowPrice,
      quotedFeeRate: info.feeRate,
      termsSha256: info.termsSha256,
    },
    headers: { 'idempotency-key': randomUUID() },
  });
  if (res.body.code !== '200') throw new Error(JSON.stringify(res.body));
  return res.body.result;
}

beforeAll(async () => {
  bo = await startBackOffice();
  support = await bo.admin('support');
  trader = await registerUser(bo.t);
  opened.push(await buy('BTCUSDT', 'up'), await buy('ETHUSDT', 'down'));
}, 120_000);
afterAll(async () => bo.close());

/** The table row whose first cell is the order number `orderNo`. */
const rowOf = (orderNo: string) =>
  waitFor(() => {
    const row = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === orderNo);
    if (!row) throw new Error(`no row for ${orderNo}`);
    return row;
  });

describe('the positions screen', () => {
  it('lists open demo positions with their owner, says staff cannot settle them, and offers no action', async () => {
    renderAs(support, <Positions status="open" />);
    const [btc, eth] = opened;
    if (!btc || !eth) throw new Error('nothing opened');
    const row = await rowOf(btc.orderNo);
    expect(within(row).getByText(trader.userName)).toBeTruthy();
    expect(within(row).getByText('BTCUSDT')).toBeTruthy();
    expect(within(row).getByText('Up')).toBeTruthy();
    expect(within(row).getByText(`tick ${btc.openTickId}`)).toBeTruthy();
    expect(within(await rowOf(eth.orderNo)).getByText('Down')).toBeTruthy();
    expect(
      screen.getByText(
        'Positions are settled only by the engine from the recorded price feed; staff cannot open, close or change them.',
      ),
    ).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Open' }).getAttribute('aria-current')).toBe('page');
  });

  it('filters by instrument, and checks the code before asking', async () => {
    const user = userEvent.setup();
    renderAs(support, <Positions status="open" />);
    await rowOf(opened[0]?.orderNo ?? '');
    const code = screen.getByLabelText('Instrument');
    await user.type(code, 'ETH-USDT');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByText('Letters and digits only, e.g. BTCUSDT.')).toBeTruthy();
    await user.clear(code);
    await user.type(code, 'ethusdt');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByText('BTCUSDT')).toBeNull());
    expect(screen.getByText('ETHUSDT')).toBeTruthy();
    expect(screen.getByText('Total: 1')).toBeTruthy();
  });

  it('the closed tab says when nothing matches', async () => {
    renderAs(support, <Positions status="closed" />);
    expect(await screen.findByText('No closed positions match.')).toBeTruthy();
  });
});

describe('the exposure screen', () => {
  it("shows the demo book's instruments and the platform's P&L as the customers' negated", async () => {
    const user = userEvent.setup();
    renderAs(support, <Exposure />);
    expect(await screen.findByText('No open positions in this book.')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Demo' }));
    const btc = await waitFor(() => {
      const row = screen.getAllByRole('row').find((r) => r.querySelector('td')?.textContent === 'BTCUSDT');
      if (!row) throw new Error('no BTCUSDT row');
      return row;
    });
    const cells = within(btc).getAllByRole('cell');
    expect(cells[1]?.textContent).toBe('1');
    const [customers, platform] = [cells[10]?.textContent ?? '', cells[11]?.textContent ?? ''];
    const negate = (s: string) => (s.startsWith('-') ? s.slice(1) : s === '0' ? s : `-${s}`);
    expect(platform).toBe(negate(customers));
    expect(screen.getByText(/The platform's exposure is its negative/)).toBeTruthy();
  });
});
