// Posting a journal entry: ≥ 2 postings summing to zero per asset, balances moved in the same transaction
// (by the database's postings trigger, migrations/0007_ledger_rules.sql, which also re-checks these rules).
import { inArray } from 'drizzle-orm';
import { isEntryKind, type Book, type EntryKind } from '@tradewind/contract';
import type { Tx } from '../platform/db.ts';
import { assert } from '../platform/errors.ts';
import type { Asset } from '@tradewind/contract/money';
import { accountId, withShards, type AccountKey } from './accounts.ts';
import { journalEntries, ledgerAccounts, postings } from './tables.ts';

export type Line = { account: AccountKey; amountMinor: bigint };
/** `kind` is one of the contract's entry kinds, which both front ends name in every language. */
export type EntryInput = { book: Book; kind: EntryKind; ref: string; memo?: string; lines: Line[] };
export type PostResult = { ok: true; entryId: number } | { ok: false; reason: 'insufficient_funds' };

type Resolved = Line & { id: number };
type Locked = { id: number; ownerType: string; balance: bigint };

/**
 * Each line with the balance its account will hold after it, in the order the postings are written; null
 * when a customer account would end below zero. The database applies them in this order (postings_apply
 * trigger). Within an account credits come before debits, so from a start that is never negative (the
 * CHECK) the running balance is lowest at the end, and checking the end suffices.
 */
function plan(lines: Resolved[], locked: Locked[]): { line: Resolved; balanceAfter: bigint }[] | null {
  const balances = new Map(locked.map((a) => [a.id, a.balance]));
  const byAmountDesc = (a: Resolved, b: Resolved) =>
    a.amountMinor === b.amountMinor ? 0 : a.amountMinor > b.amountMinor ? -1 : 1;
  const ordered = [...lines].sort((a, b) => a.id - b.id || byAmountDesc(a, b));
  const planned = ordered.map((line) => {
    const before = balances.get(line.id);
    assert(before !== undefined, `account ${line.id} is locked`);
    balances.set(line.id, before + line.amountMinor);
    return { line, balanceAfter: before + line.amountMinor };
  });
  const overdrawn = locked.some((a) => a.ownerType === 'user' && (balances.get(a.id) ?? 0n) < 0n);
  return overdrawn ? null : planned;
}

/** One total order of keys, the same in every transaction. */
const keyOrder = (key: AccountKey): string =>
  [
    key.owner,
    key.owner === 'user' ? key.userId : '',
    key.book,
    key.asset,
    key.purpose,
    key.owner === 'platform' ? (key.shard ?? 0) : 0,
  ].join(':');

/**
 * Finds (creating where missing) and locks FOR UPDATE the accounts of `keys`; answers the locked rows and
 * `idOf`, the id of each key's account. Two transactions that each take all their accounts in one such call cannot
 * deadlock on them: accounts are created in key order (an insert waits for another transaction's uncommitted
 * insert of the same key) and locked in id order. A transaction that posts more than one entry takes every
 * account of all of them here first (wallet/deposits-review.ts): locked entry by entry, the second entry's
 * accounts would be taken after the first's, in no common order with another transaction doing the same.
 */
export async function lockAccounts(
  tx: Tx,
  keys: AccountKey[],
  now: Date,
): Promise<{ idOf: (key: AccountKey) => number; locked: Locked[] }> {
  const resolve = withShards(keys);
  const byName = [...new Map(keys.map((key) => [keyOrder(resolve(key)), resolve(key)]))];
  const ids = new Map<string, number>();
  // One after another: a transaction has one connection, and pg does not queue concurrent queries on it.
  for (const [name, key] of byName.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    ids.set(name, await accountId(tx, key, now));
  }
  // Lock in id order so two entries touching the same accounts never deadlock; the balances read under
  // these locks are the ones the postings will move.
  const locked = await tx
    .select({
      id: ledgerAccounts.id,
      ownerType: ledgerAccounts.ownerType,
      balance: ledgerAccounts.balanceMinor,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...ids.values()]))
    .orderBy(ledgerAccounts.id)
    .for('update');
  const idOf = (key: AccountKey) => {
    const id = ids.get(keyOrder(resolve(key)));
    assert(id !== undefined, 'the account was locked');
    return id;
  };
  return { idOf, locked };
}

/**
 * Posts one entry inside the caller's transaction. An unbalanced entry is a programmer error (assertion,
 * and the database refuses it at commit); a customer account that would go negative is an expected failure,
 * answered as a result before anything is written, so the caller may still act in its transaction.
 */
export async function post(tx: Tx, entry: EntryInput, now: Date): Promise<PostResult> {
  assert(entry.lines.length >= 2, 'an entry needs at least two postings');
  // The type says so already; a cast must not get past it, or the apps would show a movement they cannot name.
  assert(isEntryKind(entry.kind), `entry kind ${entry.kind} is one of the contract's entryKinds`);
  const totals = new Map<Asset, bigint>();
  for (const line of entry.lines) {
    assert(line.account.book === entry.book, 'every posting of an entry is in the entry’s book');
    totals.set(line.account.asset, (totals.get(line.account.asset) ?? 0n) + line.amountMinor);
  }
  for (const [asset, total] of totals) assert(total === 0n, `postings of ${asset} sum to ${total}, not 0`);

  const { idOf, locked } = await lockAccounts(
    tx,
    entry.lines.map((l) => l.account),
    now,
  );
  const resolved = entry.lines.map((line) => ({ ...line, id: idOf(line.account) }));
  const planned = plan(resolved, locked);
  // The expected failure is answered before anything is written, so the caller's transaction stays
  // usable; the DB CHECK on customer balances remains the last line should this check ever be wrong.
  if (!planned) return { ok: false, reason: 'insufficient_funds' };

  const [row] = await tx
    .insert(journalEntries)
    .values({ book: entry.book, kind: entry.kind, ref: entry.ref, memo: entry.memo ?? null, createdAt: now })
    .returning({ id: journalEntries.id });
  assert(row, 'journal entry inserted');
  // The postings_apply trigger moves each balance and refuses a balance_after that does not chain.
  for (const { line, balanceAfter } of planned) {
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
