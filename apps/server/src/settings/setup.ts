// What a fresh install still lacks before customers can be told who they deal with: the operator's details
// and the charity's name. Every back-office screen that depends on them asks here (the dashboard warns, the
// channel and auction editors say why opening is refused), and services refuse by the same list.
import { inArray } from 'drizzle-orm';
import type { SetupParamKey } from '@tradewind/contract';
import type { DbOrTx } from '../platform/db.ts';
import { params } from './tables.ts';

/** Of `keys`, those still empty (or missing), in the order asked. */
export async function missingParams<K extends SetupParamKey>(db: DbOrTx, keys: readonly K[]): Promise<K[]> {
  const rows = await db
    .select()
    .from(params)
    .where(inArray(params.key, [...keys]));
  const filled = new Set(rows.filter((r) => r.value.trim() !== '').map((r) => r.key));
  return keys.filter((key) => !filled.has(key));
}
