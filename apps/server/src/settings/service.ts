// System parameters: read one, write one, and seed the defaults at start.
import { eq } from 'drizzle-orm';
import { codes } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { params } from './tables.ts';
import { defaultParams } from './defaults.ts';

export type Param = { key: string; value: string };

export async function getParam(db: DbOrTx, key: string): Promise<Param> {
  const [row] = await db.select().from(params).where(eq(params.key, key)).limit(1);
  if (!row) throw new AppError(codes.paramsFetchFailed);
  return { key: row.key, value: row.value };
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
