// The review-decision helper on the real app and database: decided once under a race, a voided item stays
// voided, the audit row is part of the decision, and the database refuses a decision without its entry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { codes, type Adjustment } from '@tradewind/contract';
import { client, registerUser, startTestApp, type TestApp } from '../test/harness.ts';
import {
  adminLogin,
  payoutApproval,
  realBalances,
  withdraw,
  withdrawer,
} from '../wallet/withdraw-testing.ts';
import { adjustments, type AdjustmentRow } from '../admin/adjustments-tables.ts';
import { deposits } from '../wallet/deposits-tables.ts';
import { claimForm, openSeededChannels, publicChannels, recharge } from '../wallet/deposit-testing.ts';
import { auditLedger } from '../ledger/service.ts';
import { auditLog } from './audit-tables.ts';
import { AppError } from './errors.ts';
import { decideReview, decidedOrMissing, type ReviewSubject } from './review-decision.ts';
import type { AdminIdentity } from './admin-identity.ts';

let t: TestApp;
let asker: string;
let checkerA: string;
let checkerB: string;
beforeAll(async () => {
  t = await startTestApp();
  [asker, checkerA, checkerB] = [
    await adminLogin(t, 'finance'),
    await adminLogin(t, 'finance'),
    await adminLogin(t, 'finance'),
  ];
});
afterAll(async () => t.close());

const api = (token: string) => client(t.app, { token });
const user = '/api/swx/customer/user';

async function pendingAdjustment(amount = '10') {
  const u = await registerUser(t);
  const res = await api(asker).post<Adjustment>('/admin/api/adjustments', {
    body: { userId: u.id, book: 'demo', amount, reason: 'helper test' },
  });
  return { u, id: res.body.result.id };
}
const decide = (token: string, id: string, how: 'approve' | 'reject' | 'cancel') =>
  api(token).post<Adjustment>(`/admin/api/adjustments/${id}/${how}`, {
    body: how === 'reject' ? { reason: 'race' } : {},
  });
const demoBalance = async (token: string) =>
  (await client(t.app, { token }).post<{ balance: string }>(`${user}/getUserInfo`)).body.result.balance;
const auditRows = (target: string) => t.ctx.db.select().from(auditLog).where(eq(auditLog.target, target));

describe('decided once', () => {
  it('two admins approving one adjustment at once post it once', async () => {
    const { u, id } = await pendingAdjustment('70');
    const both = await Promise.all([decide(checkerA, id, 'approve'), decide(checkerB, id, 'approve')]);
    expect(both.map((r) => r.body.code).sort()).toEqual(['10020', '200']);
    expect(both.find((r) => r.status !== 200)?.status).toBe(422);
    expect(await demoBalance(u.token)).toBe('100070');
    const approvals = (await auditRows(`adjustment:${id}`)).filter((r) => r.action === 'adjustment.approve');
    expect(approvals).toHaveLength(1);
  });

  it('an approval racing a rejection leaves exactly one decision and its effect', async () => {
    const { u, id } = await pendingAdjustment('15');
    const [approve, reject] = await Promise.all([
      decide(checkerA, id, 'approve'),
      decide(checkerB, id, 'reject'),
    ]);
    expect([approve?.body.code, reject?.body.code].sort()).toEqual(['10020', '200']);
    const approved = approve?.body.code === '200';
    expect(await demoBalance(u.token)).toBe(approved ? '100015' : '100000');
    const [row] = await t.ctx.db
      .select()
      .from(adjustments)
      .where(eq(adjustments.id, Number(id)));
    expect(row?.status).toBe(approved ? 'approved' : 'rejected');
  });

  it('withdrawals: two approvals at once empty the hold once', async () => {
    const w = await withdrawer(t, '100');
    const placed = await withdraw(w, { amount: '40' });
    const finance = (token: string) =>
      api(token).post(`/admin/api/reviews/withdrawals/${placed.body.result.id}/approve`, {
        body: payoutApproval(),
      });
    const both = await Promise.all([finance(checkerA), finance(checkerB)]);
    expect(both.map((r) => r.body.code).sort()).toEqual(['10020', '200']);
    expect(await realBalances(t, w.id)).toEqual({ cash: '60', hold: '0' });
  });
});

describe('voided', () => {
  it('a voided item cannot be approved or rejected, and nothing is posted', async () => {
    const { u, id } = await pendingAdjustment('22');
    expect((await decide(asker, id, 'cancel')).body.result.status).toBe('voided');
    for (const [token, how] of [
      [checkerA, 'approve'],
      [checkerB, 'reject'],
      [asker, 'cancel'],
    ] as const) {
      const res = await decide(token, id, how);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe(codes.collectionStatusWrong);
    }
    expect(await demoBalance(u.token)).toBe('100000');
    expect((await auditRows(`adjustment:${id}`)).map((r) => r.action).sort()).toEqual([
      'adjustment.request',
      'adjustment.void',
    ]);
  });
});

