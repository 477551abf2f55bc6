// Idempotency-Key on every money-moving POST (DESIGN.md §1.2, CONTRACT.md "Request headers").
// The key row is written in the same transaction as the business rows and the ledger entry, so a crash
// leaves either everything or nothing; a concurrent duplicate waits on the key's unique index and then
// replays the stored answer. A business-rule failure is stored too, so a retry gets the same answer
// (except a changed-terms refusal: see keepsKeyUnspent). Customers' keys and admins' keys (the back office's
// money-moving POSTs) are stored apart, each by its owner.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codes, type Envelope } from '@tradewind/contract';
import { AppError } from './errors.ts';
import { messageFor } from './i18n.ts';
import type { Ctx } from './context.ts';
import type { DbOrTx, Tx } from './db.ts';
import { adminIdempotencyKeys, idempotencyKeys } from './idempotency-tables.ts';

export const keyRetentionMs = 48 * 60 * 60_000;

function keyOf(req: FastifyRequest): string {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key || key.length < 8 || key.length > 128 || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError(codes.paramsEmpty, {}, { 'Idempotency-Key': { key: 'required' } });
  }
  return key;
}

/** Canonical JSON (sorted keys) so that the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

type Stored = { status: number; body: Envelope<unknown> };

/**
 * Refusals that are not stored under the key, so a retry runs afresh: 10110 belongs to another request's
 * key, and 10112 (terms changed) asks the customer to look at the new terms and confirm again, which the
 * client may do under the same key (with the new terms in the body) without meeting 10110.
 */
const keepsKeyUnspent: ReadonlySet<string> = new Set([codes.idempotencyKeyReused, codes.termsChanged]);

type KeyRow = { key: string; requestHash: string; status: number; body: unknown; createdAt: Date };

/** One owner's keys: a customer's (idempotency_keys) or an admin's (admin_idempotency_keys). */
type KeyStore = {
  find(db: DbOrTx, key: string): Promise<Omit<KeyRow, 'key' | 'createdAt'> | undefined>;
  /** Inserts the row unless the key is taken; true when this call inserted it. */
  claim(db: DbOrTx, row: KeyRow): Promise<boolean>;
  answer(tx: Tx, key: string, status: number, body: unknown): Promise<void>;
};

function customerKeys(userId: number): KeyStore {
  const mine = (key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return {
    find: async (db, key) => (await db.select().from(idempotencyKeys).where(mine(key)).limit(1))[0],
    claim: async (db, row) =>
      (
        await db
          .insert(idempotencyKeys)
          .values({ userId, ...row })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key })
      ).length > 0,
    answer: async (tx, key, status, body) => {
      await tx.update(idempotencyKeys).set({ status, body }).where(mine(key));
    },
  };
}

function adminKeys(adminId: number): KeyStore {
  const mine = (key: string) =>
    and(eq(adminIdempotencyKeys.adminId, adminId), eq(adminIdempotencyKeys.key, key));
  return {
    find: async (db, key) => (await db.select().from(adminIdempotencyKeys).where(mine(key)).limit(1))[0],
    claim: async (db, row) =>
      (
        await db
          .insert(adminIdempotencyKeys)
          .values({ adminId, ...row })
          .onConflictDoNothing()
          .returning({ key: adminIdempotencyKeys.key })
      ).length > 0,
    answer: async (tx, key, status, body) => {
      await tx.update(adminIdempotencyKeys).set({ status, body }).where(mine(key));
    },
  };
}

async function replay(
  ctx: Ctx,
  store: KeyStore,
  key: string,
  requestHash: string,
): Promise<Stored | undefined> {
  const row = await store.find(ctx.db, key);
  if (!row) return undefined;
  if (row.requestHash !== requestHash) throw new AppError(codes.idempotencyKeyReused);
  return { status: row.status, body: row.body as Envelope<unknown> };
}

/**
 * Whether this customer's request repeats one already answered under its Idempotency-Key (a client's retry):
 * such a retry is not a new attempt for a rate limit in front of the route (the password tries, M-2), since
 * it only gets its first answer back. No key, or a key not used yet: false.
 */
export async function answeredBefore(ctx: Ctx, req: FastifyRequest, userId: number): Promise<boolean> {
  const raw = req.headers['idempotency-key'];
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  if (!key) return false;
  return (await customerKeys(userId).find(ctx.db, key)) !== undefined;
}

type Work<T> = (tx: Tx) => Promise<{ result: T; messageCode?: (typeof codes)[keyof typeof codes] }>;

/**
 * Runs `work` once per (user, key). `fingerprint` is what makes two requests "the same": route, book
 * and the parsed body (routes with files pass the files' hashes). The answer is sent on `reply`.
 */
export function idempotent<T>(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  fingerprint: unknown,
  work: Work<T>,
): Promise<FastifyReply> {
  return once(ctx, req, reply, customerKeys(userId), fingerprint, work);
}

/** The same for a back-office money-moving POST, once per (admin, key). */
export function idempotentAdmin<T>(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  adminId: number,
  fingerprint: unknown,
  work: Work<T>,
): Promise<FastifyReply> {
  return once(ctx, req, reply, adminKeys(adminId), fingerprint, work);
}

async function once<T>(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  store: KeyStore,
  fingerprint: unknown,
  work: Work<T>,
): Promise<FastifyReply> {
  const key = keyOf(req);
  const requestHash = createHash('sha256')
    .update(canonical({ route: req.routeOptions.url, fingerprint }))
    .digest('hex');
  const earlier = await replay(ctx, store, key, requestHash);
  if (earlier) return reply.status(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);

  const now = new Date(ctx.clock.now());
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const claimed = await store.claim(tx, { key, requestHash, status: 0, body: {}, createdAt: now });
      if (!claimed) return undefined; // a concurrent duplicate committed first
      const { result, messageCode } = await work(tx);
      const body: Envelope<T> = {
        code: codes.ok,
        message: messageFor(messageCode ?? codes.ok, req.locale),
        result,
      };
      await store.answer(tx, key, 200, body);
      return body;
    });
    if (answer) return reply.status(200).send(answer);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500 || keepsKeyUnspent.has(err.code)) throw err;
    // Stored outside the failed transaction, so a retry gets the same refusal.
    const body = { code: err.code, message: messageFor(err.code, req.locale, err.params), result: null };
    await store.claim(ctx.db, { key, requestHash, status: err.status, body, createdAt: now });
    throw err;
  }
  const stored = await replay(ctx, store, key, requestHash);
  if (!stored) throw new AppError(codes.unknown);
  return reply.status(stored.status).header('idempotent-replayed', 'true').send(stored.body);
}

/** Keys are kept at least 24 h (CONTRACT.md); older ones are removed by a periodic job. */
export async function pruneIdempotencyKeys(ctx: Ctx): Promise<void> {
  const before = new Date(ctx.clock.now() - keyRetentionMs);
  await ctx.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
  await ctx.db.delete(adminIdempotencyKeys).where(lt(adminIdempotencyKeys.createdAt, before));
}
