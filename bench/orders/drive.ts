// The load loop both sides of the orders bench run: `concurrency` closed loops for a time, or an open loop at
// a fixed rate, timing each order (an open and its close) from start to finish.
const now = () => performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export type Result = { ordersPerSecond: number; p50: number; p99: number; orders: number; failed: number };

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/**
 * Runs `order` from `concurrency` loops for `seconds`, or at `ratePerSecond` when given (open loop: an order
 * starts on schedule whether or not earlier ones have finished, so an overloaded server shows as queueing).
 */
export async function drive(
  order: (worker: number) => Promise<void>,
  opts: { seconds: number; concurrency: number; ratePerSecond?: number | undefined },
): Promise<Result> {
  const latencies: number[] = [];
  let failed = 0;
  const started = now();
  const deadline = started + opts.seconds * 1000;
  const one = async (worker: number) => {
    const t0 = now();
    try {
      await order(worker);
      latencies.push(now() - t0);
    } catch (err) {
      if (failed++ === 0) console.error(`  first failure: ${String(err)}`);
    }
  };
  if (opts.ratePerSecond === undefined) {
    await Promise.all(
      Array.from({ length: opts.concurrency }, async (_, worker) => {
        while (now() < deadline) await one(worker);
      }),
    );
  } else {
    const gapMs = 1000 / opts.ratePerSecond;
    const inFlight = new Set<Promise<void>>();
    for (let i = 0; now() < deadline; i++) {
      const p = one(i % opts.concurrency).finally(() => inFlight.delete(p));
      inFlight.add(p);
      await sleep(Math.max(0, started + (i + 1) * gapMs - now()));
    }
    await Promise.all(inFlight);
  }
  const elapsed = (now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ordersPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    orders: latencies.length,
    failed,
  };
}
