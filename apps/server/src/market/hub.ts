// Live prices over WebSocket (CONTRACT.md "Live prices"): each client gets one JSON array of the
// instruments that changed since its last message, at most every 500 ms; a client that connects, narrows
// its subscription or missed a round gets the full state of its instruments instead. Dead peers (no pong
// within 30 s) and slow ones (send buffer over the limit) are dropped, never buffered without bound.
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

type Client = {
  socket: WebSocket;
  /** Undefined: every instrument. */
  codes: Set<string> | undefined;
  lastSentMs: number;
  /** Owed the full state (new, re-subscribed, or skipped a round). */
  stale: boolean;
  alive: boolean;
};

export class PriceHub {
  private readonly clients = new Set<Client>();
  private pending = new Set<string>();
  private flushTimer: NodeJS.Timeout | undefined;
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

  private scheduleFlush(): void {
    if (this.stopped) return;
    // A little over the interval: a timer may fire a fraction of a millisecond early.
    this.flushTimer = setTimeout(() => {
      try {
        this.flush();
      } catch (err) {
        this.options.log.error({ err }, 'market: price push failed');
      }
      this.scheduleFlush();
    }, this.options.intervalMs + 2);
    this.flushTimer.unref();
  }

  /** One round: every client that may receive gets its changes (or its full state) in one message. */
  flush(nowMs = performance.now()): void {
    const changed = this.pending;
    this.pending = new Set();
    if (this.clients.size === 0) return;
    const items = new Map<string, WsPriceItem | undefined>();
    const itemOf = (code: string) => {
      if (!items.has(code)) items.set(code, this.options.itemOf(code));
      return items.get(code);
    };
    const collect = (codes: Iterable<string>, only: Set<string> | undefined) => {
      const out: WsPriceItem[] = [];
      for (const code of codes) {
        if (only && !only.has(code)) continue;
        const item = itemOf(code);
        if (item) out.push(item);
      }
      return out;
    };
    let allDelta: string | undefined;
    let allFull: string | undefined;
    for (const client of this.clients) {
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (nowMs - client.lastSentMs < this.options.intervalMs) {
        if (changed.size > 0) client.stale = true;
        continue;
      }
      let payload: string | undefined;
      if (!client.codes) {
        if (client.stale) payload = allFull ??= JSON.stringify(collect(this.options.allCodes(), undefined));
        else if (changed.size > 0) payload = allDelta ??= JSON.stringify(collect(changed, undefined));
      } else {
        const list = client.stale ? collect(client.codes, undefined) : collect(changed, client.codes);
        if (list.length > 0 || client.stale) payload = JSON.stringify(list);
      }
      if (payload === undefined || payload === '[]') {
        client.stale = false;
        continue;
      }
      if (client.socket.bufferedAmount > this.options.bufferLimitBytes) {
        this.options.log.info('market: dropping a slow price client');
        this.clients.delete(client);
        client.socket.terminate();
        continue;
      }
      client.socket.send(payload);
      client.lastSentMs = nowMs;
      client.stale = false;
      this.sent++;
    }
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
