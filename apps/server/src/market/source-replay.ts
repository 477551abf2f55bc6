// `MARKET_FEED=replay:FILE`: recorded ticks played back on the platform clock, for tests and demos.
// The file is NDJSON or a JSON array of `{code, price, at}` (epoch ms; played relative to the first)
// or `{code, price, offsetMs}` (relative to the start). Prices are decimal strings.
//
// Replayed prices are labelled "simulated" unless the file's first record is the header
// `{"replay": {"source": "live", "recordedFrom": "ccxt:binance"}}`: a recording of a real exchange that a
// test plays as if it were that exchange now (the browser tests of the unlabelled, live path use it).
// The declaration belongs to the file, beside the ticks it describes, not to a switch anyone can flip.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { decimalString } from '@tradewind/contract';
import { parseDecimal } from '@tradewind/contract/money';
import type { Instrument } from './catalogue.ts';
import type { Tick } from './snapshot.ts';
import type { PriceSource, SourceKind } from './source.ts';

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

const header = z.strictObject({
  replay: z.strictObject({
    source: z.enum(['simulated', 'live']),
    /** Where the ticks were recorded (`ccxt:binance`); required for a file that calls itself live. */
    recordedFrom: z.string().min(1).max(100).optional(),
  }),
});

export type ReplayFile = { source: SourceKind; records: ReplayRecord[] };

export class ReplayError extends Error {}

export function parseReplay(text: string): ReplayFile {
  const trimmed = text.trim();
  const raw: unknown[] = trimmed.startsWith('[')
    ? (JSON.parse(trimmed) as unknown[])
    : trimmed
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.length > 0 && !l.startsWith('//'))
        .map((l) => JSON.parse(l) as unknown);
  const head = header.safeParse(raw[0]);
  if (head.success && head.data.replay.source === 'live' && !head.data.replay.recordedFrom)
    throw new ReplayError('replay header: a live recording names where it was recorded (recordedFrom)');
  const body = head.success ? raw.slice(1) : raw;
  const offset = head.success ? 2 : 1;
  const records = body.map((r, i) => {
    const parsed = record.safeParse(r);
    if (!parsed.success)
      throw new ReplayError(`replay record ${i + offset}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    return parsed.data;
  });
  return { source: head.success ? head.data.replay.source : 'simulated', records };
}

export class ReplaySource implements PriceSource {
  /** Known after `start` reads the file's header: `replay` or `replay:live` (see sourceKindOfName). */
  name = 'replay';
  kind: SourceKind = 'simulated';
  private queue: Tick[] = [];
  private next = 0;

  constructor(private readonly file: string) {}

  async start(instruments: readonly Instrument[], nowMs: number): Promise<Set<string>> {
    const { source, records } = parseReplay(await readFile(this.file, 'utf8'));
    this.kind = source;
    this.name = source === 'live' ? 'replay:live' : 'replay';
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

  ticksBetween(code: string, afterMs: number, toMs: number): Tick[] {
    // The queue is sorted by time; the ticks of one instrument are few in a test tape, a filter suffices.
    return this.queue.filter((t) => t.code === code && t.atMs > afterMs && t.atMs <= toMs);
  }

  async close(): Promise<void> {}
}
