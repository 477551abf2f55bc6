// System parameters: read one, write one, and seed the defaults at start.
import { eq } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { params } from './tables.ts';
import { defaultParams } from './defaults.ts';

export type Param = { key: string; value: string };

/** A parameter, or undefined when no row has the key. */
export async function findParam(db: DbOrTx, key: string): Promise<Param | undefined> {
  const [row] = await db.select().from(params).where(eq(params.key, key)).limit(1);
  return row ? { key: row.key, value: row.value } : undefined;
}

/** A parameter the server relies on: a missing one is the server's fault (10018, HTTP 500). */
export async function getParam(db: DbOrTx, key: string): Promise<Param> {
  const param = await findParam(db, key);
  if (!param) throw new AppError(codes.paramsFetchFailed);
  return param;
}

export async function setParam(db: DbOrTx, key: string, value: string, now: Date): Promise<void> {
  await db
    .insert(params)
    .values({ key, value, updatedAt: now })
    .onConflictDoUpdate({ target: params.key, set: { value, updatedAt: now } });
}

/**
 * Inserts every default whose key is missing, on every start: a parameter added by a later release reaches
 * existing installs, and a value an operator changed is never overwritten.
 */
export async function seedSettings(db: DbOrTx, now: Date): Promise<void> {
  await db
    .insert(params)
    .values(Object.entries(defaultParams).map(([key, value]) => ({ key, value, updatedAt: now })))
    .onConflictDoNothing();
}
