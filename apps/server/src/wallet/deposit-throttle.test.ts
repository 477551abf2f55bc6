import { readdir } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositChannel, DepositReviewItem } from '@tradewind/contract';
import {
  adminToken,
  client,
  registerUser,
  roomyRateLimits,
  startTestApp,
  type TestApp,
} from '../test/harness.ts';
import { uploads } from '../platform/uploads-tables.ts';
import { uploadsDir } from '../platform/uploads.ts';
import { setParam } from '../settings/service.ts';
import { deposits } from './deposits-tables.ts';
import { claimForm, newKey, openSeededChannels, publicChannels, recharge } from './deposit-testing.ts';

// Deposit claims are throttled twice: a per-account cap on claims waiting for review (a parameter) and a
// request rate limit per account and per IP. Each app below has its own limits.

const proofCount = async (t: TestApp) => (await t.ctx.db.select({ n: count() }).from(uploads))[0]?.n ?? 0;
const proofFiles = async (t: TestApp) => (await readdir(uploadsDir(t.config)).catch(() => [])).length;

describe('the pending-claims limit', () => {
  let t: TestApp;
  let trc20: DepositChannel;
  let superadmin: string;
  beforeAll(async () => {
    t = await startTestApp();
    superadmin = await adminToken(t);
    await openSeededChannels(t, superadmin);
    const found = (await publicChannels(t)).find((c) => c.network === 'TRC20');
    if (!found) throw new Error('no TRC20 channel');
    trc20 = found;
    await setParam(t.ctx.db, 'deposit_pending_max', '2', new Date(t.clock.now()));
  });
  afterAll(async () => t.close());

  it('refuses a claim beyond deposit_pending_max with 10115 before its proof is stored', async () => {
    const u = await registerUser(t);
    const firstKey = newKey();
    const firstForm = await claimForm(trc20);
    const first = await recharge(t, u.token, firstForm, firstKey);
    expect(first.body.code).toBe('200');
    expect((await recharge(t, u.token, await claimForm(trc20))).body.code).toBe('200');
    const [rows, files] = [await proofCount(t), await proofFiles(t)];
    const third = await recharge(t, u.token, await claimForm(trc20));
    expect(third.status).toBe(422);
    expect(third.body).toEqual({
      code: '10115',
      message: 'You already have 2 deposit claims waiting for review; submit another once they are reviewed',
      result: null,
    });
    expect([await proofCount(t), await proofFiles(t)]).toEqual([rows, files]);
    // Refused before the form is read: a proof that is no image would otherwise be answered 10106.
    const notImage = { data: Buffer.from('not an image'), filename: 'p.png', contentType: 'image/png' };
    expect((await recharge(t, u.token, await claimForm(trc20, { proof: notImage }))).body.code).toBe('10115');
    // A replay is not a new claim: it still gets its first answer.
    const replay = await recharge(t, u.token, firstForm, firstKey);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
  });

  it('makes room again once finance decides a claim', async () => {
    const u = await registerUser(t);
    const first = (await recharge(t, u.token, await claimForm(trc20))).body.result;
    await recharge(t, u.token, await claimForm(trc20));
    expect((await recharge(t, u.token, await claimForm(trc20))).body.code).toBe('10115');
    await client(t.app, { token: superadmin }).post<DepositReviewItem>(
      `/admin/api/reviews/deposits/${first.id}/reject`,
      { body: { reason: 'no such transfer' } },
    );
    expect((await recharge(t, u.token, await claimForm(trc20))).body.code).toBe('200');
  });

  it('holds under concurrency: of two claims at once for the last place, one is accepted', async () => {
    const u = await registerUser(t);
    expect((await recharge(t, u.token, await claimForm(trc20))).body.code).toBe('200');
    const both = await Promise.all([
      recharge(t, u.token, await claimForm(trc20)),
      recharge(t, u.token, await claimForm(trc20)),
    ]);
    expect(both.map((r) => r.body.code).sort()).toEqual(['10115', '200']);
    const [n] = await t.ctx.db
      .select({ n: count() })
      .from(deposits)
      .where(eq(deposits.userId, Number(u.id)));
    expect(n?.n).toBe(2);
  });
});

describe('the claim rate limit', () => {
  let t: TestApp;
  let trc20: DepositChannel;
  beforeAll(async () => {
    t = await startTestApp({
      rateLimits: {
        ...roomyRateLimits,
        recharge: { account: { max: 2, windowMs: 60_000 }, ip: { max: 3, windowMs: 60_000 } },
      },
    });
    await openSeededChannels(t, await adminToken(t));
    const found = (await publicChannels(t)).find((c) => c.network === 'TRC20');
    if (!found) throw new Error('no TRC20 channel');
    trc20 = found;
  });
  afterAll(async () => t.close());

  it('answers 429 with 10104 past the account window, then past the IP window for another account', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    const [firstForm, firstKey] = [await claimForm(trc20), newKey()];
    const first = await recharge(t, a.token, firstForm, firstKey);
    expect(first.status).toBe(200);
    expect((await recharge(t, a.token, await claimForm(trc20))).status).toBe(200);
    const third = await recharge(t, a.token, await claimForm(trc20));
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('10104');
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    // Same client address: the refused request did not count, so b's first claim is the IP's third and
    // its second is over the IP window, though b's own account has room.
    expect((await recharge(t, b.token, await claimForm(trc20))).status).toBe(200);
    const fromB = await recharge(t, b.token, await claimForm(trc20));
    expect(fromB.status).toBe(429);
    expect(fromB.body.code).toBe('10104');
    // Both windows are full now; a retry of a's first claim (its answer lost, say) is still answered from
    // the stored result, not refused: a replay is not a new claim.
    const replay = await recharge(t, a.token, firstForm, firstKey);
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(first.body);
  });
});
