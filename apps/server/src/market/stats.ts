// The home page's figures (DESIGN.md §1.5 and §1.8): what Tradewind itself did, kept apart from what the
// feed says the markets did. Platform volume is the notional of Tradewind's own contracts, summed by the
// domains that write them (they register here); with none registered it is 0, never the feed's figure.
import { count } from 'drizzle-orm';
import { instrumentTypes, type MarketStats } from '@tradewind/contract';
import { formatMinor, rescale, roundDown } from '@tradewind/contract/money';
import type { Ctx } from '../platform/context.ts';
import { users } from '../users/tables.ts';
import type { Instrument } from './catalogue.ts';
import type { MarketFeed } from './feed.ts';

/** Notional traded on Tradewind since `sinceMs`, in US cents (an orders domain answers its contracts'). */
export type PlatformVolume = (sinceMs: number) => Promise<bigint>;

const dayMs = 86_400_000;

export class MarketStatsModel {
  private readonly platformVolumes = new Map<string, PlatformVolume>();

  constructor(
    private readonly ctx: Ctx,
    private readonly feed: MarketFeed,
  ) {}

  /** A domain whose contracts are Tradewind's own trades adds their notional to `platformVolume24h`. */
  addPlatformVolume(domain: string, volume: PlatformVolume): void {
    if (this.platformVolumes.has(domain)) throw new Error(`platform volume of ${domain} registered twice`);
    this.platformVolumes.set(domain, volume);
  }

  async read(): Promise<MarketStats> {
    const nowMs = this.ctx.clock.now();
    let platformUsdCents = 0n;
    for (const volume of this.platformVolumes.values()) platformUsdCents += await volume(nowMs - dayMs);
    let marketUsdCents = 0n;
    let feeRateBpsMax = 0;
    for (const i of this.feed.catalogue.all) {
      feeRateBpsMax = Math.max(feeRateBpsMax, i.feeRateBps);
      const s = this.feed.stats24h(i.code);
      if (s) marketUsdCents += this.usdCents(i, s.volume * s.nowPrice, i.volumeScale + i.priceScale);
    }
    const [userRow] = await this.ctx.db.select({ n: count() }).from(users);
    return {
      platformVolume24h: formatMinor(platformUsdCents, 2, 2),
      marketVolume24h: formatMinor(marketUsdCents, 2, 2),
      source: this.feed.kind(),
      instrumentCount: this.feed.catalogue.all.length,
      cryptoCount: this.feed.catalogue.byType.get(instrumentTypes.crypto)?.length ?? 0,
      userCount: userRow?.n ?? 0,
      feeRateMax: formatMinor(BigInt(feeRateBpsMax), 4),
    };
  }

  /** A value in the instrument's quote currency at `scale`, in US cents (rounded down). */
  private usdCents(i: Instrument, value: bigint, scale: number): bigint {
    if (i.quote === 'USD' || i.quote === 'USDT') return rescale(value, scale, 2, roundDown);
    const direct = this.rateOf(`${i.quote}USD`);
    if (direct) return rescale(value * direct.minor, scale + direct.scale, 2, roundDown);
    const inverse = this.rateOf(`USD${i.quote}`);
    if (inverse && inverse.minor > 0n)
      return rescale(roundDown(value * 10n ** BigInt(inverse.scale), inverse.minor), scale, 2, roundDown);
    return 0n;
  }

  private rateOf(code: string): { minor: bigint; scale: number } | undefined {
    const i = this.feed.catalogue.get(code);
    const last = this.feed.snapshot.get(code)?.lastPrice;
    return i && last ? { minor: last.priceMinor, scale: i.priceScale } : undefined;
  }
}
