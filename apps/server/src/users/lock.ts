// One customer's requests that check a per-customer count and then insert ("at most 20 methods", "at most 5
// withdrawals pending") take turns on the customer's row, so the count they check is the count they leave.
import { sql } from 'drizzle-orm';
import { assert } from '../platform/errors.ts';
import { queryRows, type Tx } from '../platform/db.ts';

/**
 * Locks the user's row until the transaction ends; a second caller for the same user waits here. `FOR NO
 * KEY UPDATE`, not `FOR UPDATE`: it does not block the key-share locks that inserting rows referencing the
 * user takes (sessions, ledger accounts, idempotency keys), only other lockers of the same row. Take it
 * first in the transaction, before ledger account locks, so the order is the same everywhere.
 */
export async function lockUser(tx: Tx, userId: number): Promise<void> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id::text as id from users where id = ${userId} for no key update`,
  );
  assert(rows.length === 1, `user ${userId} exists to be locked`);
}
