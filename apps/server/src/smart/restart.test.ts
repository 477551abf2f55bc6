// The server stops with a smart plan earning and stays down for three anniversaries. The node that starts
// next on the same database catches up every missed day, each exactly once, even with a second runner
// racing it — the (order, day) key, not the job's memory, is what makes a day paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { manualClock } from '../platform/clock.ts';
import { auditLedger } from '../ledger/service.ts';
import { durableStore, type TestApp } from '../test/harness.ts';
import { SmartPlans } from './service.ts';
import {
  books,
  buySmart,
  dayMs,
  entriesOf,
  fundedCustomer,
  getOrder,
  paymentsOf,
  productNamed,
  quote,
  type Customer,
} from './testing.ts';

let store: Awaited<ReturnType<typeof durableStore>>;
const clock = manualClock(Date.now());
let second: App | undefined;
let who: Customer;
let orderId: string;

const asTest = (app: App) => ({ ...app, clock, dataDir: store.config.dataDir }) as unknown as TestApp;

beforeAll(async () => {
  store = await durableStore();
  const first = await buildApp(store.config, { clock });
  const t = asTest(first);
  who = await fundedCustomer(t, '1000');
  const steady = await productNamed(t, 'Steady');
  const bought = await buySmart(t, who, quote(steady, 30, '1000'));
  expect(bought.status, JSON.stringify(bought.body)).toBe(200);
  orderId = bought.body.result.id;
  clock.advance(dayMs);
  await first.app.smart.runDue(clock.now());
  expect((await paymentsOf(t, orderId)).map((p) => p.day)).toEqual([1]);
  await first.app.close();
  // Down for three more anniversaries.
  clock.advance(3 * dayMs);
  second = await buildApp(store.config, { clock });
}, 120_000);
afterAll(async () => {
  await second?.app.close();
  await store.dispose();
});

describe('after a restart with a plan earning', () => {
  it('the next node pays each missed day once, with a second runner racing it', async () => {
    const app = second;
    if (!app) throw new Error('second node');
    const t = asTest(app);
    const racer = new SmartPlans(app.ctx, { isLeader: () => true });
    await Promise.all([
      app.app.smart.runDue(clock.now()),
      racer.runDue(clock.now()),
      racer.runDue(clock.now()),
    ]);
    const paid = await paymentsOf(t, orderId);
    expect(paid.map((p) => p.day)).toEqual([1, 2, 3, 4]);
    // Each day paid at or after its anniversary, recorded with the anniversary it was due at.
    const order = await getOrder(t, who, orderId);
    expect(paid.map((p) => p.dueAt.getTime())).toEqual([1, 2, 3, 4].map((d) => order.startAt + d * dayMs));
    expect(await entriesOf(t, orderId, 'smart_interest')).toBe(4);
    expect(order).toMatchObject({ daysPaid: 4, status: 'earning', nextEarningAt: order.startAt + 5 * dayMs });
    expect((await books(t, who)).cash).toBe(4n * 150_000n);
    expect(await auditLedger(app.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  }, 120_000);
});
