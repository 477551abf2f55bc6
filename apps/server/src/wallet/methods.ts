// Withdrawal methods (CONTRACT.md withdrawalType/save|list): checked, card numbers sealed, shown masked.
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
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
import { verifyPassword } from '../platform/passwords.ts';
import { isLocale } from '@tradewind/i18n/locales';
import { mailText } from '../platform/i18n.ts';
import { users } from '../users/tables.ts';
import { assertSecondFactor } from '../auth/second-factor.ts';
import { mailCustomer } from '../auth/customer-mail.ts';
import { cooldownMs, messageTime } from './withdraw-cooldown.ts';
import { checkCardNumber, checkEthAddress, eip55, isTronAddress } from './methods-checks.ts';
import { withdrawalMethods, type WithdrawalMethodRow } from './methods-tables.ts';

/** Associated data of a sealed card number: the ciphertext only opens as this user's. */
export const cardContext = (userId: number) => `withdrawal_methods.card:user:${userId}`;

const invalidField = (field: string, key: string, params?: Record<string, string>) =>
  new AppError(codes.paramsEmpty, {}, { [field]: params ? { key, params } : { key } });

type NewMethod = Omit<typeof withdrawalMethods.$inferInsert, 'id' | 'userId' | 'createdAt' | 'usableAt'>;

/** Methods not removed by their owner: the only ones listed, counted against the cap or withdrawn to. */
const live = isNull(withdrawalMethods.removedAt);

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

type Owner = { email: string; locale: string; passwordHash: string };

/** The login password, as a withdrawal asks it: 10036 when empty, 10143 when wrong (the customer is signed in). */
async function ownerWithPassword(ctx: Ctx, userId: number, password: string | undefined): Promise<Owner> {
  const [owner] = await ctx.db
    .select({ email: users.email, locale: users.locale, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  assert(owner, `user ${userId} of a live session exists`);
  if (!password) throw new AppError(codes.enterLoginPassword);
  if (!(await verifyPassword(owner.passwordHash, password))) throw new AppError(codes.passwordIncorrect);
  return owner;
}

/**
 * Saves a method after the login password and, when it is on, the second factor (its code is taken in the
 * save's transaction: a save refused later, at the cap, gives it back). Saving the very same one again answers
 * the one already saved, its cool-down unchanged. A new one (a changed destination is a new one) is usable
 * `withdraw_method_cooldown_h` later, and the owner is mailed. The cap is checked and kept in one transaction
 * under the customer's row lock: concurrent saves take turns, so the 21st waits, counts 20 and is refused
 * instead of both counting 19.
 */
export async function saveMethod(
  ctx: Ctx,
  secrets: Secrets,
  userId: number,
  body: SaveWithdrawalMethodBody,
): Promise<WithdrawalMethod> {
  const { values, identity } =
    body.type === 'bank' ? bankValues(secrets, userId, body) : usdtValues(secrets, body);
  const owner = await ownerWithPassword(ctx, userId, body.password);
  // Either key's fingerprint during a rotation: a method saved under the old key is still the same one.
  const mine = and(
    eq(withdrawalMethods.userId, userId),
    inArray(withdrawalMethods.fingerprint, secrets.fingerprints(identity)),
    live,
  );
  const added = await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await assertSecondFactor(ctx, tx, { id: userId }, { otp: body.otp });
    const [existing] = await tx.select().from(withdrawalMethods).where(mine).limit(1);
    if (existing) return { row: existing, isNew: false };
    const [held] = await tx
      .select({ n: count() })
      .from(withdrawalMethods)
      .where(and(eq(withdrawalMethods.userId, userId), live));
    if ((held?.n ?? 0) >= withdrawalMethodsMax) {
      throw invalidField('type', 'methodLimit', { max: String(withdrawalMethodsMax) });
    }
    const now = ctx.clock.now();
    const usableAt = new Date(now + (await cooldownMs(tx)));
    const [saved] = await tx
      .insert(withdrawalMethods)
      .values({ ...values, userId, createdAt: new Date(now), usableAt })
      .returning();
    assert(saved, 'withdrawal method saved');
    return { row: saved, isNew: true };
  });
  const view = methodView(added.row);
  if (added.isNew) await mailMethodAdded(ctx, owner, view);
  return view;
}

/**
 * Tells the owner a payout method was added and from when it is usable: someone else who added it is found
 * out within the cool-down. Sent after the commit; a failed send is logged and the method stays (the
 * cool-down, not the mail, is what holds the money back).
 */
async function mailMethodAdded(ctx: Ctx, owner: Owner, method: WithdrawalMethod): Promise<void> {
  const locale = isLocale(owner.locale) ? owner.locale : 'en';
  const params = { method: method.label, time: messageTime(method.usableAt) };
  const text = `${mailText(locale, 'payoutMethodBody', params)}\n\n${mailText(locale, 'signature', {})}\n`;
  try {
    const subject = mailText(locale, 'payoutMethodSubject', params);
    await mailCustomer(ctx, owner.email, { subject, text }, locale);
  } catch (err) {
    ctx.log.error({ err }, 'payout method mail failed');
  }
}

/**
 * Removes the customer's method `id` at once (10025 when there is none such of theirs). Under the customer's
 * row lock, which a withdrawal holds while it reads its method: a withdrawal placed concurrently came either
 * wholly before the removal or after it, and then it is refused (10025).
 */
export async function removeMethod(ctx: Ctx, userId: number, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const removed = await tx
      .update(withdrawalMethods)
      .set({ removedAt: new Date(ctx.clock.now()) })
      .where(and(eq(withdrawalMethods.id, id), eq(withdrawalMethods.userId, userId), live))
      .returning({ id: withdrawalMethods.id });
    if (removed.length === 0) throw new AppError(codes.withdrawMethodRequired);
  });
}

export async function listMethods(ctx: Ctx, userId: number): Promise<WithdrawalMethod[]> {
  const rows = await ctx.db
    .select()
    .from(withdrawalMethods)
    .where(and(eq(withdrawalMethods.userId, userId), live))
    .orderBy(asc(withdrawalMethods.id))
    .limit(withdrawalMethodsMax * 2);
  return rows.map(methodView);
}

/** The user's live method `id`, or undefined when there is none such of theirs (or it was removed). */
export async function methodOf(
  db: DbOrTx,
  userId: number,
  id: number,
): Promise<WithdrawalMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawalMethods)
    .where(and(eq(withdrawalMethods.id, id), eq(withdrawalMethods.userId, userId), live))
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
      usableAt: row.usableAt.getTime(),
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
    usableAt: row.usableAt.getTime(),
  };
}
