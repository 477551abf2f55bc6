// The server stops while an auction with a bid is open and stays down past its end. The nodes that start
// next on the same database settle it exactly once — on PostgreSQL two app instances at once, each running
// its job on start and once more on demand, plus a third runner; on PGlite (one process per data directory)
// the restarted app and two more runners on its connection. The piece's row and the unique donation,
// not any job's memory, are what make an auction settled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { buildApp, type App } from '../app.ts';
import { manualClock } from '../platform/clock.ts';
import { auditLedger } from '../ledger/service.ts';
import { journalEntries } from '../ledger/tables.ts';
import { durableStore, type TestApp } from '../test/harness.ts';
import { NftAuctions } from './service.ts';
import { nftDonations, nfts } from './tables.ts';
import { books, buyNft, createAuction, fundedCustomer, minuteMs, type Customer } from './testing.ts';

let store: Awaited<ReturnType<typeof durableStore>>;
const clock = manualClock(Date.now());
const nodes: App[] = [];
let who: Customer;
let nftId: number;

const asTest = (app: App) => ({ ...app, clock, dataDir: store.config.dataDir }) as unknown as TestApp;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

beforeAll(async () => {
  store = await durableStore();
  const first = await buildApp(store.config, { clock });
  await first.app.ready();
  const t = asTest(first);
  who = await fundedCustomer(t, '1000');
  const piece = await createAuction(t, { endInMs: 30 * minuteMs });
  nftId = Number(piece.id);
  expect((await buyNft(t, who, piece.id, '250')).body.code).toBe('200');
  await first.app.close();
  // Down for an hour: the auction ended 30 minutes ago with nobody running.
  clock.advance(60 * minuteMs);
  const starts = onPostgres ? [0, 1] : [0];
  nodes.push(...(await Promise.all(starts.map(() => buildApp(store.config, { clock })))));
  await Promise.all(nodes.map((n) => n.app.ready()));
}, 180_000);
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.app.close()));
  await store.dispose();
});

describe('after a restart past the end of an auction with a bid', () => {
  it('the next nodes settle it once, with every runner racing', async () => {
    const [node] = nodes;
    if (!node) throw new Error('a node');
    const racer = new NftAuctions(node.ctx, { isLeader: () => true });
    await Promise.all([
      ...nodes.map((n) => n.app.nft.runDue(clock.now())),
      racer.runDue(clock.now()),
      racer.runDue(clock.now()),
    ]);
    const [row] = await node.ctx.db.select().from(nfts).where(eq(nfts.id, nftId));
    expect(row).toMatchObject({ status: 'sold', winnerUserId: Number(who.id) });
    const [donations] = await node.ctx.db
      .select({ n: count() })
      .from(nftDonations)
      .where(eq(nftDonations.nftId, nftId));
    expect(donations?.n).toBe(1);
    const [settles] = await node.ctx.db
      .select({ n: count() })
      .from(journalEntries)
      .where(and(eq(journalEntries.ref, `nft:${nftId}`), eq(journalEntries.kind, 'nft_settle')));
    expect(settles?.n).toBe(1);
    expect(await books(asTest(node), who)).toEqual({ cash: 750_000_000n, hold: 0n });
    expect(await auditLedger(node.ctx.db)).toMatchObject({ balanced: true, negativeCustomerAccounts: 0 });
  }, 120_000);
});
