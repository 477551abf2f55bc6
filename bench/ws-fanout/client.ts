// A worker of the ws-fanout benchmark: opens its share of WebSocket clients, timestamps every message,
// and for messages carrying the sentinel instrument notes its price (which identifies the feed step).
import WebSocket from 'ws';

type Command = { op: 'open'; url: string; clients: number } | { op: 'measure' } | { op: 'stop' };
export type WorkerReport = {
  messages: number;
  bytes: number;
  sentinel: Array<[price: string, atMs: number]>;
};

const marker = Buffer.from('"code":"BTCUSDT","price":"');
const quote = 0x22;
const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let measuring = false;
let report: WorkerReport = { messages: 0, bytes: 0, sentinel: [] };

function open(url: string, count: number): void {
  let opened = 0;
  for (let i = 0; i < count; i++) {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      if (++opened === count) process.send?.({ op: 'opened' });
    });
    ws.on('error', (err) => process.send?.({ op: 'error', message: String(err) }));
    ws.on('message', (data: Buffer) => {
      if (!measuring) return;
      const at = now();
      report.messages++;
      report.bytes += data.length;
      // Search the bytes: decoding ~100 MB/s of JSON would make this process the bottleneck.
      const i = data.indexOf(marker);
      if (i >= 0) {
        const from = i + marker.length;
        report.sentinel.push([data.toString('latin1', from, data.indexOf(quote, from)), at]);
      }
    });
    sockets.push(ws);
  }
}

process.on('message', (cmd: Command) => {
  if (cmd.op === 'open') open(cmd.url, cmd.clients);
  else if (cmd.op === 'measure') {
    report = { messages: 0, bytes: 0, sentinel: [] };
    measuring = true;
  } else {
    measuring = false;
    for (const ws of sockets) ws.terminate();
    process.send?.({ op: 'report', report }, () => process.exit(0));
  }
});
