// Live prices over WebSocket (CONTRACT.md "Live prices"): each client gets one JSON array of the
// instruments that changed since its last message, at most every 500 ms. A client gets the full state of
// its instruments when it connects and when it narrows its subscription. Dead peers (no pong within 30 s)
// and slow ones (send buffer over the limit) are dropped, never buffered without bound.
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { wsClientMessage, type WsPriceItem } from '@tradewind/contract';

export type HubOptions = {
  intervalMs: number;
  pingEveryMs: number;
  /** A client whose unsent data exceeds this is terminated. */
  bufferLimitBytes: number;
  clientsMax: number;
  /** The current item of an instrument, undefined while it has no price. */
  itemOf: (code: string) => WsPriceItem | undefined;
  allCodes: () => Iterable<string>;
  /** Normalizes a requested code to a known one. */
  known: (code: string) => string | undefined;
  log: FastifyBaseLogger;
};

export const defaultHubOptions = {
  intervalMs: 500,
  pingEveryMs: 30_000,
  bufferLimitBytes: 1 << 20,
  clientsMax: 10_000,
};
const messageBytesMax = 16 * 1024;
const roundSlackMs = 2;
/** Rounds remembered for catching up clients that sat some out; further behind, they get the full state. */
const historyRounds = 8;

/** A message as UTF-8 bytes, or undefined when there is nothing to say. */
function encode(items: WsPriceItem[]): Buffer | undefined {
  return items.length === 0 ? undefined : Buffer.from(JSON.stringify(items), 'utf8');
}

type Client = {
  socket: WebSocket;
  /** Undefined: every instrument. */
  codes: Set<string> | undefined;
  lastSentMs: number;
  /** Owed the full state (re-subscribed). */
  stale: boolean;
  /** The first round whose changes this client has not had (it sat out rounds: sent to < 500 ms before). */
  missedSince: number | undefined;
  alive: boolean;
};

export class PriceHub {
  private readonly clients = new Set<Client>();
  private pending = new Set<string>();
  private round = 0;
  private history: Array<{ round: number; changed: Set<string> }> = [];
  private flushTimer: NodeJS.Timeout | undefined;
  private catchUpTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Messages sent, for metrics and the benchmark. */
  sent = 0;

  constructor(private readonly options: HubOptions) {}

  get size(): number {
    return this.clients.size;
  }

