// The instrument catalogue: first-start rows built from catalogue-data.ts (seeded only into an empty
// table, so back-office edits are never overwritten) and the in-memory view every market call reads.
import { asc, count, eq } from 'drizzle-orm';
import { instrumentTypes, leverageCaps, type InstrumentType, type TradingHours } from '@tradewind/contract';
import type { Db, DbOrTx } from '../platform/db.ts';
import { parseDecimal } from '@tradewind/contract/money';
import { assert } from '../platform/errors.ts';
import {
  marketInstruments,
  type ContractTermRow,
  type InstrumentRow,
  type NewInstrumentRow,
} from './tables.ts';
import { cryptoLines, forexLines, futuresLines, metalLines, stockLines } from './catalogue-data.ts';
import { compileSchedule, schedules, type Schedule, type ScheduleName } from './hours.ts';

/** Lot counts are integers at this scale: 1 is 0.01 lot. */
export const lotScale = 2;

/** Leverage choices per category, capped after ESMA (DESIGN.md §1.9): the seed's, below the cap. */
export const leverageOptions: Record<InstrumentType, number[]> = {
  [instrumentTypes.forex]: [1, 2, 5, 10, 20, 30],
  [instrumentTypes.crypto]: [1, 2],
  [instrumentTypes.stocks]: [1, 2, 3, 5],
  [instrumentTypes.futures]: [1, 2, 5, 10],
  [instrumentTypes.metals]: [1, 2, 5, 10, 20],
};
/** The caps themselves live in the contract: the back office shows them and the server enforces them. */
export const leverageCap = leverageCaps;

const termsOf = (seconds: number[]): ContractTermRow[] => seconds.map((s) => ({ id: String(s), seconds: s }));
const roundTheClockTerms = termsOf([60, 300, 900, 1800, 3600, 14400, 86400]);
const sessionTerms = termsOf([60, 300, 900, 1800, 3600]);

/** An instrument as the market code uses it: the row plus its compiled schedule. */
export type Instrument = Omit<InstrumentRow, 'type'> & { type: InstrumentType; schedule: Schedule };

/** floor(log10(x)) of a positive decimal text, without floating point: "67000" → 4, "0.0018" → -3. */
export function magnitude(text: string): number {
  const [whole = '0', frac = ''] = text.split('.');
  const w = whole.replace(/^0+/, '');
  if (w.length > 0) return w.length - 1;
  const zeros = /^0*/.exec(frac)?.[0].length ?? 0;
  assert(zeros < frac.length, `not a positive decimal: ${text}`);
  return -(zeros + 1);
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function lines(block: string): string[][] {
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l) => l.split('|'));
}

type Draft = Omit<NewInstrumentRow, 'referencePriceMinor' | 'volumeScale' | 'createdAt' | 'sort'> & {
  reference: string;
};

function cryptoDrafts(): Draft[] {
  return lines(cryptoLines).map(([symbol = '', name = '', reference = ''], i) => {
    const tier = i < 30 ? 1 : i < 100 ? 2 : 3;
    const mag = magnitude(reference);
    return {
      code: `${symbol}USDT`,
      type: instrumentTypes.crypto,
      appName: `${symbol}/USDT`,
      name,
      quote: 'USDT',
      reference,
      priceScale: clamp(5 - mag, 2, 10),
      volatilityBps: tier === 1 ? 350 : tier === 2 ? 450 : 600,
      tickTier: tier,
      lotStepMinor: 1n,
      minLotsMinor: 1n,
      maxLotsMinor: 10_000n,
      // One lot is worth roughly 100–1,000 USDT for small coins, one coin for the large ones.
      contractSize: 10n ** BigInt(Math.max(0, 2 - mag)),
      leverages: leverageOptions[instrumentTypes.crypto],
      feeRateBps: tier === 3 ? 20 : 10,
      terms: roundTheClockTerms,
      tradingHours: schedules.crypto,
    };
  });
}

const exotic = /(HKD|SGD|CNH|MXN|ZAR|TRY|SEK|NOK|PLN)$/;

