// Idempotency-Key on every money-moving POST (DESIGN.md §1.2, CONTRACT.md "Request headers").
// The key row is written in the same transaction as the business rows and the ledger entry, so a crash
// leaves either everything or nothing; a concurrent duplicate waits on the key's unique index and then
// replays the stored answer. A business-rule failure is stored too, so a retry gets the same answer
// (except a changed-terms refusal: see keepsKeyUnspent).
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codes, type Envelope } from '@tradewind/contract';
import { AppError } from './errors.ts';
import { messageFor } from './i18n.ts';
import type { Ctx } from './context.ts';
import type { Tx } from './db.ts';
import { idempotencyKeys } from './idempotency-tables.ts';

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

async function replay(
  ctx: Ctx,
  userId: number,
  key: string,
  requestHash: string,
): Promise<Stored | undefined> {
  const [row] = await ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
    .limit(1);
  if (!row) return undefined;
  if (row.requestHash !== requestHash) throw new AppError(codes.idempotencyKeyReused);
  return { status: row.status, body: row.body as Envelope<unknown> };
}

/**
 * Runs `work` once per (user, key). `fingerprint` is what makes two requests "the same": route, book
 * and the parsed body (routes with files pass the files' hashes). The answer is sent on `reply`.
 */
export async function idempotent<T>(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  fingerprint: unknown,
  work: (tx: Tx) => Promise<{ result: T; messageCode?: (typeof codes)[keyof typeof codes] }>,
): Promise<FastifyReply> {
  const key = keyOf(req);
  const requestHash = createHash('sha256')
    .update(canonical({ route: req.routeOptions.url, fingerprint }))
    .digest('hex');
  const earlier = await replay(ctx, userId, key, requestHash);
  if (earlier) return reply.status(earlier.status).header('idempotent-replayed', 'true').send(earlier.body);

  const now = new Date(ctx.clock.now());
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash, status: 0, body: {}, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed.length === 0) return undefined; // a concurrent duplicate committed first
      const { result, messageCode } = await work(tx);
      const body: Envelope<T> = {
        code: codes.ok,
        message: messageFor(messageCode ?? codes.ok, req.locale),
        result,
      };
      await tx
        .update(idempotencyKeys)
        .set({ status: 200, body })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return body;
    });
    if (answer) return reply.status(200).send(answer);
  } catch (err) {
    if (!(err instanceof AppError) || err.status >= 500 || keepsKeyUnspent.has(err.code)) throw err;
    await storeFailure(ctx, userId, key, requestHash, err, req, now);
    throw err;
  }
  const stored = await replay(ctx, userId, key, requestHash);
  if (!stored) throw new AppError(codes.unknown);
  return reply.status(stored.status).header('idempotent-replayed', 'true').send(stored.body);
}

async function storeFailure(
  ctx: Ctx,
  userId: number,
  key: string,
  requestHash: string,
  err: AppError,
  req: FastifyRequest,
  now: Date,
): Promise<void> {
  const body = { code: err.code, message: messageFor(err.code, req.locale, err.params), result: null };
  await ctx.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, status: err.status, body, createdAt: now })
    .onConflictDoNothing();
}

/** Keys are kept at least 24 h (CONTRACT.md); older ones are removed by a periodic job. */
export async function pruneIdempotencyKeys(ctx: Ctx): Promise<void> {
  await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(ctx.clock.now() - keyRetentionMs)));
}
