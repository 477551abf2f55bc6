// Deposits for the browser tests: the operator's opening of the channels and a customer's claim, through
// the APIs, so a test can start from a pending or credited deposit.
import { randomBytes } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { backOfficeHeaders, envelope, type Customer } from './accounts.ts';

/** A valid 1×1 PNG: the server decodes and re-encodes every upload, so it must be a real image. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const png = (name: string) => ({ name, mimeType: 'image/png', buffer: pngBytes });
export const txHash = () => randomBytes(32).toString('hex');

/** Real mainnet receiving addresses, one per network (each passes its network's check). */
const receivingAddresses: Record<string, string> = {
  TRC20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ERC20: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  Bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  Ethereum: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
};

/** The operator's details a channel needs before it opens (wallet/channels.ts `checkOperatorNamed`). */
export const e2eOperator = {
  operator_name: 'Tradewind Markets Ltd',
  operator_email: 'legal@tradewind.example',
};

/** Parameters set as an operator would, through the back office's editor. */
export async function setParams(
  request: APIRequestContext,
  headers: Record<string, string>,
  values: Record<string, string>,
): Promise<void> {
  for (const [key, value] of Object.entries(values))
    await envelope(
      await request.post(`/admin/api/params/${key}`, { headers, data: { value, reason: 'e2e' } }),
    );
}

/** Names the operator, as an operator must before opening a deposit channel. */
export const nameOperator = (request: APIRequestContext, headers: Record<string, string>) =>
  setParams(request, headers, e2eOperator);

/** The charity the browser tests' auctions donate to. */
export const e2eCharity = {
  charity_name: 'Save the Children UK',
  charity_registration: 'Registered charity 213890',
  charity_website: 'https://www.savethechildren.org.uk/',
};

/** Names the charity, as an operator must before creating an auction. */
export const nameCharity = (request: APIRequestContext, headers: Record<string, string>) =>
  setParams(request, headers, e2eCharity);

/**
 * Channels start closed with placeholder addresses; an operator is named, then sets real addresses and shows
 * them through the back office before deposits open. Done here as the operator would, once per closed channel. A BTC or
 * ETH channel opens only while a live source prices its coin: on the main run's walk-only server the
 * back office refuses it (at `enabled`), and it gets its address but stays closed.
 */
export async function openDepositChannels(request: APIRequestContext): Promise<void> {
  const headers = await backOfficeHeaders(request);
  await nameOperator(request, headers);
  const channels = await envelope<{ list: { id: string; network: string; enabled: boolean }[] }>(
    await request.get('/admin/api/deposit-channels', { headers }),
  );
  for (const channel of channels.list.filter((c) => !c.enabled)) {
    const data = { address: receivingAddresses[channel.network], reason: 'receiving wallet ready' };
    const url = `/admin/api/deposit-channels/${channel.id}`;
    const opened = await request.post(url, { headers, data: { ...data, enabled: true } });
    const body = (await opened.json()) as { result?: { fields?: Record<string, string> } };
    if (opened.status() === 400 && body.result?.fields?.enabled !== undefined) {
      await envelope(await request.post(url, { headers, data }));
    } else {
      await envelope(opened);
    }
  }
}

/**
 * A claim on the real book through the API, after opening the channels, quoting the rate the channel
 * lists (as the form does). USDT goes through its TRC20 channel; a BTC claim needs a server where a live
 * source prices BTC (the replay-live run), since the walk-only server opens no BTC channel.
 */
export async function claimDeposit(
  request: APIRequestContext,
  customer: Customer,
  amount: string,
  asset: 'USDT' | 'BTC' = 'USDT',
): Promise<{ id: string }> {
  await openDepositChannels(request);
  const channels = await envelope<{ id: string; asset: string; network: string; rate: string | null }[]>(
    await request.get('/api/swx/customer/index/listDepositChannel'),
  );
  const channel = channels.find((c) => c.asset === asset && (asset !== 'USDT' || c.network === 'TRC20'));
  if (!channel) throw new Error(`no open ${asset} deposit channel (BTC opens only on a live price)`);
  return envelope<{ id: string }>(
    await request.post('/api/swx/customer/user/recharge', {
      headers: {
        Authorization: customer.token,
        virtually: 'YES',
        'Idempotency-Key': randomBytes(16).toString('hex'),
      },
      multipart: {
        channelId: channel.id,
        amount,
        quotedRate: channel.rate ?? '',
        txHash: txHash(),
        proof: png('proof.png'),
      },
    }),
  );
}
