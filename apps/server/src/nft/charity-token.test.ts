// No placeholder presented as fact (issue 23): a piece carries a chain, contract and token id only when an
// operator entered a minted token, checked like a deposit address (EIP-55); otherwise it is a platform-issued
// collectible and says so (chain null). And no auction starts before the charity is named: creating one is
// refused under `charity_name` until the parameter is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminNft, Nft } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin } from '../wallet/withdraw-testing.ts';
import { nfts } from './tables.ts';
import { minuteMs, nameCharity, pngDataUrl } from './testing.ts';

let t: TestApp;
let financeToken: string;
let finance: ReturnType<typeof client>;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.ready();
  await t.app.nft.stop();
  financeToken = await adminLogin(t, 'finance');
  finance = client(t.app, { token: financeToken });
}, 120_000);
afterAll(async () => t.close());

/** EIP-55 examples from the EIP itself: valid checksums. */
const contractA = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const contractB = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

const auction = async (extra: Record<string, unknown> = {}) => ({
  name: 'Token test piece',
  description: 'For the chain record tests.',
  creator: 'Test Artist',
  image: await pngDataUrl(3),
  startPrice: '20',
  minIncrement: '2',
  endAt: t.clock.now() + 60 * minuteMs,
  ...extra,
});
type Fields = { fields: Record<string, string> };

describe('an auction before the charity is named', () => {
  it('cannot be created: refused under charity_name, in the admin’s language, nothing stored', async () => {
    const before = (await finance.get<{ total: number }>('/admin/api/nfts')).body.result.total;
    const res = await finance.post<Fields>('/admin/api/nfts', { body: await auction() });
    expect(res.status).toBe(400);
    expect(res.body.result.fields).toEqual({
      charity_name:
        'Name the charity first (Parameters → Charity name): bidders must see who receives the winning bid before an auction starts',
    });
    const ja = await client(t.app, { token: financeToken, lang: 'ja' }).post<Fields>('/admin/api/nfts', {
      body: await auction(),
    });
    expect(ja.body.result.fields.charity_name).toContain('慈善団体');
    expect((await finance.get<{ total: number }>('/admin/api/nfts')).body.result.total).toBe(before);
  });
});

describe('the chain record of a piece', () => {
  it('is absent on every seeded piece: a platform-issued collectible, with no made-up address', async () => {
    const list = (
      await client(t.app).get<{ list: Nft[] }>('/api/swx/customer/index/listNft', { query: { size: '50' } })
    ).body.result.list;
    expect(list.length).toBeGreaterThanOrEqual(12);
    for (const piece of list)
      expect(piece).toMatchObject({ chain: null, contractAddress: null, tokenId: null });
  });

  it('is created without one unless given, then the piece is public as a collectible', async () => {
    await nameCharity(t);
    const res = await finance.post<AdminNft>('/admin/api/nfts', { body: await auction() });
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    const detail = await client(t.app).get<Nft>(`/api/swx/customer/index/getNftById/${res.body.result.id}`);
    expect(detail.body.result).toMatchObject({ chain: null, contractAddress: null, tokenId: null });
  });

  it.each([
    [{ contractAddress: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' }, 'token.contractAddress', 'EIP-55'],
    [{ contractAddress: '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }, 'token.contractAddress', 'checksum'],
    [{ contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }, 'token.contractAddress', 'not a valid'],
    [{ tokenId: '007' }, 'token.tokenId', 'whole number'],
    [{ tokenId: (1n << 256n).toString() }, 'token.tokenId', 'whole number'],
  ])('refuses %j under %s', async (over, field, words) => {
    const token = { chain: 'Ethereum', contractAddress: contractA, tokenId: '1', ...over };
    const res = await finance.post<Fields>('/admin/api/nfts', { body: await auction({ token }) });
    expect(res.status).toBe(400);
    expect(res.body.result.fields[field]).toContain(words);
  });

  it('is stored and shown once valid, one piece per token, and can be corrected until the first bid', async () => {
    const token = { chain: 'Ethereum', contractAddress: contractA, tokenId: '42' };
    const res = await finance.post<AdminNft>('/admin/api/nfts', { body: await auction({ token }) });
    expect(res.body.code, JSON.stringify(res.body)).toBe('200');
    const id = res.body.result.id;
    const shown = await client(t.app).get<Nft>(`/api/swx/customer/index/getNftById/${id}`);
    expect(shown.body.result).toMatchObject(token);

    const twice = await finance.post<Fields>('/admin/api/nfts', { body: await auction({ token }) });
    expect(twice.body.result.fields['token.tokenId']).toContain('Another piece');

    const moved = { chain: 'Polygon', contractAddress: contractB, tokenId: '7' };
    const edited = await finance.post<AdminNft>(`/admin/api/nfts/${id}`, { body: { token: moved } });
    expect(edited.body.result).toMatchObject(moved);
    const cleared = await finance.post<AdminNft>(`/admin/api/nfts/${id}`, { body: { token: null } });
    expect(cleared.body.result).toMatchObject({ chain: null, contractAddress: null, tokenId: null });
  });

  it('is refused by the database half-filled or with an unknown chain', async () => {
    const res = await finance.post<AdminNft>('/admin/api/nfts', { body: await auction() });
    const id = Number(res.body.result.id);
    await expect(t.ctx.db.update(nfts).set({ chain: 'Ethereum' }).where(eq(nfts.id, id))).rejects.toThrow();
    await expect(
      t.ctx.db
        .update(nfts)
        .set({ chain: 'Solana', contractAddress: contractA, tokenId: '1' })
        .where(eq(nfts.id, id)),
    ).rejects.toThrow();
  });
});
