// The cluster bench's printout: per phase what was answered, how fast, what was refused, where the CPU went
// and what the database sessions were doing; the 2-node ÷ 1-node ratios; the hot-account table.
import { moneyRoutes, type Report } from './client.ts';
import { pgGroups, type CpuUse } from './cpu.ts';
import type { Waits } from './db-waits.ts';
import { platformShards, shardedPurposes } from '../../apps/server/src/ledger/accounts.ts';

export type Phase = Omit<Report, 'seconds'> & {
  label: string;
  nodes: number;
  loops: number;
  seconds: number;
  cpu: CpuUse;
  waits: Waits;
};

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const sum = (xs: Iterable<number>) => [...xs].reduce((s, x) => s + x, 0);
const ms = (v: number) => (Number.isNaN(v) ? '—' : v < 100 ? v.toFixed(1) : v.toFixed(0));
const pct = (v: number) => `${(v * 100).toFixed(0)} %`;

type Class = { ok: number; perSecond: number; p50: number; p99: number };

function classOf(p: Phase, money: boolean): Class {
  const latencies = Object.entries(p.latencies)
    .filter(([route]) => moneyRoutes.has(route) === money)
    .flatMap(([, l]) => l)
    .sort((x, y) => x - y);
  return {
    ok: latencies.length,
    perSecond: latencies.length / p.seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export function summary(p: Phase) {
  const reads = classOf(p, false);
  const money = classOf(p, true);
  const refused = sum(Object.values(p.refused));
  const failed = sum(Object.values(p.failed));
  /** Every call a node answered in the window, refusals and quote refreshes included: the work CPU paid for. */
  const answered = reads.ok + money.ok + refused + p.quoteRefreshes;
  const nodeCpu = sum([...p.cpu.byGroup].filter(([g]) => g.startsWith('node ')).map(([, s]) => s));
  const pgCpu = p.cpu.byGroup.get(pgGroups.ours) ?? 0;
  return {
    reads,
    money,
    refused,
    failed,
    answered,
    nodeCpu,
    pgCpu,
    okPerSecond: reads.perSecond + money.perSecond,
  };
}

function byCode(counts: Record<string, number>): string {
  const entries = Object.entries(counts).sort(([, x], [, y]) => y - x);
  return entries.length === 0 ? 'none' : entries.map(([k, n]) => `${k} ×${n}`).join(', ');
}

function printCpu(p: Phase, answered: number): void {
  const capacity = p.cpu.seconds * p.cpu.cores;
  const known = sum(p.cpu.byGroup.values());
  console.log(
    `  CPU over the ${p.cpu.seconds.toFixed(1)} s window, as a share of the ${p.cpu.cores} cores (and per answered call):`,
  );
  const pgOrder: string[] = [pgGroups.ours, pgGroups.background, pgGroups.exited, pgGroups.others];
  const rank = (g: string) => (g.startsWith('node ') ? 0 : pgOrder.includes(g) ? 1 + pgOrder.indexOf(g) : 9);
  const rows: Array<[string, number]> = [
    ...[...p.cpu.byGroup].sort(([x], [y]) => rank(x) - rank(y)),
    ['rest of the machine (other processes)', Math.max(0, p.cpu.machineBusy - known)],
    ['idle', Math.max(0, capacity - p.cpu.machineBusy)],
  ];
  for (const [group, s] of rows) {
    const perCall =
      group === 'idle' ? '' : `${((s * 1000) / Math.max(1, answered)).toFixed(2).padStart(7)} ms/call`;
    console.log(`    ${group.padEnd(58)} ${pct(s / capacity).padStart(5)}  ${perCall}`);
  }
  console.log(`    (${p.cpu.oursEnded} backends of the bench database ended in the window)`);
}

/** Calls per second that post to each platform account: every open pays a fee, a close with a P&L settles it. */
function postingRate(p: Phase, purpose: string): [what: string, perSecond: number] | undefined {
  if (purpose === 'fee_income') return ['opens', (p.latencies.buyOptions?.length ?? 0) / p.seconds];
  if (purpose === 'trading_pnl') return ['closes with P&L', p.closesWithPnl / p.seconds];
  return undefined;
}

/**
 * Each platform account's share of samples locked, and, for the calls that post to it, how long each holds
 * it (share ÷ calls per second: Little's law) and so the most calls per second it lets through, whatever the
 * number of nodes. A sharded account (ledger/accounts.ts, migration 0031) is `platformShards` rows, each
 * holding one entry at a time: its share is summed over them (above 100 % when several are held at once) and
 * it lets through that many times one row's rate, customers spread evenly over the shards.
 */
function rowLocks(p: Phase): string {
  const w = p.waits;
  if (!w.platformRowsLocked) return 'row locks not sampled (no pgrowlocks)';
  const n = Math.max(1, w.samples);
  const platform = [...w.platformRowsLocked]
    .sort(([, x], [, y]) => y - x)
    .map(([name, k]) => {
      const share = k / n;
      const purpose = name.split(' ').at(-1) ?? '';
      const rows = (shardedPurposes as readonly string[]).includes(purpose) ? platformShards : 1;
      const label = rows > 1 ? `${name} (${rows} rows)` : name;
      const posting = postingRate(p, purpose);
      if (!posting || posting[1] === 0) return `${label} ${pct(share)}`;
      const [what, rate] = posting;
      return `${label} ${pct(share)} (${rate.toFixed(1)} ${what}/s: held ≈ ${ms((share / rate) * 1000)} ms each, at most ≈ ${((rows * rate) / share).toFixed(0)}/s through ${rows > 1 ? 'them' : 'it'})`;
    });
  return `locked in the samples: ${platform.join(', ') || 'no platform account'}; customer accounts ${(w.customerRowsLocked / n).toFixed(1)} on average`;
}

function printWaits(p: Phase): void {
  const w = p.waits;
  console.log(
    `  bench database sessions (mean of ${w.samples} samples): ${w.running.toFixed(1)} running, ${w.lockWait.toFixed(2)} waiting on a lock, ${w.inTransaction.toFixed(1)} idle in a transaction (waiting for its node), ${w.idle.toFixed(1)} idle in the pools`,
  );
  for (const [target, n] of [...w.lockedOn].sort(([, x], [, y]) => y - x)) {
    console.log(
      `    lock waits on ${target}: ${(n / Math.max(1, w.samples)).toFixed(2)} sessions on average`,
    );
  }
  console.log(`    ledger accounts ${rowLocks(p)}`);
}

export function printPhase(p: Phase): void {
  const s = summary(p);
  const opens = p.latencies.buyOptions?.length ?? 0;
  const closes = p.latencies.closeOptions?.length ?? 0;
  console.log(
    `\n== ${p.label}: mix of 70 % reads, 30 % money calls; ${p.loops} loops; ${p.seconds.toFixed(1)} s measured`,
  );
  console.log(
    `  answered 200   ${String(s.reads.ok + s.money.ok).padStart(6)} = ${s.okPerSecond.toFixed(1)}/s  (reads ${s.reads.perSecond.toFixed(1)}/s, money calls ${s.money.perSecond.toFixed(1)}/s: ${opens} opens, ${closes} closes)`,
  );
  console.log(
    `  reads          p50 ${ms(s.reads.p50).padStart(6)} ms   p99 ${ms(s.reads.p99).padStart(6)} ms`,
  );
  console.log(
    `  money calls    p50 ${ms(s.money.p50).padStart(6)} ms   p99 ${ms(s.money.p99).padStart(6)} ms`,
  );
  console.log(`  refused        ${s.refused}: ${byCode(p.refused)}`);
  console.log(`  no answer      ${s.failed}: ${byCode(p.failed)}`);
  if (p.quoteRefreshes > 0) console.log(`  (plus ${p.quoteRefreshes} quote refreshes, not counted)`);
  const routes = Object.entries(p.latencies).map(([route, l]) => {
    const sorted = [...l].sort((x, y) => x - y);
    return `${route} ${ms(percentile(sorted, 50))}/${ms(percentile(sorted, 99))}`;
  });
  console.log(`  by route, p50/p99 ms: ${routes.join(' · ')}`);
  printCpu(p, s.answered);
  printWaits(p);
}

const ratio = (after: number, before: number) => `${(after / before).toFixed(2)}×`;

export function printComparison(one: Phase, two: Phase): void {
  const a = summary(one);
  const b = summary(two);
  const row = (what: string, x: number, y: number, unit: string, digits = 1) =>
    console.log(
      `  ${what.padEnd(34)} ${x.toFixed(digits).padStart(8)} → ${y.toFixed(digits).padStart(8)} ${unit.padEnd(8)} ${ratio(y, x)}`,
    );
  console.log('\n== 2 nodes ÷ 1 node (same customers, mix, loops and window)');
  row('answered 200 per second', a.okPerSecond, b.okPerSecond, '/s');
  row('reads per second', a.reads.perSecond, b.reads.perSecond, '/s');
  row('money calls per second', a.money.perSecond, b.money.perSecond, '/s');
  row('reads p50', a.reads.p50, b.reads.p50, 'ms');
  row('reads p99', a.reads.p99, b.reads.p99, 'ms');
  row('money calls p50', a.money.p50, b.money.p50, 'ms');
  row('money calls p99', a.money.p99, b.money.p99, 'ms');
  row(
    'node CPU per answered call',
    (a.nodeCpu * 1000) / a.answered,
    (b.nodeCpu * 1000) / b.answered,
    'ms',
    2,
  );
  row(
    'PostgreSQL CPU per answered call',
    (a.pgCpu * 1000) / a.answered,
    (b.pgCpu * 1000) / b.answered,
    'ms',
    2,
  );
  row(
    'machine busy',
    (one.cpu.machineBusy / (one.cpu.seconds * one.cpu.cores)) * 100,
    (two.cpu.machineBusy / (two.cpu.seconds * two.cpu.cores)) * 100,
    '%',
    0,
  );
  const perCallPg = (b.pgCpu * 1000) / b.answered;
  const perCallNode = (b.nodeCpu * 1000) / b.answered;
  console.log(
    `  ceilings of this mix by CPU alone: one core of PostgreSQL ≈ ${(1000 / perCallPg).toFixed(0)} calls/s, one core of node ≈ ${(1000 / perCallNode).toFixed(0)} calls/s`,
  );
}

export function printHot(runs: Phase[]): void {
  console.log(
    `\n== hot account: money calls only (open a contract, then close it), ${runs[0]?.loops ?? 0} loops`,
  );
  console.log(
    `  ${'run'.padEnd(24)} ${'calls/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'refused'.padStart(8)} ${'lock waits'.padStart(11)} ${'node CPU'.padStart(9)} ${'PG CPU'.padStart(7)} ${'busy'.padStart(5)}`,
  );
  for (const p of runs) {
    const s = summary(p);
    const capacity = p.cpu.seconds * p.cpu.cores;
    console.log(
      `  ${p.label.padEnd(24)} ${s.money.perSecond.toFixed(1).padStart(8)} ${ms(s.money.p50).padStart(7)} ${ms(s.money.p99).padStart(7)} ${String(s.refused + s.failed).padStart(8)} ${p.waits.lockWait.toFixed(2).padStart(11)} ${pct(s.nodeCpu / capacity).padStart(9)} ${pct(s.pgCpu / capacity).padStart(7)} ${pct(p.cpu.machineBusy / capacity).padStart(5)}`,
    );
  }
  for (const p of runs) {
    console.log(`  ${p.label}: ledger accounts ${rowLocks(p)}`);
    if (Object.keys(p.refused).length + Object.keys(p.failed).length > 0) {
      console.log(`    refused ${byCode(p.refused)}; no answer ${byCode(p.failed)}`);
    }
  }
  console.log(
    '  lock waits: sessions waiting on a row lock, mean of the samples (pg_stat_activity and pgrowlocks every 100 ms)',
  );
}
