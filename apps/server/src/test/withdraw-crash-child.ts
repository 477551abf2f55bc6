// Child process of wallet/withdraw-crash.test.ts: builds the app on the database the environment names
// (DATA_DIR's PGlite, or DATABASE_URL), funds a verified customer and fires withdrawals, approvals and
// rejections without pause until the test kills it with SIGKILL. Prints "READY", then one line per answer.
import { randomUUID } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig } from '../platform/config.ts';
import { setParam } from '../settings/service.ts';
import { client, roomyRateLimits } from './harness.ts';
import { adminLogin, payoutApproval, withdraw, withdrawer } from '../wallet/withdraw-testing.ts';

const config = {
  ...loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  rateLimits: roomyRateLimits,
};
const { app, ctx } = await buildApp(config);
const running = { app, ctx, dataDir: config.dataDir };
// This test is about crash consistency, not the per-customer limit: let every placement through it.
await setParam(ctx.db, 'withdraw_pending_max', '100000', new Date());
const w = await withdrawer(running, process.env.CRASH_FUNDS ?? '1000');
const finance = client(app, { token: await adminLogin(running, 'finance') });
process.stdout.write('READY\n');

const pending: string[] = [];
const amounts = ['10', '11', '12.5', '20', '13.333333'];

async function one(i: number): Promise<void> {
  const id = pending.shift();
  if (id !== undefined && i % 3 === 0) {
    const how = i % 2 === 0 ? 'approve' : 'reject';
    const res = await finance.post(`/admin/api/reviews/withdrawals/${id}/${how}`, {
      body: how === 'approve' ? payoutApproval() : { reason: 'crash test' },
    });
    process.stdout.write(`${how} ${res.body.code}\n`);
    return;
  }
  if (id !== undefined) pending.unshift(id);
  const res = await withdraw(w, { amount: amounts[i % amounts.length] ?? '1' }, randomUUID());
  if (res.body.code === '200') pending.push(res.body.result.id);
  process.stdout.write(`withdraw ${res.body.code}\n`);
}

// Four in flight at all times, so the kill lands between a request and its answer.
for (let i = 0; ; i += 4) {
  await Promise.all([one(i), one(i + 1), one(i + 2), one(i + 3)]);
}
