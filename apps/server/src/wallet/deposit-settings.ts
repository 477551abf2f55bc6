// The deposit-claim parameters (settings/defaults.ts), read through the caller's handle so a claim checks
// the values in force in its own transaction.
import { codes } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { getParam } from '../settings/service.ts';

export type DepositSettings = {
  /** How many claims one customer may have waiting for review (10115 beyond). */
  pendingMax: number;
  /** How far the locked rate may be from the rate the form showed, in basis points (10112 beyond). */
  rateToleranceBps: number;
};

const count = (text: string, min: number, max: number): number | undefined =>
  /^\d{1,6}$/.test(text) && Number(text) >= min && Number(text) <= max ? Number(text) : undefined;

/** Both parameters, or 10018 when one is missing or malformed: claims stop rather than run on a guess. */
export async function depositSettings(db: DbOrTx): Promise<DepositSettings> {
  const read = async (key: string) => (await getParam(db, key)).value.trim();
  const pendingMax = count(await read('deposit_pending_max'), 1, 1000);
  const rateToleranceBps = count(await read('deposit_rate_tolerance_bps'), 0, 1000);
  if (pendingMax === undefined || rateToleranceBps === undefined) throw new AppError(codes.paramsFetchFailed);
  return { pendingMax, rateToleranceBps };
}
