// The charity-auction screen, rendered against the real server: a finance admin creates an auction from an
// image file, the artwork and texts of an auction with a bid are frozen in the form, and a payout to the
// charity goes through its review step only within the balance payable, under one Idempotency-Key even when
// its answer is lost and it is confirmed again, then shows in the public ledger once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { DonationPage, Nft } from '@tradewind/contract';
import type { AdminSession } from '../app/session.ts';
import { renderAs, startBackOffice, type BackOffice } from '../test/back-office.tsx';
import {
  buyNft,
  createAuction,
  fundedCustomer,
  minuteMs,
  nameCharity,
  pngDataUrl,
} from '../../../server/src/nft/testing.ts';
import { Nfts } from './Nfts.tsx';

let bo: BackOffice;
let finance: AdminSession;
beforeAll(async () => {
  bo = await startBackOffice();
  await bo.t.app.ready();
  // Settlement runs only when a test says so, at the manual clock's time.
  await bo.t.app.nft.stop();
  finance = await bo.admin('finance');
}, 120_000);
afterAll(async () => bo.close());

const index = '/api/swx/customer/index';
async function publicGet<T>(url: string): Promise<T> {
  const res = await bo.t.app.inject({ method: 'GET', url });
  return res.json<{ result: T }>().result;
}

async function pngFile(name: string): Promise<File> {
  const base64 = (await pngDataUrl(7)).split(',')[1] ?? '';
  return new File([Buffer.from(base64, 'base64')], name, { type: 'image/png' });
}

/** An EIP-55 example address (a valid checksum), standing for a minted collection's contract. */
const polygonContract = '0x52908400098527886E0F7030069857D2E4169EE7';

