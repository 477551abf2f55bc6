// Devices a customer has signed in from: a random token the browser keeps (localStorage) and sends with the
// next sign-in, stored here only as its hash. A sign-in without a known token is a new device: it gets a
// fresh token, and the customer an e-mail (auth/sign-in.ts); two-factor asks for its code there too.
import { and, eq } from 'drizzle-orm';
import { hashToken, newToken } from '../platform/tokens.ts';
import type { DbOrTx } from '../platform/db.ts';
import { customerDevices } from './tables.ts';

/** Whether `deviceToken` is one `userId` was given at an earlier sign-in; false when absent or another's. */
export async function isKnownDevice(
  db: DbOrTx,
  userId: number,
  deviceToken: string | undefined,
): Promise<boolean> {
  if (!deviceToken) return false;
  const rows = await db
    .select({ id: customerDevices.id })
    .from(customerDevices)
    .where(and(eq(customerDevices.userId, userId), eq(customerDevices.tokenHash, hashToken(deviceToken))))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records a completed sign-in's device: a known token is seen again and kept; anything else (none, unknown,
 * another customer's) is a new device with a new token. A browser shared by two customers so holds the
 * token of whoever signed in last, and the other's next sign-in there counts as new: the safe side.
 */
export async function recordDevice(
  db: DbOrTx,
  userId: number,
  deviceToken: string | undefined,
  now: Date,
): Promise<{ deviceToken: string; known: boolean }> {
  if (deviceToken) {
    const seen = await db
      .update(customerDevices)
      .set({ lastSeenAt: now })
      .where(and(eq(customerDevices.userId, userId), eq(customerDevices.tokenHash, hashToken(deviceToken))))
      .returning({ id: customerDevices.id });
    if (seen.length > 0) return { deviceToken, known: true };
  }
  const fresh = newToken();
  await db
    .insert(customerDevices)
    .values({ userId, tokenHash: hashToken(fresh), createdAt: now, lastSeenAt: now });
  return { deviceToken: fresh, known: false };
}
