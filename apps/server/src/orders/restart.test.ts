// A node stops with contracts open (a leader killed, or the one embedded server restarted) and the price
// walk goes on without it. The node that starts next settles each contract at the tick that should have
// closed it while nobody ran the engine — found here independently, from the walk's ticks — not at the
// price of the moment it starts, and exactly once.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OptionsContract, Tick } from '@tradewind/contract';
import { formatMinor, parseDecimal } from '@tradewind/contract/money';
import { buildApp, type App } from '../app.ts';
import { manualClock } from '../platform/clock.ts';
import { auditLedger } from '../ledger/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { minuteMs } from '../market/hours.ts';
import { simTicksOfMinute } from '../market/sim.ts';
import { simParamsOf } from '../market/source-sim.ts';
import { client, durableStore, registerUser, type TestApp } from '../test/harness.ts';
import { buy, quoteBody } from './testing.ts';

let store: Awaited<ReturnType<typeof durableStore>>;
const clock = manualClock(Date.now());
let first: App;
let second: App | undefined;
let token: string;
const opened: OptionsContract[] = [];

const asTest = (app: App) => ({ ...app, clock, dataDir: store.config.dataDir }) as unknown as TestApp;

beforeAll(async () => {
  store = await durableStore();
  first = await buildApp(store.config, { clock });
  token = (await registerUser({ app: first.app, dataDir: store.config.dataDir })).token;
  for (const [code, direction] of [
    ['BTCUSDT', 'up'],
    ['ETHUSDT', 'down'],
  ] as const) {
    const body = await quoteBody(asTest(first), code, { direction, termId: '3600' });
    const open = parseDecimal(body.quotedPrice, 2);
    // A take-profit 0.05 % away: the walk reaches it within the hour, or the hour's end closes it.
    const tp = direction === 'up' ? open + open / 2000n : open - open / 2000n;
    const res = await buy(asTest(first), token, { ...body, takeProfit: formatMinor(tp, 2, 2) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    opened.push(res.body.result);
  }
  await first.app.close();
  clock.advance(2 * 3_600_000);
  second = await buildApp(store.config, { clock });
}, 120_000);
afterAll(async () => {
  await second?.app.close();
  await store.dispose();
});

/** The first tick of the walk after the opening that reaches the take-profit or the end of the term. */
function expectedClose(app: App, c: OptionsContract): { atMs: number; price: string; reason: string } {
  const instrument = app.app.market.catalogue.get(c.code);
  if (!instrument) throw new Error(c.code);
  const params = simParamsOf(instrument, (code) => app.app.market.catalogue.includingDisabled(code));
  const tp = parseDecimal(c.takeProfit ?? '0', instrument.priceScale);
  for (let minute = Math.floor(c.openAt / minuteMs); ; minute++) {
    for (const t of simTicksOfMinute(params, minute)) {
      const atMs = minute * minuteMs + t.second * 1000;
      if (atMs <= c.openAt) continue;
      const price = BigInt(t.priceMinor);
      const hit = c.direction === 'up' ? price >= tp : price <= tp;
      if (hit || atMs >= c.expiresAt) {
        return {
          atMs,
          price: formatMinor(price, instrument.priceScale, instrument.priceScale),
          reason: hit ? 'tp' : 'expiry',
        };
      }
    }
  }
}

describe('after a restart with open contracts', () => {
  it('the next node settles each at the tick that triggered it while no engine ran, once', async () => {
    const app = second;
    if (!app) throw new Error('second node');
    // Its first feed step hands the engine a batch; the engine then catches up.
    await app.app.market.step();
    await app.app.orders.engine.idle();
    for (const c of opened) {
      const now = (
        await client(app.app, { token, book: 'NO' }).get<OptionsContract>(
          `/api/swx/customer/order/getOptionsOrderById/${c.id}`,
        )
      ).body.result;
      const want = expectedClose(app, c);
      expect([c.code, now.status, now.closeReason, now.closeAt, now.closePrice]).toEqual([
        c.code,
        'closed',
        want.reason,
        want.atMs,
        want.price,
      ]);
      // Settled in the past — by the first whole-second tick at or after expiry at the latest, an hour before
      // this node started — at a kept tick anyone can read back.
      expect(now.closeAt).toBeLessThanOrEqual(c.expiresAt + 1_000);
      expect(now.closeAt).toBeLessThan(clock.now() - 3_000_000);
      const tick = (await client(app.app).get<Tick>(`/api/swx/customer/index/getTick/${now.closeTickId}`))
        .body.result;
      expect([tick.at, tick.price]).toEqual([want.atMs, want.price]);
      const [entries] = await app.ctx.db
        .select({ n: count() })
        .from(journalEntries)
        .where(and(eq(journalEntries.kind, 'contract_close'), eq(journalEntries.ref, `contract:${c.id}`)));
      expect(entries?.n).toBe(1);
    }
    expect(await auditLedger(app.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  }, 120_000);
});
