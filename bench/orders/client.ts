// The HTTP side of the orders bench in its own process, so that the load generator's JSON and sockets do
// not share the server's event loop (the direct side has no client to pay for).
import { randomUUID } from 'node:crypto';
import { drive } from './drive.ts';

export type ClientCommand = {
  base: string;
  tokens: string[];
  body: unknown;
  seconds: number;
  concurrency: number;
  ratePerSecond?: number | undefined;
};

async function post(url: string, token: string, payload?: unknown): Promise<{ id: string }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: token,
      virtually: 'NO',
      'idempotency-key': randomUUID(),
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const answer = (await res.json()) as { code: string; result: { id: string } };
  if (answer.code !== '200') throw new Error(`${url}: ${JSON.stringify(answer)}`);
  return answer.result;
}

process.on('message', (cmd: ClientCommand) => {
  void drive(async (worker) => {
    const token = cmd.tokens[worker % cmd.tokens.length];
    if (!token) throw new Error('no token');
    const opened = await post(`${cmd.base}/buyOptions`, token, cmd.body);
    await post(`${cmd.base}/closeOptions/${opened.id}`, token);
  }, cmd).then((result) => process.send?.(result, () => process.exit(0)));
});
