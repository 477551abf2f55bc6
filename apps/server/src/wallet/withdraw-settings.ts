// The withdrawal parameters (settings/defaults.ts), read and checked together through the caller's handle,
// so a withdrawal placed in a transaction uses the values in force in that transaction.
import { codes } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { getParam } from '../settings/service.ts';
import { parseFeeRatePpm } from './withdraw-fee.ts';

const scale = assets.USDT.scale;

export type WithdrawalSettings = {
  feeRatePpm: number;
  /** Below this amount a withdrawal is refused (10120). */
  amountMinMinor: bigint;
  /** The least fee any withdrawal pays. */
  feeMinMinor: bigint;
  /** How many withdrawals one customer may have waiting for review (10121 beyond). */
  pendingMax: number;
};

/** A USDT amount ≥ 0 with at most the asset's decimals, or undefined. */
function usdtMinor(text: string): bigint | undefined {
  const minor = tryParseDecimal(text, scale);
  return minor !== undefined && minor >= 0n ? minor : undefined;
}

function positiveCount(text: string): number | undefined {
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : undefined;
}

/**
 * Every withdrawal parameter, or 10018 when one is missing or malformed (an operator's mistake must stop
 * withdrawals rather than let one through on a guess). The minimum amount must exceed the minimum fee, or
 * a withdrawal at the minimum would deliver nothing.
 */
export async function withdrawalSettings(db: DbOrTx): Promise<WithdrawalSettings> {
  const read = async (key: string) => (await getParam(db, key)).value.trim();
  const feeRatePpm = parseFeeRatePpm(await read('withdraw_fee_rate'));
  const amountMinMinor = usdtMinor(await read('withdraw_amount_min'));
  const feeMinMinor = usdtMinor(await read('withdraw_fee_min'));
  const pendingMax = positiveCount(await read('withdraw_pending_max'));
  if (
    feeRatePpm === undefined ||
    amountMinMinor === undefined ||
    feeMinMinor === undefined ||
    pendingMax === undefined ||
    amountMinMinor <= feeMinMinor
  ) {
    throw new AppError(codes.paramsFetchFailed);
  }
  return { feeRatePpm, amountMinMinor, feeMinMinor, pendingMax };
}
