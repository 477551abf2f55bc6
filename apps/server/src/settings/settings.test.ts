import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { client, startTestApp, type TestApp } from '../test/harness.ts';
import { getParam, seedSettings, setParam } from './service.ts';
import { defaultParams } from './defaults.ts';
import { params } from './tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const url = (key: string) => `/api/swx/customer/index/getParamByKey/${key}`;

describe('settings', () => {
  it('getParamByKey answers the seeded withdrawal fee rate to anyone', async () => {
    const res = await client(t.app).get(url('withdraw_fee_rate'));
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ key: 'withdraw_fee_rate', value: defaultParams.withdraw_fee_rate });
  });

  it('an unknown key answers 404 (10111), not a server error (L-6)', async () => {
    const res = await client(t.app).get(url('no_such_key'));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(codes.notFound);
  });

  it('a key outside the allowed characters is refused before the database is read', async () => {
    const res = await client(t.app).get(url('Bad-Key'));
    expect(res.status).toBe(400);
  });

  it('seeding again at the next start keeps a value an operator changed and restores a missing key', async () => {
    const now = new Date(t.clock.now());
    await setParam(t.ctx.db, 'withdraw_fee_rate', '0.02', now);
    await t.ctx.db.delete(params).where(eq(params.key, 'loan_free_days'));
    await seedSettings(t.ctx.db, now);
    expect((await getParam(t.ctx.db, 'withdraw_fee_rate')).value).toBe('0.02');
    expect((await getParam(t.ctx.db, 'loan_free_days')).value).toBe(defaultParams.loan_free_days);
    await setParam(t.ctx.db, 'withdraw_fee_rate', defaultParams.withdraw_fee_rate ?? '', now);
  });
});
