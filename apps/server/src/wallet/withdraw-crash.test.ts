// A server killed with SIGKILL while withdrawals, approvals and rejections are in flight leaves a sound ledger:
// every withdrawal row with its hold, no hold without a row, every decision with its one settlement.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditLedger } from '../ledger/service.ts';
import { openDatabase, queryRows, type Database } from '../platform/db.ts';
import * as schema from '../schema.ts';
import { durableStore } from '../test/harness.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const childScript = path.resolve(here, '../test/withdraw-crash-child.ts');
const funds = '1000';

let store: Awaited<ReturnType<typeof durableStore>>;
beforeAll(async () => {
  store = await durableStore();
});
afterAll(async () => store.dispose());

/** Runs the child until it has answered `answers` requests, then kills it mid-stream. */
async function runAndKill(answers: number): Promise<{ lines: string[]; signal: NodeJS.Signals | null }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: store.config.dataDir, CRASH_FUNDS: funds };
  if (store.config.databaseUrl) env.DATABASE_URL = store.config.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  let buffered = '';
  let killScheduled = false;
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    const answered = lines.filter((l) => l !== 'READY').length;
    // A random moment after the threshold: within a password check, a transaction, or between the two.
    if (answered >= answers && !killScheduled) {
      killScheduled = true;
      setTimeout(() => child.kill('SIGKILL'), Math.floor(Math.random() * 80));
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  const signal = await exited;
  clearTimeout(timer);
  if (!lines.includes('READY')) throw new Error(`the child never got ready:\n${stderr}`);
  return { lines, signal };
}

const count = async (db: Database['db'], query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(db, query))[0]?.n ?? '-1');

describe('a crash in the middle of withdrawals', () => {
  it(
    'leaves the ledger balanced and every withdrawal with exactly its entries',
    { timeout: 200_000 },
    async () => {
      const { lines, signal } = await runAndKill(40);
      expect(signal).toBe('SIGKILL');
      expect(lines.filter((l) => l.startsWith('withdraw 200')).length).toBeGreaterThan(10);

      const database = await openDatabase(store.config, schema);
      try {
        const db = database.db;
        expect(await auditLedger(db)).toMatchObject({
          balanced: true,
          negativeCustomerAccounts: 0,
          accountsMatchingPostings: true,
        });
        expect(await count(db, sql`select count(*)::text as n from withdrawals`)).toBeGreaterThan(10);
        // Every row has its own hold entry...
        expect(
          await count(
            db,
            sql`select count(*)::text as n from withdrawals w left join journal_entries e on e.id = w.hold_entry_id
              where e.id is null or e.kind <> 'withdrawal_hold' or e.ref <> 'withdrawal:' || w.id`,
          ),
        ).toBe(0);
        // ...and no hold entry is without its row.
        expect(
          await count(
            db,
            sql`select count(*)::text as n from journal_entries e where e.kind = 'withdrawal_hold'
              and not exists (select 1 from withdrawals w where w.hold_entry_id = e.id)`,
          ),
        ).toBe(0);
        // A decided withdrawal has exactly one settlement of its kind; a pending one has none.
        expect(
          await count(
            db,
            sql`select count(*)::text as n from withdrawals w where
              (select count(*) from journal_entries e where e.ref = 'withdrawal:' || w.id and e.kind <> 'withdrawal_hold')
              <> case when w.status = 'pending' then 0 else 1 end
              or (w.status = 'pending') <> (w.settle_entry_id is null)`,
          ),
        ).toBe(0);
        // Money is conserved for the customer: funded = cash + hold + what was paid out.
        const [sums] = await queryRows<{ cash: string; hold: string; paid: string; held: string }>(
          db,
          sql`select
              (select coalesce(sum(balance_minor), 0)::text from ledger_accounts where owner_type = 'user' and book = 'real' and purpose = 'cash') as cash,
              (select coalesce(sum(balance_minor), 0)::text from ledger_accounts where owner_type = 'user' and book = 'real' and purpose = 'withdrawal_hold') as hold,
              (select coalesce(sum(amount_minor), 0)::text from withdrawals where status = 'approved') as paid,
              (select coalesce(sum(amount_minor), 0)::text from withdrawals where status = 'pending') as held`,
        );
        expect(sums).toBeDefined();
        const { cash = '0', hold = '0', paid = '0', held = '0' } = sums ?? {};
        expect(BigInt(hold)).toBe(BigInt(held));
        expect(BigInt(cash) + BigInt(hold) + BigInt(paid)).toBe(BigInt(funds) * 1_000_000n);
      } finally {
        await database.close();
      }
    },
  );
});
