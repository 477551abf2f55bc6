// `MARKET_FEED=replay:FILE`: recorded ticks played back on the platform clock, for tests and demos.
// The file is NDJSON or a JSON array of `{code, price, at}` (epoch ms; played relative to the first)
// or `{code, price, offsetMs}` (relative to the start). Prices are decimal strings. Replayed prices are
// real but not current, so they are labelled "simulated".
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { decimalString } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import type { Instrument } from './catalogue.ts';
import type { Tick } from './snapshot.ts';
import type { PriceSource } from './source.ts';

const record = z.union([
  z.strictObject({
    code: z.string(),
    price: decimalString,
    at: z.number().int().min(0),
    volume: decimalString.optional(),
  }),
  z.strictObject({
    code: z.string(),
    price: decimalString,
    offsetMs: z.number().int().min(0),
    volume: decimalString.optional(),
  }),
]);
type ReplayRecord = z.infer<typeof record>;

export class ReplayError extends Error {}

export function parseReplay(text: string): ReplayRecord[] {
  const trimmed = text.trim();
  const raw: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length > 0 && !l.startsWith('//'))
        .map((l) => JSON.parse(l) as unknown);
  return raw.map((r, i) => {
    const parsed = record.safeParse(r);
    if (!parsed.success)
      throw new ReplayError(`replay record ${i + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  });
}

export class ReplaySource implements PriceSource {
  readonly name = 'replay';
  readonly kind = 'simulated';
  private queue: Tick[] = [];
  private next = 0;

  constructor(private readonly file: string) {}

  async start(instruments: readonly Instrument[], nowMs: number): Promise<Set<string>> {
    const records = parseReplay(await readFile(this.file, 'utf8'));
    const byCode = new Map(instruments.map((i) => [i.code, i]));
    const firstAt = records.find((r) => 'at' in r)?.at ?? 0;
    const ticks = records.map((r, i): Tick => {
      const instrument = byCode.get(r.code.toUpperCase());
      if (!instrument) throw new ReplayError(`replay record ${i + 1}: unknown instrument ${r.code}`);
      const atMs = nowMs + ('at' in r ? r.at - firstAt : r.offsetMs);
      return {
        code: instrument.code,
        priceMinor: parseDecimal(r.price, instrument.priceScale),
        atMs,
        volumeMinor: r.volume === undefined ? 0n : parseDecimal(r.volume, instrument.volumeScale),
      };
    });
    // A stable sort keeps the file's order for ticks of the same instant.
    this.queue = ticks.sort((a, b) => a.atMs - b.atMs);
    return new Set(this.queue.map((t) => t.code));
  }

  /** Every recorded tick whose time has come, in order. */
  async poll(nowMs: number): Promise<Tick[]> {
    const due: Tick[] = [];
    while (this.next < this.queue.length) {
      const t = this.queue[this.next];
      if (!t || t.atMs > nowMs) break;
      due.push(t);
      this.next++;
    }
    return due;
  }

  async close(): Promise<void> {}
}