  start(): void {
    this.scheduleFlush();
    this.pingTimer = setInterval(() => this.ping(), this.options.pingEveryMs);
    this.pingTimer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.flushTimer);
    clearTimeout(this.catchUpTimer);
    clearInterval(this.pingTimer);
  }

  /** Instruments whose price changed; they go out with the next round. */
  mark(codes: Iterable<string>): void {
    for (const c of codes) this.pending.add(c);
  }

  add(socket: WebSocket): void {
    if (this.clients.size >= this.options.clientsMax) {
      socket.close(1013, 'try again later');
      return;
    }
    const client: Client = {
      socket,
      codes: undefined,
      lastSentMs: Number.NEGATIVE_INFINITY,
      stale: true,
      missedSince: undefined,
      alive: true,
    };
    this.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (data: RawData, isBinary: boolean) => this.receive(client, data, isBinary));
    socket.on('close', () => this.clients.delete(client));
    socket.on('error', () => {
      this.clients.delete(client);
      socket.terminate();
    });
    // The current prices straight away; changes follow from the next round on.
    const full = encode(
      this.collect(this.options.allCodes(), undefined, (code) => this.options.itemOf(code)),
    );
    if (full) this.send(client, full);
  }

  private collect(
    codes: Iterable<string>,
    only: Set<string> | undefined,
    itemOf: (code: string) => WsPriceItem | undefined,
  ): WsPriceItem[] {
    const out: WsPriceItem[] = [];
    for (const code of codes) {
      if (only && !only.has(code)) continue;
      const item = itemOf(code);
      if (item) out.push(item);
    }
    return out;
  }

  private send(client: Client, payload: Buffer): void {
    if (client.socket.bufferedAmount > this.options.bufferLimitBytes) {
      this.options.log.info('market: dropping a slow price client');
      this.clients.delete(client);
      client.socket.terminate();
      return;
    }
    // One encoded buffer shared by every client of the round, sent as a text frame.
    client.socket.send(payload, { binary: false });
    // The time of the send itself: the next one to this client is checked against it.
    client.lastSentMs = performance.now();
    client.stale = false;
    client.missedSince = undefined;
    this.sent++;
  }

  /** `{"op":"sub","codes":[...]}` narrows the pushes; anything else is ignored. */
  private receive(client: Client, data: RawData, isBinary: boolean): void {
    if (isBinary) return;
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(new Uint8Array(data));
    const text = bytes.toString('utf8');
    if (text.length > messageBytesMax) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = wsClientMessage.safeParse(json);
    if (!parsed.success) return;
    const codes = parsed.data.codes
      .map((c) => this.options.known(c))
      .filter((c): c is string => c !== undefined);
    client.codes = parsed.data.codes.length === 0 ? undefined : new Set(codes);
    client.stale = true;
  }

  private scheduleFlush(delayMs = this.options.intervalMs): void {
    if (this.stopped) return;
    this.flushTimer = setTimeout(() => {
      const started = performance.now();
      try {
        this.flush();
      } catch (err) {
        this.options.log.error({ err }, 'market: price push failed');
      }
      // Rounds start every interval (plus a hair: a timer may fire a fraction of a millisecond early).
      this.scheduleFlush(Math.max(0, this.options.intervalMs + roundSlackMs - (performance.now() - started)));
    }, delayMs);
    this.flushTimer.unref();
  }

  /** One round: every client gets what changed since its last message, in one message, if it may. */
  flush(): void {
    const changed = this.pending;
    this.pending = new Set();
    this.round++;
    this.history.push({ round: this.round, changed });
    if (this.history.length > historyRounds) this.history.shift();
    this.deliver(changed);
  }

  /**
   * Sends to every client allowed to receive now. A client sent to less than 500 ms ago sits the round
   * out and is retried the moment its 500 ms are up (`changed` undefined: such a catch-up pass), so the
   * spacing is strict without pushing it a whole round back.
   */
  private deliver(changed: Set<string> | undefined): void {
    if (this.clients.size === 0) return;
    const items = new Map<string, WsPriceItem | undefined>();
    const itemOf = (code: string) => {
      if (!items.has(code)) items.set(code, this.options.itemOf(code));
      return items.get(code);
    };
    // Messages shared by all-instrument clients are encoded once per pass.
    const allDelta =
      changed && changed.size > 0 ? encode(this.collect(changed, undefined, itemOf)) : undefined;
    let allFull: Buffer | undefined;
    const full = () => (allFull ??= encode(this.collect(this.options.allCodes(), undefined, itemOf)));
    const catchUp = new Map<number, Buffer | undefined>();
    let retryInMs = Number.POSITIVE_INFINITY;
    for (const client of this.clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      const waitMs = client.lastSentMs + this.options.intervalMs - performance.now();
      if (waitMs > 0) {
        if (changed && changed.size > 0) client.missedSince ??= this.round;
        if (client.missedSince !== undefined || client.stale) retryInMs = Math.min(retryInMs, waitMs);
        continue;
      }
      const payload = this.payloadFor(client, changed, itemOf, allDelta, full, catchUp);
      if (!payload) {
        if (changed) {
          client.stale = false;
          client.missedSince = undefined;
        }
        continue;
      }
      this.send(client, payload);
    }
    if (retryInMs < this.options.intervalMs) this.scheduleCatchUp(retryInMs);
  }

  private payloadFor(
    client: Client,
    changed: Set<string> | undefined,
    itemOf: (code: string) => WsPriceItem | undefined,
    allDelta: Buffer | undefined,
    full: () => Buffer | undefined,
    catchUp: Map<number, Buffer | undefined>,
  ): Buffer | undefined {
    const from = client.missedSince;
    if (from === undefined && !client.stale) {
      if (!changed) return undefined; // a catch-up pass: nothing owed
      return client.codes ? encode(this.collect(changed, client.codes, itemOf)) : allDelta;
    }
    const behind = from === undefined ? undefined : this.changedSince(from);
    if (client.stale || !behind) {
      return client.codes ? encode(this.collect(client.codes, undefined, itemOf)) : full();
    }
    if (client.codes) return encode(this.collect(behind, client.codes, itemOf));
    if (from !== undefined && !catchUp.has(from))
      catchUp.set(from, encode(this.collect(behind, undefined, itemOf)));
    return from === undefined ? undefined : catchUp.get(from);
  }

  /** Every code changed in rounds ≥ `round`; undefined when those rounds are no longer remembered. */
  private changedSince(round: number): Set<string> | undefined {
    if (round < (this.history[0]?.round ?? 0)) return undefined;
    const codes = new Set<string>();
    for (const h of this.history) if (h.round >= round) for (const c of h.changed) codes.add(c);
    return codes;
  }

  private scheduleCatchUp(inMs: number): void {
    if (this.stopped || this.catchUpTimer) return;
    this.catchUpTimer = setTimeout(
      () => {
        this.catchUpTimer = undefined;
        try {
          this.deliver(undefined);
        } catch (err) {
          this.options.log.error({ err }, 'market: price push failed');
        }
      },
      Math.ceil(inMs) + 1,
    );
    this.catchUpTimer.unref();
  }

  private ping(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        this.clients.delete(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}