/** The local datetime-local value a day from now. */
function tomorrow(): string {
  const d = new Date(Date.now() + 24 * 3600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

async function openEditor(user: UserEvent, name: string) {
  const cell = await screen.findByText(name, { selector: 'bdi' });
  const row = cell.closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('the charity-auction screen', () => {
  it('a finance admin creates an auction from a PNG file, once the charity is named; customers then see it open', async () => {
    const user = userEvent.setup();
    renderAs(finance, <Nfts admin={finance.admin} />);
    expect((await screen.findByTestId('charity-setup')).textContent).toContain(
      'No auction can be created until the charity is named',
    );
    await user.click(await screen.findByRole('button', { name: 'New auction' }));
    const dialog = await screen.findByRole('dialog', { name: 'New charity auction' });
    await user.click(within(dialog).getByRole('button', { name: 'New auction' }));
    expect(within(dialog).getAllByText('Required').length).toBeGreaterThanOrEqual(4);
    await user.upload(within(dialog).getByLabelText('Artwork file (PNG or JPEG)'), await pngFile('art.png'));
    await user.type(within(dialog).getByLabelText('Name'), 'Harbour at Dawn');
    await user.type(within(dialog).getByLabelText('Creator'), 'Mira Okafor');
    await user.selectOptions(within(dialog).getByLabelText('Chain'), 'Polygon');
    await user.type(within(dialog).getByLabelText('Contract address'), polygonContract.toLowerCase());
    await user.type(within(dialog).getByLabelText('Token ID'), '12');
    await user.type(within(dialog).getByLabelText('Description (English)'), 'Boats before sunrise.');
    await user.type(within(dialog).getByLabelText('Start price (USDT)'), '50');
    await user.type(within(dialog).getByLabelText('Minimum increment (USDT)'), '0.5');
    await user.type(within(dialog).getByLabelText('End (your local time)'), tomorrow());
    await user.click(within(dialog).getByRole('button', { name: 'New auction' }));
    // Refused twice, each time saying why: the charity is not named, then the address has no checksum.
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toContain('Name the charity first'),
    );
    await nameCharity(bo.t);
    await user.click(within(dialog).getByRole('button', { name: 'New auction' }));
    await waitFor(() => expect(dialog.textContent).toContain('EIP-55 checksum'));
    await user.clear(within(dialog).getByLabelText('Contract address'));
    await user.type(within(dialog).getByLabelText('Contract address'), polygonContract);
    await user.click(within(dialog).getByRole('button', { name: 'New auction' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Auction Harbour at Dawn is open.'),
    );
    const open = await publicGet<{ list: Nft[] }>(`${index}/listNft?status=open&size=100`);
    expect(open.list.find((n) => n.name === 'Harbour at Dawn')).toMatchObject({
      creator: 'Mira Okafor',
      chain: 'Polygon',
      contractAddress: polygonContract,
      tokenId: '12',
      currentBid: '50',
      minNextBid: '50.5',
    });
  });

  it('once an auction has a bid, its artwork and texts are frozen in the form like its prices', async () => {
    const auction = await createAuction(bo.t, { name: 'Frozen Lake' });
    const bidder = await fundedCustomer(bo.t, '500');
    expect((await buyNft(bo.t, bidder, auction.id, '110')).body.code).toBe('200');
    const user = userEvent.setup();
    renderAs(finance, <Nfts admin={finance.admin} />);
    const dialog = await openEditor(user, 'Frozen Lake');
    expect(dialog.textContent).toContain('This auction has bids');
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Start price (USDT)') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('a payout above the payable balance is refused by the form; within it, it is reviewed, recorded once and public', async () => {
    const auction = await createAuction(bo.t, { name: 'Quiet Orchard', endInMs: 10 * minuteMs });
    const bidder = await fundedCustomer(bo.t, '500');
    expect((await buyNft(bo.t, bidder, auction.id, '200')).body.code).toBe('200');
    bo.t.clock.advance(11 * minuteMs);
    await bo.t.app.nft.runDue(bo.t.clock.now());
    const payable = (await publicGet<DonationPage>(`${index}/listDonation`)).totals.held;

    const user = userEvent.setup();
    renderAs(finance, <Nfts admin={finance.admin} />);
    await waitFor(() => expect(screen.getByTestId('charity-payable').textContent).toContain(payable));
    await user.click(screen.getByRole('button', { name: 'Record payout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payout to the charity' });
    await user.type(within(dialog).getByLabelText('Amount (USDT)'), '100000');
    await user.type(within(dialog).getByLabelText('Transfer reference'), 'BANK-REF-0042');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(dialog.textContent).toContain('The amount is more than the');
    await user.clear(within(dialog).getByLabelText('Amount (USDT)'));
    await user.type(within(dialog).getByLabelText('Amount (USDT)'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByTestId('payout-review').textContent).toContain('Record 150 USDT paid');

    // The first answer is lost on the way back (the server did record it): confirming again sends the same
    // key, and the server answers with the payout it already recorded.
    const serve = globalThis.fetch;
    const keys: (string | null)[] = [];
    globalThis.fetch = async (input, init) => {
      if (String(input).endsWith('/nfts/payouts') && init?.method === 'POST') {
        keys.push(new Headers(init.headers).get('idempotency-key'));
        if (keys.length === 1) {
          await serve(input, init);
          throw new TypeError('Failed to fetch');
        }
      }
      return serve(input, init);
    };
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      expect((await within(dialog).findByRole('alert')).textContent).toContain('could not be reached');
      await user.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Payout recorded.'));
    } finally {
      globalThis.fetch = serve;
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await screen.findByText('BANK-REF-0042', { selector: 'bdi' })).toBeTruthy();
    const ledger = await publicGet<DonationPage>(`${index}/listDonation`);
    expect(ledger.list.filter((r) => r.kind === 'payout')).toMatchObject([
      { amount: '150', reference: 'BANK-REF-0042' },
    ]);
    expect(ledger.totals.paidOut).toBe('150');
  });

  it('a support admin is told the auctions are not theirs to manage', async () => {
    const support = await bo.admin('support');
    renderAs(support, <Nfts admin={support.admin} />);
    expect(await screen.findByText('Your role may not do this.')).toBeTruthy();
  });
});