describe('the audit row', () => {
  it('is written with the decision: action, target, before and after, who and why', async () => {
    const { id } = await pendingAdjustment('5');
    const decided = await api(checkerA).post<Adjustment>(`/admin/api/adjustments/${id}/reject`, {
      body: { reason: 'no supporting ticket' },
    });
    const rows = (await auditRows(`adjustment:${id}`)).filter((r) => r.action === 'adjustment.reject');
    expect(rows).toEqual([
      expect.objectContaining({
        adminId: Number(decided.body.result.decidedBy),
        before: { status: 'pending' },
        after: expect.objectContaining({ id, status: 'rejected', decisionReason: 'no supporting ticket' }),
        reason: 'no supporting ticket',
      }),
    ]);
  });

  it('is not written, and the item stays pending, when settling the decision fails', async () => {
    const { id } = await pendingAdjustment('5');
    const admin: AdminIdentity = { id: 1, userName: 'admin', role: 'superadmin' };
    const failing: ReviewSubject<AdjustmentRow, AdjustmentRow> = {
      name: 'adjustment',
      claim: async (tx, claimId, c) => {
        const [row] = await tx
          .update(adjustments)
          .set({ status: c.status, decidedBy: c.adminId, decidedAt: c.at, decisionReason: c.reason })
          .where(and(eq(adjustments.id, claimId), eq(adjustments.status, 'pending')))
          .returning();
        return row;
      },
      refusal: async () => decidedOrMissing(true),
      settle: async () => {
        throw new AppError(codes.insufficientBalance);
      },
      snapshot: (row) => ({ status: row.status }),
      item: async (_tx, row) => row,
    };
    const outcome = decideReview(t.ctx, failing, admin, Number(id), { outcome: 'rejected', reason: 'x' });
    await expect(outcome).rejects.toMatchObject({ code: codes.insufficientBalance });
    const [row] = await t.ctx.db
      .select()
      .from(adjustments)
      .where(eq(adjustments.id, Number(id)));
    expect(row).toMatchObject({ status: 'pending', decidedBy: null, decisionReason: null });
    expect((await auditRows(`adjustment:${id}`)).map((r) => r.action)).toEqual(['adjustment.request']);
  });
});

describe('the database pairs a decision with its entry', () => {
  // The helper claims the row before it posts; the deferred trigger checks the pair at commit.
  it('refuses at commit an approved adjustment without its ledger entry', async () => {
    const { id } = await pendingAdjustment('5');
    const attempt = t.ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update adjustments set status = 'approved', decided_by = 1, decided_at = now() where id = ${Number(id)}`,
      );
    });
    await expect(attempt).rejects.toThrow();
    const [row] = await t.ctx.db
      .select()
      .from(adjustments)
      .where(eq(adjustments.id, Number(id)));
    expect(row?.status).toBe('pending');
  });

  it('refuses at commit a decided withdrawal whose hold was not settled', async () => {
    const w = await withdrawer(t, '50');
    const placed = await withdraw(w, { amount: '20' });
    const attempt = t.ctx.db.execute(
      sql`update withdrawals set status = 'rejected', reason = 'x', reviewed_at = now() where id = ${Number(placed.body.result.id)}`,
    );
    await expect(attempt).rejects.toThrow();
    expect(await realBalances(t, w.id)).toEqual({ cash: '30', hold: '20' });
  });

  it('refuses at commit an approved deposit without its credit', async () => {
    const superadmin = await adminLogin(t, 'superadmin');
    await openSeededChannels(t, superadmin);
    const usdt = (await publicChannels(t)).find((c) => c.asset === 'USDT');
    if (!usdt) throw new Error('no open USDT channel');
    const u = await registerUser(t);
    const claim = await recharge(t, u.token, await claimForm(usdt));
    expect(claim.body.code).toBe('200');
    const id = Number(claim.body.result.id);
    const attempt = t.ctx.db.execute(
      sql`update deposits set status = 'approved', reviewed_at = now() where id = ${id}`,
    );
    await expect(attempt).rejects.toThrow();
    const [row] = await t.ctx.db.select().from(deposits).where(eq(deposits.id, id));
    expect(row).toMatchObject({ status: 'pending', entryId: null });
  });

  it('leaves the ledger balanced', async () => {
    expect(await auditLedger(t.ctx.db)).toMatchObject({ balanced: true, accountsMatchingPostings: true });
  });
});
