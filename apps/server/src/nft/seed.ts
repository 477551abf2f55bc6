// First-start charity collection: 12 pieces with artwork drawn at seed time (art.ts), each auction ending at
// its own time over the coming week (from the clock at seed time). They are platform-issued collectibles: no
// chain, contract or token id until an operator records a minted token in the back office (a made-up address
// would be a placeholder presented as fact). Seeded only into an empty table, so the back office's pieces and
// any bids are never touched; two nodes starting at once seed one collection (the table lock below).
import { createHash } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import { artworkPng } from './art.ts';
import { seedPieces } from './seed-texts.ts';
import { nfts } from './tables.ts';

const hourMs = 3_600_000;
const usdt = (whole: number) => BigInt(whole) * 1_000_000n;

export async function seedNfts(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(nfts);
  if ((existing?.n ?? 0) > 0) return;
  const rows = await Promise.all(
    seedPieces.map(async (piece, i) => {
      const png = await artworkPng(7919 * (i + 1));
      const startPriceMinor = usdt([50, 80, 120, 200, 60, 150, 90, 300, 75, 250, 100, 180][i] ?? 100);
      return {
        name: piece.name,
        descriptions: piece.descriptions,
        creator: piece.creator,
        imagePng: png,
        imageSha256: createHash('sha256').update(png).digest('hex'),
        startPriceMinor,
        // About 5 % of the start price, in whole USDT.
        minIncrementMinor: usdt(Math.max(1, Number(startPriceMinor / 20n / 1_000_000n))),
        currentBidMinor: startPriceMinor,
        leaderUserId: null,
        bidCount: 0,
        // From 10 hours to about a week ahead, one piece after another.
        endAt: new Date(now.getTime() + (10 + i * 14) * hourMs),
        originalEndAt: new Date(now.getTime() + (10 + i * 14) * hourMs),
        status: 'open',
        createdAt: now,
        updatedAt: now,
      };
    }),
  );
  await db.transaction(async (tx) => {
    // Without a token there is no unique key to collide on: the second node waits here, then sees the first's.
    await tx.execute(sql`lock table nfts in share row exclusive mode`);
    const [again] = await tx.select({ n: count() }).from(nfts);
    if ((again?.n ?? 0) === 0) await tx.insert(nfts).values(rows);
  });
}
