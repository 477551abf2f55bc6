// The live-price store: the latest {price, zdf, source, priceStatus} per instrument from the WebSocket, the direction of the
// last change (for the up/down flash) and a per-minute tail that keeps list sparklines moving between list
// fetches. Components subscribe per code, so a tick re-renders only the rows it concerns. Which codes the
// screens show is tracked here too (reference counts), so the socket can narrow its subscription.
import type { WsPriceItem } from '@tradewind/contract';
import { compareDecimal } from '@tradewind/contract/money';

export const minuteMs = 60_000;
/** Sparklines show at most the latest 100 points (spec.md §9). */
export const sparklinePointsMax = 100;

/** The last price seen in one minute (epoch minute number). */
export type TailPoint = { readonly minute: number; readonly price: string };

export type LiveQuote = {
  readonly code: string;
  readonly price: string;
  readonly zdf: string;
  /** Where the price comes from; a simulated one is labelled wherever it is shown. */
  readonly source: WsPriceItem['source'];
  /** live, stale ("Delayed"), simulated or closed: the server says so again when it changes without a tick. */
  readonly priceStatus: WsPriceItem['priceStatus'];
  /** When the source made the last price (epoch ms), for the age of a delayed one. */
  readonly priceAt: number | undefined;
  /** Compared with the previous price: 1 up, -1 down, 0 unchanged or first sight. */
  readonly direction: -1 | 0 | 1;
  /** Grows with every update of any quote: a new value restarts the flash animation. */
  readonly seq: number;
  readonly atMs: number;
  /** Oldest first, at most {@link sparklinePointsMax} minutes. */
  readonly tail: readonly TailPoint[];
};

const quotes = new Map<string, LiveQuote>();
const listeners = new Map<string, Set<() => void>>();
let seq = 0;
/** Codes the server was asked for; undefined: every instrument. Other codes are not kept (they go stale). */
let accepted: ReadonlySet<string> | undefined;

function notify(code: string): void {
  for (const listener of listeners.get(code) ?? []) listener();
}

export function nextTail(tail: readonly TailPoint[], minute: number, price: string): readonly TailPoint[] {
  const last = tail.at(-1);
  if (last && last.minute === minute) return [...tail.slice(0, -1), { minute, price }];
  if (last && last.minute > minute) return tail; // a late message from an earlier minute
  return [...tail, { minute, price }].slice(-sparklinePointsMax);
}

/** Applies one message of the socket; only changed quotes notify. */
export function applyPrices(items: readonly WsPriceItem[], nowMs: number): void {
  const minute = Math.floor(nowMs / minuteMs);
  for (const item of items) {
    if (accepted && !accepted.has(item.code)) continue;
    const previous = quotes.get(item.code);
    if (
      previous &&
      previous.price === item.price &&
      previous.zdf === item.zdf &&
      previous.source === item.source &&
      previous.priceStatus === item.priceStatus &&
      previous.priceAt === item.priceAt
    )
      continue;
    seq += 1;
    quotes.set(item.code, {
      code: item.code,
      price: item.price,
      zdf: item.zdf,
      source: item.source,
      priceStatus: item.priceStatus,
      priceAt: item.priceAt,
      direction: previous ? compareDecimal(item.price, previous.price) : 0,
      seq,
      atMs: nowMs,
      tail: nextTail(previous?.tail ?? [], minute, item.price),
    });
    notify(item.code);
  }
}

/** The socket narrowed (a set) or widened (undefined) its subscription: forget what will no longer update. */
export function acceptOnly(codes: ReadonlySet<string> | undefined): void {
  accepted = codes;
  if (!codes) return;
  for (const code of [...quotes.keys()]) {
    if (codes.has(code)) continue;
    quotes.delete(code);
    notify(code);
  }
}

export function quoteOf(code: string): LiveQuote | undefined {
  return quotes.get(code);
}

export function subscribeQuote(code: string, listener: () => void): () => void {
  let set = listeners.get(code);
  if (!set) {
    set = new Set();
    listeners.set(code, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(code);
  };
}

// ---------- interest: which codes are on screen ----------

const interest = new Map<string, number>();
let onInterestChange: () => void = () => {};

/** Marks `code` as shown until the returned function is called. */
export function showCode(code: string): () => void {
  interest.set(code, (interest.get(code) ?? 0) + 1);
  if (interest.get(code) === 1) onInterestChange();
  return () => {
    const n = (interest.get(code) ?? 1) - 1;
    if (n > 0) {
      interest.set(code, n);
      return;
    }
    interest.delete(code);
    onInterestChange();
  };
}

export function shownCodes(): string[] {
  return [...interest.keys()].sort();
}

export function setInterestListener(listener: () => void): void {
  onInterestChange = listener;
}

/** Tests only: back to an empty store. */
export function resetStore(): void {
  quotes.clear();
  listeners.clear();
  interest.clear();
  accepted = undefined;
  seq = 0;
}

/**
 * A list item's minute prices (`hundred`, fetched at `fetchedAtMs`, the last one that minute's price) with
 * the live tail laid over: the fetch minute's point is replaced, later minutes are appended.
 */
export function mergeSeries(
  hundred: readonly string[],
  fetchedAtMs: number,
  tail: readonly TailPoint[] | undefined,
): readonly string[] {
  if (!tail || tail.length === 0) return hundred;
  const fetchedMinute = Math.floor(fetchedAtMs / minuteMs);
  const out = [...hundred];
  for (const point of tail) {
    if (point.minute < fetchedMinute) continue;
    if (point.minute === fetchedMinute && out.length > 0) out[out.length - 1] = point.price;
    else out.push(point.price);
  }
  return out.length > sparklinePointsMax ? out.slice(-sparklinePointsMax) : out;
}