function forexDrafts(): Draft[] {
  return lines(forexLines).map(([pair = '', name = '', reference = ''], i) => {
    const mag = magnitude(reference);
    return {
      code: pair,
      type: instrumentTypes.forex,
      appName: `${pair.slice(0, 3)}/${pair.slice(3)}`,
      name,
      quote: pair.slice(3),
      reference,
      priceScale: mag >= 1 ? 3 : 5,
      volatilityBps: pair.endsWith('TRY') ? 120 : exotic.test(pair) ? 90 : i < 7 ? 50 : 60,
      tickTier: i < 7 ? 1 : 2,
      lotStepMinor: 1n,
      minLotsMinor: 1n,
      maxLotsMinor: 5_000n,
      contractSize: 100_000n,
      leverages: leverageOptions[instrumentTypes.forex],
      feeRateBps: 3,
      terms: roundTheClockTerms,
      tradingHours: schedules.forex,
    };
  });
}

const stockQuote: Record<string, string> = { NYSE: 'USD', LSE: 'GBP', XETRA: 'EUR', TSE: 'JPY', HKEX: 'HKD' };

function stockDrafts(): Draft[] {
  return lines(stockLines).map(([code = '', name = '', reference = '', exchange = 'NYSE', flag], i) => {
    const etf = flag === 'etf';
    const quote = stockQuote[exchange];
    assert(quote !== undefined && exchange in schedules, `unknown exchange ${exchange}`);
    return {
      code,
      type: instrumentTypes.stocks,
      etf,
      appName: code,
      name,
      quote,
      reference,
      priceScale: 2,
      volatilityBps: etf ? 110 : 180,
      tickTier: i < 10 || code === 'SPY' || code === 'QQQ' ? 1 : 2,
      lotStepMinor: 1n,
      minLotsMinor: 1n,
      maxLotsMinor: 100_000n,
      contractSize: 1n,
      leverages: leverageOptions[instrumentTypes.stocks],
      feeRateBps: 5,
      terms: sessionTerms,
      tradingHours: schedules[exchange as ScheduleName],
    };
  });
}

const futuresVolatility: Record<string, number> = { NATGAS: 350, VIX: 500, USTBOND: 60, USTNOTE: 40 };

function futuresDrafts(): Draft[] {
  return lines(futuresLines).map(
    ([code = '', name = '', reference = '', quote = 'USD', size = '1', venue = 'CME']) => {
      assert(venue in schedules, `unknown venue ${venue}`);
      return {
        code,
        type: instrumentTypes.futures,
        appName: code,
        name,
        quote,
        reference,
        priceScale: magnitude(reference) < 1 ? 4 : 2,
        volatilityBps: futuresVolatility[code] ?? (code.endsWith('OIL') ? 220 : 120),
        tickTier: ['US500', 'NAS100', 'USOIL', 'GER40'].includes(code) ? 1 : 2,
        lotStepMinor: 1n,
        minLotsMinor: 1n,
        maxLotsMinor: 2_000n,
        contractSize: BigInt(size),
        leverages: leverageOptions[instrumentTypes.futures],
        feeRateBps: 5,
        terms: roundTheClockTerms,
        tradingHours: schedules[venue as ScheduleName],
      };
    },
  );
}

function metalDrafts(): Draft[] {
  return lines(metalLines).map(([code = '', name = '', reference = '', quote = 'USD', size = '1']) => {
    const mag = magnitude(reference);
    return {
      code,
      type: instrumentTypes.metals,
      appName: `${code.slice(0, 3)}/${code.slice(3)}`,
      name,
      quote,
      reference,
      priceScale: mag < 1 ? 4 : mag < 2 ? 3 : 2,
      volatilityBps: code.startsWith('XAU') ? 100 : 170,
      tickTier: code.startsWith('XAU') || code === 'XAGUSD' ? 1 : 2,
      lotStepMinor: 1n,
      minLotsMinor: 1n,
      maxLotsMinor: 5_000n,
      contractSize: BigInt(size),
      leverages: leverageOptions[instrumentTypes.metals],
      feeRateBps: 4,
      terms: roundTheClockTerms,
      tradingHours: schedules.CME,
    };
  });
}

