// Withdrawal methods (CONTRACT.md withdrawalType/save|list): checked, card numbers sealed, shown masked.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import {
  codes,
  withdrawalMethodsMax,
  type SaveWithdrawalMethodBody,
  type WithdrawalMethod,
  type WithdrawalNetwork,
} from '@tradewind/contract';
import { AppError, assert } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import type { Secrets } from '../platform/secrets.ts';
import { lockUser } from '../users/lock.ts';
import { checkCardNumber, checkEthAddress, eip55, isTronAddress } from './methods-checks.ts';
import { withdrawalMethods, type WithdrawalMethodRow } from './methods-tables.ts';

/** Associated data of a sealed card number: the ciphertext only opens as this user's. */
export const cardContext = (userId: number) => `withdrawal_methods.card:user:${userId}`;

const invalidField = (field: string, key: string, params?: Record<string, string>) =>
  new AppError(codes.paramsEmpty, {}, { [field]: params ? { key, params } : { key } });

type NewMethod = Omit<typeof withdrawalMethods.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** What a method is, as its fingerprint hashes it (a key rotation recomputes fingerprints from these). */
export const methodIdentity = {
  bank: (bankName: string, holderName: string, digits: string) =>
    JSON.stringify(['bank', bankName, holderName, digits]),
  usdt: (network: string, address: string) => JSON.stringify(['usdt', network, address.toLowerCase()]),
};

function bankValues(
  secrets: Secrets,
  userId: number,
  body: Extract<SaveWithdrawalMethodBody, { type: 'bank' }>,
): { values: NewMethod; identity: string } {
  const card = checkCardNumber(body.cardNumber);
  if (!card.ok) throw invalidField('cardNumber', 'cardNumberInvalid');
  const identity = methodIdentity.bank(body.bankName, body.holderName, card.digits);
  return {
    identity,
    values: {
      type: 'bank',
      bankName: body.bankName,
      holderName: body.holderName,
      cardSealed: secrets.encrypt(card.digits, cardContext(userId)),
      cardLast4: card.digits.slice(-4),
      fingerprint: secrets.fingerprint(identity),
    },
  };
}

/** TRC20 addresses are case-sensitive base58; ERC20 ones are kept in their EIP-55 spelling. */
function usdtAddress(network: WithdrawalNetwork, address: string): string {
  if (network === 'TRC20') {
    if (!isTronAddress(address)) throw invalidField('address', 'addressInvalid', { network });
    return address;
  }
  const check = checkEthAddress(address);
  if (check === 'badChecksum') throw invalidField('address', 'addressChecksum');
  if (check === 'invalid') throw invalidField('address', 'addressInvalid', { network });
  return `0x${eip55(address.slice(2))}`;
}

function usdtValues(
  secrets: Secrets,
  body: Extract<SaveWithdrawalMethodBody, { type: 'usdt' }>,
): { values: NewMethod; identity: string } {
  const address = usdtAddress(body.network, body.address);
  const identity = methodIdentity.usdt(body.network, address);
  return {
    identity,
    values: { type: 'usdt', network: body.network, address, fingerprint: secrets.fingerprint(identity) },
  };
}

/**
 * Saves a method; saving the very same one again answers the one already saved. The cap is checked and
 * kept in one transaction under the customer's row lock: concurrent saves take turns, so the 21st waits,
 * counts 20 and is refused instead of both counting 19.
 */
export async function saveMethod(
  ctx: Ctx,
  secrets: Secrets,
  userId: number,
  body: SaveWithdrawalMethodBody,
): Promise<WithdrawalMethod> {
  const { values, identity } =
    body.type === 'bank' ? bankValues(secrets, userId, body) : usdtValues(secrets, body);
  // Either key's fingerprint during a rotation: a method saved under the old key is still the same one.
  const mine = and(
    eq(withdrawalMethods.userId, userId),
    inArray(withdrawalMethods.fingerprint, secrets.fingerprints(identity)),
  );
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [existing] = await tx.select().from(withdrawalMethods).where(mine).limit(1);
    if (existing) return methodView(existing);
    const [held] = await tx
      .select({ n: count() })
      .from(withdrawalMethods)
      .where(eq(withdrawalMethods.userId, userId));
    if ((held?.n ?? 0) >= withdrawalMethodsMax) {
      throw invalidField('type', 'methodLimit', { max: String(withdrawalMethodsMax) });
    }
    const [saved] = await tx
      .insert(withdrawalMethods)
      .values({ ...values, userId, createdAt: new Date(ctx.clock.now()) })
      .returning();
    assert(saved, 'withdrawal method saved');
    return methodView(saved);
  });
}

export async function listMethods(ctx: Ctx, userId: number): Promise<WithdrawalMethod[]> {
  const rows = await ctx.db
    .select()
    .from(withdrawalMethods)
    .where(eq(withdrawalMethods.userId, userId))
    .orderBy(asc(withdrawalMethods.id))
    .limit(withdrawalMethodsMax * 2);
  return rows.map(methodView);
}

/** The user's method `id`, or undefined when there is none such of theirs. */
export async function methodOf(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<WithdrawalMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalMethods)
    .where(and(eq(withdrawalMethods.id, id), eq(withdrawalMethods.userId, userId)))
    .limit(1);
  return row;
}

const isNetwork = (n: string | null): n is WithdrawalNetwork => n === 'TRC20' || n === 'ERC20';

/** The wire shape: a card by its last four digits only; the sealed number never leaves the server. */
export function methodView(row: WithdrawalMethodRow): WithdrawalMethod {
  if (row.type === 'bank') {
    const cardMasked = `**** ${row.cardLast4 ?? ''}`;
    return {
      id: String(row.id),
      type: 'bank',
      label: `${row.bankName ?? ''} ${cardMasked}`,
      bankName: row.bankName ?? '',
      holderName: row.holderName ?? '',
      cardMasked,
    };
  }
  assert(
    row.type === 'usdt' && isNetwork(row.network) && row.address,
    `withdrawal method ${row.id} is well formed`,
  );
  const short = `${row.address.slice(0, 6)}…${row.address.slice(-4)}`;
  return {
    id: String(row.id),
    type: 'usdt',
    label: `USDT ${row.network} ${short}`,
    network: row.network,
    address: row.address,
  };
}
