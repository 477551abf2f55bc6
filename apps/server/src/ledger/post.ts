// Posting a journal entry: ≥ 2 postings summing to zero per asset, balances moved in the same transaction.
import { inArray, sql } from 'drizzle-orm';
import type { Book } from '@tradewind/contract';
import type { Tx } from '../platform/db.ts';
import { assert } from '../platform/errors.ts';
import type { Asset } from '@tradewind/contract/money';
import { accountId, type AccountKey } from './accounts.ts';
import { journalEntries, ledgerAccounts, postings } from './tables.ts';

export type Line = { account: AccountKey; amountMinor: bigint };
export type EntryInput = { book: Book; kind: string; ref: string; memo?: string; lines: Line[] };
export type PostResult = { ok: true; entryId: number } | { ok: false; reason: 'insufficient_funds' };

/** A customer account would go below zero: the DB CHECK refused the update. */
function isNonNegativeViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as { message?: unknown }).message ?? '').includes('ledger_accounts_customer_nonnegative'))
      return true;
    if ((e as { constraint?: unknown }).constraint === 'ledger_accounts_customer_nonnegative') return true;
  }
  return false;
}

/**
 * Posts one entry inside the caller's transaction. An unbalanced entry is a programmer error (assertion);
 * a customer account that would go negative is an expected failure, answered as a result. On that result
 * the caller must abandon its transaction (PostgreSQL has already aborted it).
 */
export async function post(tx: Tx, entry: EntryInput, now: Date): Promise<PostResult> {
  assert(entry.lines.length >= 2, 'an entry needs at least two postings');
  const totals = new Map<Asset, bigint>();
  for (const line of entry.lines) {
    assert(line.account.book === entry.book, 'every posting of an entry is in the entry’s book');
    totals.set(line.account.asset, (totals.get(line.account.asset) ?? 0n) + line.amountMinor);
  }
  for (const [asset, total] of totals) assert(total === 0n, `postings of ${asset} sum to ${total}, not 0`);

  // One after another: a transaction has one connection, and pg does not queue concurrent queries on it.
  const resolved: (Line & { id: number })[] = [];
  for (const line of entry.lines) resolved.push({ ...line, id: await accountId(tx, line.account, now) });
  // Lock in id order so two entries touching the same accounts never deadlock.
  const ids = [...new Set(resolved.map((l) => l.id))].sort((a, b) => a - b);
  await tx.execute(
    sql`select id from ledger_accounts where ${inArray(ledgerAccounts.id, ids)} order by id for update`,
  );

  const [row] = await tx
    .insert(journalEntries)
    .values({ book: entry.book, kind: entry.kind, ref: entry.ref, memo: entry.memo ?? null, createdAt: now })
    .returning({ id: journalEntries.id });
  assert(row, 'journal entry inserted');
  for (const line of resolved.sort((a, b) => a.id - b.id)) {
    let balanceAfter: bigint;
    try {
      const [updated] = await tx
        .update(ledgerAccounts)
        .set({ balanceMinor: sql`${ledgerAccounts.balanceMinor} + ${line.amountMinor}` })
        .where(sql`${ledgerAccounts.id} = ${line.id}`)
        .returning({ balance: ledgerAccounts.balanceMinor });
      assert(updated, 'account updated');
      balanceAfter = updated.balance;
    } catch (err) {
      if (isNonNegativeViolation(err)) return { ok: false, reason: 'insufficient_funds' };
      throw err;
    }
    await tx.insert(postings).values({
      entryId: row.id,
      accountId: line.id,
      asset: line.account.asset,
      amountMinor: line.amountMinor,
      balanceAfterMinor: balanceAfter,
      createdAt: now,
    });
  }
  return { ok: true, entryId: row.id };
}
