// The `features` parameter follows the routes the server really has, and outside links are seeded empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { FeatureFlags } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { featureFlags } from './features.ts';

const url = (key: string) => `/api/swx/customer/index/getParamByKey/${key}`;
const flagsOf = async (t: TestApp): Promise<FeatureFlags> => {
  const res = await client(t.app).get<{ key: string; value: string }>(url('features'));
  expect(res.status).toBe(200);
  return JSON.parse(res.body.result.value) as FeatureFlags;
};

describe('on the server as it stands (contracts, smart plans, loans and charity NFTs merged)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers every product as available', async () => {
    expect(await flagsOf(t)).toEqual({ orders: true, smart: true, loans: true, nft: true });
  });

  it('seeds no outside link: support chat and app download are empty', async () => {
    for (const key of ['support_chat_url', 'app_download_url']) {
      const res = await client(t.app).get<{ value: string }>(url(key));
      expect([key, res.body.result.value]).toEqual([key, '']);
    }
  });
});

describe('a product is available exactly when the call that commits a customer to it is registered', () => {
  it('a server with only the bid route answers NFTs as available, and no other product', async () => {
    const bare = Fastify();
    bare.post('/api/swx/customer/user/buyNft', async () => ({ code: '200', message: '', result: null }));
    await bare.ready();
    expect(featureFlags(bare)).toEqual({ orders: false, smart: false, loans: false, nft: true });
    await bare.close();
  });
});
