// The account a login names, for its rate-limit window (L-2): a user name and the e-mail of one account
// share one window, so naming the account both ways does not double the guesses it allows.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../platform/db.ts';
import { users } from '../users/tables.ts';

/** `user:<id>` for a known account, by name or e-mail; otherwise the name as typed, normalized. */
export async function loginWindowKey(db: DbOrTx, named: string): Promise<string> {
  const value = named.trim().toLowerCase();
  if (value === '') return 'name:';
  const column = value.includes('@') ? users.email : users.userName;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${column})`, value))
    .limit(1);
  return row ? `user:${row.id}` : `name:${value}`;
}
