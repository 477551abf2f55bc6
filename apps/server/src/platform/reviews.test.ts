// The review registry's routes answer each kind's typed item from the contract, never an untyped blob.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { page, reviewKinds, reviewQueues, withdrawalReviewItem } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { adminLogin, withdraw, withdrawer } from '../wallet/withdraw-testing.ts';

let t: TestApp;
let superadmin: string;
beforeAll(async () => {
  t = await startTestApp();
  superadmin = await adminLogin(t, 'superadmin');
});
afterAll(async () => t.close());

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema };
type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content: Record<string, { schema: JsonSchema }> }> }>
  >;
};

async function openApi(): Promise<OpenApi> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  return res.json<OpenApi>();
}
const resultOf = (doc: OpenApi, path: string, method: 'get' | 'post'): JsonSchema | undefined =>
  doc.paths[path]?.[method]?.responses['200']?.content['application/json']?.schema.properties?.result;

describe('per-kind review schemas', () => {
  it('each queue declares its own item in the API document, field by field', async () => {
    const doc = await openApi();
    const fields = (kind: string) =>
      Object.keys(
        resultOf(doc, `/admin/api/reviews/${kind}`, 'get')?.properties?.list?.items?.properties ?? {},
      );
    expect(fields('deposits')).toEqual(
      expect.arrayContaining(['amount', 'payAmount', 'asset', 'proofUrl', 'user']),
    );
    expect(fields('withdrawals')).toEqual(
      expect.arrayContaining(['amount', 'fee', 'netAmount', 'method', 'user']),
    );
    expect(fields('kyc')).toEqual(expect.arrayContaining(['firstName', 'docType', 'photos', 'user']));
    for (const kind of Object.keys(reviewQueues)) {
      expect(fields(kind).sort()).toEqual(
        Object.keys(reviewQueues[kind as keyof typeof reviewQueues].item.shape).sort(),
      );
    }
  });

  it('every decision route of every queue declares the same item as its answer', async () => {
    const doc = await openApi();
    for (const kind of Object.keys(reviewQueues)) {
      const listed = resultOf(doc, `/admin/api/reviews/${kind}`, 'get')?.properties?.list?.items;
      for (const how of ['approve', 'reject']) {
        const decided = resultOf(doc, `/admin/api/reviews/${kind}/{id}/${how}`, 'post');
        expect(decided?.properties).toBeDefined();
        expect(decided).toEqual(listed);
      }
    }
  });

  it('answers a withdrawal queue that parses with the contract item', async () => {
    const w = await withdrawer(t, '100');
    await withdraw(w, { amount: '30' });
    const res = await client(t.app, { token: superadmin }).get('/admin/api/reviews/withdrawals');
    expect(res.status).toBe(200);
    const parsed = page(withdrawalReviewItem.strict()).parse(res.body.result);
    expect(parsed.list.length).toBeGreaterThan(0);
  });

  it('refuses a status the queue does not have with 400', async () => {
    const api = client(t.app, { token: superadmin });
    expect((await api.get('/admin/api/reviews/kyc', { query: { status: 'voided' } })).status).toBe(400);
    expect((await api.get('/admin/api/reviews/deposits', { query: { status: 'repaid' } })).status).toBe(400);
  });

  it('has a queue for every kind the contract names (loans registered by the loans domain)', async () => {
    expect(reviewKinds).toContain('loans');
    for (const kind of reviewKinds) {
      const res = await client(t.app, { token: superadmin }).get(`/admin/api/reviews/${kind}`);
      expect([kind, res.status]).toEqual([kind, 200]);
    }
  });
});
