// CPU time of the parts of a cluster, read from /proc (Linux only): each process's utime + stime, grouped by
// what it is (a node, the load generator, Redis, PostgreSQL's backends of the bench's database, its other
// processes), and the machine's busy time over all cores, so that whatever else runs on the machine shows
// as the difference. PostgreSQL runs as another user; /proc/<pid>/stat is world-readable, so the bench
// reads its processes without privileges.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ; 100 on every common build). */
const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

type Times = { self: number; children: number };

/** utime + stime, and cutime + cstime (children waited for), in seconds; undefined once the process is gone. */
function timesOf(pid: number): Times | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(fields[i] ?? 0) / ticksPerSecond;
    return { self: n(11) + n(12), children: n(13) + n(14) };
  } catch {
    return undefined;
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** Busy and total CPU seconds of the machine, summed over all cores (/proc/stat's first line). */
function machineTimes(): { busy: number; total: number } {
  const [, ...values] = readText('/proc/stat').split('\n')[0]?.trim().split(/\s+/) ?? [];
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = values.map(
    (v) => Number(v) / ticksPerSecond,
  );
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

export const pgGroups = {
  ours: 'PostgreSQL backends of the bench database',
  background: 'PostgreSQL background (postmaster, writers)',
  others: "PostgreSQL backends of other databases (others' work)",
  exited: 'PostgreSQL backends that exited (any database)',
} as const;

/** The postmaster's title is its command line; every process it starts renames itself "postgres: ...". */
const postmaster = 'postmaster';

/** Every PostgreSQL server process, in one of the three groups; `ignore`: the runner's own connection. */
function postgresProcesses(database: string, ignore: ReadonlySet<number>): Map<number, string> {
  const out = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (ignore.has(pid) || readText(`/proc/${pid}/comm`).trim() !== 'postgres') continue;
    // A backend's title: "postgres: [cluster:] <user> <database> <host(port)> <state>".
    const title = readText(`/proc/${pid}/cmdline`).replaceAll('\0', ' ');
    const words = title.split(' ');
    const at = words.findIndex((w) => /\(\d+\)$/.test(w) || w === '[local]');
    if (!title.startsWith('postgres: ')) out.set(pid, postmaster);
    else if (at < 2) out.set(pid, pgGroups.background);
    else out.set(pid, words[at - 1] === database ? pgGroups.ours : pgGroups.others);
  }
  return out;
}

/** The pid of the redis-server listening on `port`, if it runs. */
export function redisPid(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (readText(`/proc/${entry}/comm`).trim() !== 'redis-server') continue;
    if (readText(`/proc/${entry}/cmdline`).includes(`:${port}`)) return Number(entry);
  }
  return undefined;
}

export type Snapshot = {
  atMs: number;
  machine: { busy: number; total: number };
  procs: Map<number, { group: string; times: Times }>;
};

/** Times of the named process groups and of every PostgreSQL process, at one moment. */
export function snapshot(
  groups: ReadonlyArray<[group: string, pids: readonly number[]]>,
  pg: { database: string; ignore: ReadonlySet<number> },
): Snapshot {
  const procs = new Map<number, { group: string; times: Times }>();
  const add = (pid: number, group: string) => {
    const times = timesOf(pid);
    if (times) procs.set(pid, { group, times });
  };
  for (const [group, pids] of groups) for (const pid of pids) add(pid, group);
  for (const [pid, group] of postgresProcesses(pg.database, pg.ignore)) add(pid, group);
  return { atMs: performance.now(), machine: machineTimes(), procs };
}

export type CpuUse = {
  seconds: number;
  cores: number;
  /** CPU seconds by group, over the window. */
  byGroup: Map<string, number>;
  /** CPU seconds the whole machine was busy. */
  machineBusy: number;
  /** Backends of the bench database that ended in the window (their time is among the exited ones). */
  oursEnded: number;
};

/**
 * CPU seconds each group used between two snapshots. A process started in between counts whole; one that
 * ended in between is lost, except PostgreSQL backends, whose time the postmaster collects as its
 * children's (a group of their own: the postmaster does not say which database they served).
 */
export function cpuBetween(a: Snapshot, b: Snapshot, cores: number): CpuUse {
  const byGroup = new Map<string, number>();
  const add = (group: string, seconds: number) => byGroup.set(group, (byGroup.get(group) ?? 0) + seconds);
  for (const [pid, { group, times }] of b.procs) {
    const before = a.procs.get(pid)?.times ?? { self: 0, children: 0 };
    if (group !== postmaster) add(group, times.self - before.self);
    else {
      add(pgGroups.background, times.self - before.self);
      add(pgGroups.exited, times.children - before.children);
    }
  }
  const oursEnded = [...a.procs].filter(([pid, p]) => p.group === pgGroups.ours && !b.procs.has(pid)).length;
  return {
    oursEnded,
    seconds: (b.atMs - a.atMs) / 1000,
    cores,
    byGroup,
    machineBusy: b.machine.busy - a.machine.busy,
  };
}
