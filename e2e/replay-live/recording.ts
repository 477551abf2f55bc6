// Writes the tick file the replay-live browser run plays (playwright.replay-live.config.ts): a header that
// declares the file a live recording, then a gentle walk for every crypto pair, a tick per pair every 5 s
// for an hour. The ticks are synthetic: they stand in for a ccxt recording so the browser tests can see
// the screens as they are with a live feed (no simulated label on what the feed covers). Never a demo feed.
// One pair's recording ends after its first tick (`endingPair`): a live source gone quiet, which turns
// "stale" once `price_stale_after_s` has passed (stale.replay.ts sees the screens say "Delayed").
import { writeFileSync } from 'node:fs';
import { formatMinor } from '@tradewind/contract/money';
import { instrumentTypes } from '@tradewind/contract';
import { catalogueRows } from '../../apps/server/src/market/catalogue.ts';

const stepMs = 5_000;
/** A pair little else looks at, whose ticks stop after the first: delayed from `price_stale_after_s` on. */
export const endingPair = { code: 'KP3RUSDT', appName: 'KP3R/USDT' } as const;
const durationMs = 3_600_000;

export function writeRecording(file: string): void {
  const pairs = catalogueRows(new Date(0)).filter((row) => row.type === instrumentTypes.crypto);
  const lines = [
    JSON.stringify({ replay: { source: 'live', recordedFrom: 'e2e fixture (synthetic, in place of ccxt)' } }),
  ];
  // Deterministic: every pair moves within ±0.5 % of its reference price, in basis points.
  const bps = pairs.map(() => 0);
  for (let offsetMs = 0; offsetMs <= durationMs; offsetMs += stepMs) {
    pairs.forEach((row, i) => {
      if (row.code === endingPair.code && offsetMs > 0) return;
      const step = ((offsetMs / stepMs + i * 7) % 5) - 2;
      bps[i] = Math.max(-50, Math.min(50, (bps[i] ?? 0) + step));
      const priceMinor = (row.referencePriceMinor * BigInt(10_000 + (bps[i] ?? 0))) / 10_000n;
      const scale = row.priceScale ?? 2;
      lines.push(JSON.stringify({ code: row.code, price: formatMinor(priceMinor, scale, scale), offsetMs }));
    });
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}