/** Every first-start row, in display order per type. */
export function catalogueRows(now: Date): NewInstrumentRow[] {
  const groups = [forexDrafts(), cryptoDrafts(), stockDrafts(), futuresDrafts(), metalDrafts()];
  return groups.flatMap((drafts) =>
    drafts.map(({ reference, ...d }, sort) => ({
      ...d,
      referencePriceMinor: parseDecimal(reference, d.priceScale ?? 2),
      volumeScale: clamp(magnitude(reference) + 2, 0, 8),
      sort,
      createdAt: now,
    })),
  );
}

/** Seeds the catalogue on first start; a table with any row is left alone. */
export async function seedInstruments(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(marketInstruments);
  if ((existing?.n ?? 0) > 0) return;
  const rows = catalogueRows(now);
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await tx
        .insert(marketInstruments)
        .values(rows.slice(i, i + 200))
        .onConflictDoNothing();
    }
  });
}

function asType(t: number): InstrumentType {
  assert(t >= 1 && t <= 5, `instrument type ${t}`);
  return t as InstrumentType;
}

/** The row as the market code uses it, its hours compiled with the earlier hours it replaced. */
export function toInstrument(row: InstrumentRow): Instrument {
  return { ...row, type: asType(row.type), schedule: compileSchedule(row.tradingHours, row.hoursHistory) };
}

/** Every instrument, listed or not: disabled ones stay priced so that contracts open on them settle. */
export async function loadInstruments(db: Db): Promise<Instrument[]> {
  const rows = await db
    .select()
    .from(marketInstruments)
    .orderBy(asc(marketInstruments.type), asc(marketInstruments.sort), asc(marketInstruments.id));
  return rows.map(toInstrument);
}

/** The terms an order takes, as stored in the caller's transaction (an edit on another node included). */
export async function termsInForce(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      enabled: marketInstruments.enabled,
      lotStepMinor: marketInstruments.lotStepMinor,
      minLotsMinor: marketInstruments.minLotsMinor,
      maxLotsMinor: marketInstruments.maxLotsMinor,
      contractSize: marketInstruments.contractSize,
      leverages: marketInstruments.leverages,
      feeRateBps: marketInstruments.feeRateBps,
      terms: marketInstruments.terms,
      tradingHours: marketInstruments.tradingHours,
    })
    .from(marketInstruments)
    .where(eq(marketInstruments.id, id))
    // Shared: an edit of this instrument waits for the order, or the order reads the edit once committed.
    .for('share');
  return row;
}

/**
 * The catalogue by code and by type. `all`, `byType` and `get` are the listed (enabled) instruments every
 * customer call reads; `withDisabled` and `includingDisabled` add the disabled ones, which the feed keeps
 * pricing so that contracts open on them are closed and settled as usual.
 */
export class Catalogue {
  readonly all: readonly Instrument[];
  readonly byCode = new Map<string, Instrument>();
  readonly byType = new Map<InstrumentType, Instrument[]>();
  private readonly everyByCode = new Map<string, Instrument>();

  constructor(readonly withDisabled: readonly Instrument[]) {
    this.all = withDisabled.filter((i) => i.enabled);
    for (const i of withDisabled) this.everyByCode.set(i.code, i);
    for (const i of this.all) {
      this.byCode.set(i.code, i);
      const list = this.byType.get(i.type) ?? [];
      list.push(i);
      this.byType.set(i.type, list);
    }
  }

  /** A listed instrument. */
  get(code: string): Instrument | undefined {
    return this.byCode.get(code.toUpperCase());
  }

  /** Any priced instrument, a disabled one included (closing, settling and naming open contracts). */
  includingDisabled(code: string): Instrument | undefined {
    return this.everyByCode.get(code.toUpperCase());
  }

  /** The catalogue with `next` in place of the instrument of the same id, in catalogue order. */
  replace(next: Instrument): Catalogue {
    const list = this.withDisabled.map((i) => (i.id === next.id ? next : i));
    return new Catalogue(list.sort((a, b) => a.type - b.type || a.sort - b.sort || a.id - b.id));
  }
}

export type { TradingHours };
