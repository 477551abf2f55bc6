// Key rotation (README "Rotating SECRET_KEY"): every withdrawal method's card number re-sealed under the
// current key and every fingerprint recomputed under it, one row per transaction under its row lock, so
// nodes keep serving while it runs (they read either key while SECRET_KEY_PREVIOUS is set). Running it again
// finds nothing to do; a row that opens under neither key is reported and left as it is.
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import type { Secrets } from '../platform/secrets.ts';
import { withdrawalMethods, type WithdrawalMethodRow } from './methods-tables.ts';
import { cardContext, methodIdentity } from './methods.ts';

export type RotationResult = {
  checked: number;
  resealed: number;
  refingerprinted: number;
  unreadable: number[];
};

/** The row as it should read under the current key; undefined when it already does. */
function rotated(
  row: WithdrawalMethodRow,
  secrets: Secrets,
): Pick<WithdrawalMethodRow, 'cardSealed' | 'fingerprint'> | undefined {
  let cardSealed = row.cardSealed;
  let identity: string;
  if (row.cardSealed !== null) {
    const context = cardContext(row.userId);
    const digits = secrets.decrypt(row.cardSealed, context);
    if (!secrets.sealedUnderCurrent(row.cardSealed, context)) cardSealed = secrets.encrypt(digits, context);
    identity = methodIdentity.bank(row.bankName ?? '', row.holderName ?? '', digits);
  } else {
    identity = methodIdentity.usdt(row.network ?? '', row.address ?? '');
  }
  const fingerprint = secrets.fingerprint(identity);
  if (cardSealed === row.cardSealed && fingerprint === row.fingerprint) return undefined;
  return { cardSealed, fingerprint };
}

export async function rotateMethodSecrets(
  db: Db,
  secrets: Secrets,
  opts: { batch?: number } = {},
): Promise<RotationResult> {
  const result: RotationResult = { checked: 0, resealed: 0, refingerprinted: 0, unreadable: [] };
  let afterId = 0;
  for (;;) {
    const ids = await db
      .select({ id: withdrawalMethods.id })
      .from(withdrawalMethods)
      .where(gt(withdrawalMethods.id, afterId))
      .orderBy(asc(withdrawalMethods.id))
      .limit(opts.batch ?? 200);
    if (ids.length === 0) return result;
    for (const { id } of ids) {
      afterId = id;
      result.checked++;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(withdrawalMethods)
          .where(eq(withdrawalMethods.id, id))
          .for('update');
        if (!row) return;
        let next;
        try {
          next = rotated(row, secrets);
        } catch {
          result.unreadable.push(id);
          return;
        }
        if (!next) return;
        await tx.update(withdrawalMethods).set(next).where(eq(withdrawalMethods.id, id));
        if (next.cardSealed !== row.cardSealed) result.resealed++;
        if (next.fingerprint !== row.fingerprint) result.refingerprinted++;
      });
    }
  }
}
