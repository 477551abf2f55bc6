// The price sources `MARKET_FEED` lists, in its order (platform/config.ts validates the value): `sim` lists
// none, `ccxt:binance,pyth` an exchange then Pyth. The feed gives each instrument to the first source that
// covers it, and the walk prices the rest.
import path from 'node:path';
import type { Ctx } from '../platform/context.ts';
import type { PriceSource } from './source.ts';
import { CcxtSource, openExchange } from './source-ccxt.ts';
import { PythSource } from './source-pyth.ts';
import { ReplaySource } from './source-replay.ts';

export type SourceOptions = {
  /** How often a ccxt source fetches tickers. */
  ccxtPollEveryMs?: number;
  /** How often the Pyth source asks Hermes (its public instance allows 30 requests per 10 s per IP). */
  pythPollEveryMs?: number;
};

/** Opens every listed source (none for `sim`); a source that fails to open closes those opened before it. */
export async function openSources(ctx: Ctx, options: SourceOptions): Promise<PriceSource[]> {
  const feed = ctx.config.marketFeed;
  if (feed === 'sim') return [];
  const opened: PriceSource[] = [];
  try {
    for (const entry of feed.split(',')) opened.push(await openSource(ctx, options, entry));
  } catch (err) {
    await Promise.allSettled(opened.map((s) => s.close()));
    throw err;
  }
  return opened;
}

async function openSource(ctx: Ctx, options: SourceOptions, entry: string): Promise<PriceSource> {
  if (entry.startsWith('replay:')) return new ReplaySource(path.resolve(entry.slice('replay:'.length)));
  if (entry.startsWith('ccxt:')) {
    const name = entry.slice('ccxt:'.length);
    return new CcxtSource(name, await openExchange(name), {
      pollEveryMs: options.ccxtPollEveryMs ?? 5_000,
      log: ctx.log,
      now: () => ctx.clock.now(),
    });
  }
  if (entry === 'pyth')
    return new PythSource({
      baseUrl: ctx.config.pythHermesUrl,
      apiKey: ctx.config.pythApiKey,
      pollEveryMs: options.pythPollEveryMs ?? 5_000,
      log: ctx.log,
    });
  // loadConfig refuses anything else; a Config built by hand with a typo must not start half the sources.
  throw new Error(`MARKET_FEED: unknown price source ${entry}`);
}
