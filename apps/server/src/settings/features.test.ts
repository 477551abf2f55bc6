// The `features` parameter follows the routes the server really has, and outside links are seeded empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureFlags } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';

const url = (key: string) => `/api/swx/customer/index/getParamByKey/${key}`;
const flagsOf = async (t: TestApp): Promise<FeatureFlags> => {
  const res = await client(t.app).get<{ key: string; value: string }>(url('features'));
  expect(res.status).toBe(200);
  return JSON.parse(res.body.result.value) as FeatureFlags;
};

describe('on the server as it stands (contracts, smart plans and loans merged, NFTs not yet)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers contracts, smart plans and loans as available and NFTs as not', async () => {
    expect(await flagsOf(t)).toEqual({ orders: true, smart: true, loans: true, nft: false });
  });

  it('seeds no outside link: support chat and app download are empty', async () => {
    for (const key of ['support_chat_url', 'app_download_url']) {
      const res = await client(t.app).get<{ value: string }>(url(key));
      expect([key, res.body.result.value]).toEqual([key, '']);
    }
  });
});

describe('once a product registers the call that commits a customer to it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    // What the NFT issue will do: register its bid route (before the server is ready).
    t.app.post('/api/swx/customer/user/buyNft', async () => ({ code: '200', message: '', result: null }));
  });
  afterAll(async () => t.close());

  it('answers that product as available too, and no other', async () => {
    expect(await flagsOf(t)).toEqual({ orders: true, smart: true, loans: true, nft: true });
  });
});
