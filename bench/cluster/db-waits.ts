// What the bench database's sessions are doing during a measured window, sampled from pg_stat_activity:
// running a statement, waiting on a lock (a row another transaction holds — a hot account), idle inside a
// transaction (holding its locks while the node prepares the next statement), or idle in the pool; and,
// with the pgrowlocks extension, which ledger accounts are locked at each sample: the share of samples in
// which a platform account is held is that row's utilization, and near 100 % it serializes every call
// that posts to it, whatever the number of nodes.
import type pg from 'pg';

export type Waits = {
  samples: number;
  /** Mean sessions per sample in each state. */
  running: number;
  lockWait: number;
  inTransaction: number;
  idle: number;
  /** Lock waits by the statement that waits, summed over the samples. */
  lockedOn: Map<string, number>;
  /** Samples in which each platform ledger account was locked; undefined without pgrowlocks. */
  platformRowsLocked: Map<string, number> | undefined;
  /** Customer ledger accounts locked, summed over the samples. */
  customerRowsLocked: number;
};

/** pgrowlocks in the bench database (contrib, superuser): false when it cannot be had. */
export async function enableRowLocks(client: pg.Client): Promise<boolean> {
  try {
    await client.query('create extension if not exists pgrowlocks');
    return true;
  } catch {
    return false;
  }
}

async function sampleRowLocks(client: pg.Client, waits: Waits): Promise<void> {
  const { rows } = await client.query<{ owner: string; book: string; purpose: string }>(
    `select a.owner_type as owner, a.book, a.purpose
       from pgrowlocks('ledger_accounts') l join ledger_accounts a on a.ctid = l.locked_row`,
  );
  for (const r of rows) {
    if (r.owner !== 'platform') waits.customerRowsLocked++;
    else {
      const name = `platform ${r.book} ${r.purpose}`;
      waits.platformRowsLocked?.set(name, (waits.platformRowsLocked.get(name) ?? 0) + 1);
    }
  }
}

/** The statement a lock wait is in, named for the rows it wants. */
function lockTarget(query: string): string {
  if (/from "ledger_accounts".*for update/is.test(query))
    return 'ledger account rows (post: select … for update)';
  if (/insert into "idempotency_keys"/i.test(query)) return 'idempotency key';
  return query.replace(/\s+/g, ' ').slice(0, 60);
}

/** Samples every `everyMs` until the returned stop is called; `client` is the runner's own connection. */
export function sampleWaits(
  client: pg.Client,
  database: string,
  opts: { rowLocks: boolean; everyMs: number },
): () => Promise<Waits> {
  const waits: Waits = {
    samples: 0,
    running: 0,
    lockWait: 0,
    inTransaction: 0,
    idle: 0,
    lockedOn: new Map(),
    platformRowsLocked: opts.rowLocks ? new Map() : undefined,
    customerRowsLocked: 0,
  };
  let stopped = false;
  const sample = async () => {
    const { rows } = await client.query<{ state: string | null; wait: string | null; query: string }>(
      `select state, wait_event_type as wait, left(query, 300) as query from pg_stat_activity
        where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()`,
      [database],
    );
    waits.samples++;
    for (const r of rows) {
      if (r.state === 'active' && r.wait === 'Lock') {
        waits.lockWait++;
        const target = lockTarget(r.query);
        waits.lockedOn.set(target, (waits.lockedOn.get(target) ?? 0) + 1);
      } else if (r.state === 'active') waits.running++;
      else if (r.state?.startsWith('idle in transaction')) waits.inTransaction++;
      else waits.idle++;
    }
    if (opts.rowLocks) await sampleRowLocks(client, waits);
  };
  // A failed sample fails the measurement when it is stopped, not the process in between.
  const loop = (async () => {
    while (!stopped) {
      await sample();
      await new Promise((r) => setTimeout(r, opts.everyMs));
    }
  })();
  loop.catch(() => undefined);
  return async () => {
    stopped = true;
    await loop;
    const n = Math.max(1, waits.samples);
    return {
      ...waits,
      running: waits.running / n,
      lockWait: waits.lockWait / n,
      inTransaction: waits.inTransaction / n,
      idle: waits.idle / n,
    };
  };
}
