// The app's one live-price WebSocket (spec.md §4 and §7, CONTRACT.md "Live prices"): opened at app start,
// reconnected with jittered exponential backoff, messages without a bracket ignored, items validated
// against the contract, and the subscription narrowed to the codes on screen.
import { useSyncExternalStore } from 'react';
import type { WsPriceItem } from '@tradewind/contract';
import { parseWsPriceItem, wsSubscriptionMax } from '@tradewind/contract/live';
import { acceptOnly, applyPrices, setInterestListener, shownCodes } from './store.ts';

export type LiveStatus = 'connecting' | 'open' | 'closed';

export const backoff = { baseMs: 500, maxMs: 30_000 } as const;
/** Changes of the shown codes within this window go out as one subscription message. */
const subscribeDebounceMs = 100;
/** A connection that stayed up this long was healthy: its loss starts the backoff from the beginning. */
const healthyAfterMs = 10_000;
/** Far above the largest real message (every instrument, ~30 KB); a bigger one is not ours. */
const messageCharsMax = 1_000_000;

/**
 * Delay before reconnect attempt `attempt` (0-based): "equal jitter", half fixed and half random, so a
 * restarted server is not met by every client at the same instant, and never less than half the step.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(step / 2 + random() * (step / 2));
}

/** The items of a server message; null for anything that is not a price array (spec.md §7). */
export function parsePriceMessage(data: unknown): WsPriceItem[] | null {
  if (typeof data !== 'string' || !data.includes('[') || data.length > messageCharsMax) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  if (!Array.isArray(json)) return null;
  const items: WsPriceItem[] = [];
  for (const value of json) {
    const item = parseWsPriceItem(value);
    if (item) items.push(item);
  }
  return items;
}

/** What to send for the shown codes: null when nothing (keep the current subscription). */
export function subscriptionFor(codes: readonly string[]): { op: 'sub'; codes: string[] } | null {
  if (codes.length === 0) return null;
  // Above the server's bound the whole feed is cheaper than a partial list: an empty list means all.
  return { op: 'sub', codes: codes.length > wsSubscriptionMax ? [] : [...codes] };
}

let status: LiveStatus = 'closed';
const statusListeners = new Set<() => void>();
let socket: WebSocket | null = null;
let attempt = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let subscribeTimer: ReturnType<typeof setTimeout> | undefined;
let lastSent = '';
let started = false;

function setStatus(next: LiveStatus): void {
  if (next === status) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${window.location.host}/api/ws`;
}

function sendSubscription(force: boolean): void {
  const ws = socket;
  if (!ws || ws.readyState !== WebSocket.OPEN) return;
  const message = subscriptionFor(shownCodes());
  if (!message) return;
  const text = JSON.stringify(message);
  if (!force && text === lastSent) return;
  ws.send(text);
  lastSent = text;
  acceptOnly(message.codes.length === 0 ? undefined : new Set(message.codes));
}

function scheduleSubscription(): void {
  clearTimeout(subscribeTimer);
  subscribeTimer = setTimeout(() => sendSubscription(false), subscribeDebounceMs);
}

function scheduleReconnect(): void {
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(connect, reconnectDelayMs(attempt));
  attempt += 1;
}

function connect(): void {
  clearTimeout(reconnectTimer);
  setStatus('connecting');
  let ws: WebSocket;
  try {
    ws = new WebSocket(socketUrl());
  } catch {
    setStatus('closed');
    scheduleReconnect();
    return;
  }
  socket = ws;
  let openedAtMs: number | undefined;
  ws.onopen = () => {
    openedAtMs = Date.now();
    setStatus('open');
    // A new connection starts with every instrument; narrow it again.
    lastSent = '';
    acceptOnly(undefined);
    sendSubscription(true);
  };
  ws.onmessage = (event: MessageEvent<unknown>) => {
    const items = parsePriceMessage(event.data);
    if (items) applyPrices(items, Date.now());
  };
  ws.onclose = () => {
    if (socket !== ws) return;
    socket = null;
    if (openedAtMs !== undefined && Date.now() - openedAtMs >= healthyAfterMs) attempt = 0;
    setStatus('closed');
    scheduleReconnect();
  };
  // An error is followed by close, which schedules the reconnect.
  ws.onerror = () => undefined;
}

/** App start (spec.md §4): opens the connection once for the whole app. */
export function startLivePrices(): void {
  if (started || typeof WebSocket === 'undefined') return;
  started = true;
  setInterestListener(scheduleSubscription);
  connect();
  // Back online: try now instead of waiting out the backoff.
  window.addEventListener('online', () => {
    if (socket) return;
    attempt = 0;
    connect();
  });
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
    () => status,
  );
}
