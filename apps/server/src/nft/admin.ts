// The back office's charity auctions (CONTRACT.md "Back office" nfts; permission manageNfts): list, create,
// edit the artwork and texts until the first bid, and record payouts to the charity. No route takes a bid,
// the current bid or the end of a running auction, and the start price and increment are set once, at
// creation (the database refuses any later change, migrations/0014_nft.sql). Every change writes an audit
// row, with the state before and after, in its transaction.
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminNft,
  adminNftCreateBody,
  adminNftEditBody,
  adminNftPayoutBody,
  adminNftPayoutPage,
  adminNftsQuery,
  codes,
  envelope,
  nftIdParams,
  nftPayout,
  page,
  pageQuery,
  type AdminNft,
  type AdminNftCreateBody,
  type AdminNftEditBody,
  type AdminNftPayoutBody,
  type AdminNftPayoutPage,
  type NftStatus,
  type Page,
  type NftPayout,
} from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import { locales } from '@tradewind/i18n/locales';
import type { Ctx } from '../platform/context.ts';
import { queryRows, type DbOrTx, type Tx } from '../platform/db.ts';
import { AppError, assert, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import { adminOf, requireAdmin } from '../platform/guards.ts';
import { ok } from '../platform/http.ts';
import { idempotentAdmin } from '../platform/idempotency.ts';
import { users } from '../users/tables.ts';
import { donatedMinor, donationTotals, payoutView, recordPayout } from './donations.ts';
import { artworkFromDataUrl } from './image.ts';
import { missingParams } from '../settings/setup.ts';
import { noToken, tokenRecord, type TokenRecord } from './token.ts';
import { nftColumns, nftPayouts, nfts, type NftDescriptions } from './tables.ts';
import { nftView, type NftFields } from './view.ts';

/** How far ahead a new auction may end. */
const auctionEndMaxMs = 366 * 86_400_000;

async function adminViews(db: DbOrTx, rows: NftFields[]): Promise<AdminNft[]> {
  const donated = await donatedMinor(db);
  const leaderIds = [...new Set(rows.flatMap((r) => (r.leaderUserId === null ? [] : [r.leaderUserId])))];
  const leaders =
    leaderIds.length === 0
      ? []
      : await db
          .select({ id: users.id, userName: users.userName })
          .from(users)
          .where(inArray(users.id, leaderIds));
  const names = new Map(leaders.map((u) => [u.id, u.userName]));
  return rows.map((r) => ({
    ...nftView(r, 'en', donated),
    descriptions: r.descriptions,
    ...(r.leaderUserId === null
      ? {}
      : { leaderUserId: String(r.leaderUserId), leaderUserName: names.get(r.leaderUserId) ?? '' }),
    editable: r.status === 'open' && r.bidCount === 0,
    createdAt: r.createdAt.getTime(),
  }));
}

async function adminViewOf(db: DbOrTx, row: NftFields): Promise<AdminNft> {
  const [view] = await adminViews(db, [row]);
  assert(view, 'a view per row');
  return view;
}

/** The English text and the translations as stored; a translation under an unknown locale: 400. */
function descriptionsOf(description: string, translations: Record<string, string> = {}): NftDescriptions {
  const fields: Record<string, FieldProblem> = {};
  for (const locale of Object.keys(translations))
    if (!locales.some((l) => l === locale)) fields[`descriptions.${locale}`] = { key: 'invalid' };
  if (Object.keys(fields).length > 0) throw new AppError(codes.paramsEmpty, {}, fields);
  return { ...translations, en: description };
}

/**
 * No auction starts before the charity is named: a bidder donates, and must be able to see to whom. Refused
 * as a problem of the parameter, so the back office says which one to fill in.
 */
async function requireCharityNamed(db: DbOrTx): Promise<void> {
  if ((await missingParams(db, ['charity_name'])).length > 0)
    throw new AppError(codes.paramsEmpty, {}, { charity_name: { key: 'charityUnnamed' } });
}

/** One piece per minted token (the unique index nfts_token), refused as a field problem before it is hit. */
async function requireTokenFree(tx: Tx, token: TokenRecord, id: number): Promise<void> {
  if (token.chain === null || token.contractAddress === null || token.tokenId === null) return;
  const [other] = await tx
    .select({ id: nfts.id })
    .from(nfts)
    .where(
      and(
        eq(nfts.chain, token.chain),
        eq(nfts.contractAddress, token.contractAddress),
        eq(nfts.tokenId, token.tokenId),
        ne(nfts.id, id),
      ),
    );
  if (other) throw new AppError(codes.paramsEmpty, {}, { 'token.tokenId': { key: 'tokenTaken' } });
}

async function create(ctx: Ctx, adminId: number, body: AdminNftCreateBody): Promise<AdminNft> {
  const now = new Date(ctx.clock.now());
  await requireCharityNamed(ctx.db);
  if (body.endAt <= now.getTime() || body.endAt > now.getTime() + auctionEndMaxMs)
    throw new AppError(codes.auctionEndInvalid);
  const token = body.token ? tokenRecord(body.token) : noToken;
  const startPriceMinor = tryParseDecimal(body.startPrice, assets.USDT.scale);
  const minIncrementMinor = tryParseDecimal(body.minIncrement, assets.USDT.scale);
  assert(startPriceMinor && minIncrementMinor, 'amounts were checked by the contract schema');
  const art = await artworkFromDataUrl(body.image);
  return ctx.db.transaction(async (tx) => {
    const [next] = await queryRows<{ id: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('nfts', 'id'))::text as id`,
    );
    assert(next, 'nft id allocated');
    const id = Number(next.id);
    await requireTokenFree(tx, token, id);
    const [row] = await tx
      .insert(nfts)
      .values({
        id,
        name: body.name,
        descriptions: descriptionsOf(body.description, body.descriptions),
        creator: body.creator,
        ...token,
        imagePng: art.png,
        imageSha256: art.sha256,
        startPriceMinor,
        minIncrementMinor,
        currentBidMinor: startPriceMinor,
        leaderUserId: null,
        bidCount: 0,
        endAt: new Date(body.endAt),
        originalEndAt: new Date(body.endAt),
        status: 'open',
        createdAt: now,
        updatedAt: now,
      })
      .returning(nftColumns);
    assert(row, 'nft inserted');
    const view = await adminViewOf(tx, row);
    await writeAudit(tx, { adminId, action: 'nft.create', target: `nft:${id}`, after: view }, now);
    return view;
  });
}

/** Artwork and texts, while the auction is open and has no bid (else 10131; settled: 10130). */
async function edit(ctx: Ctx, adminId: number, id: number, body: AdminNftEditBody): Promise<AdminNft> {
  const now = new Date(ctx.clock.now());
  const art = body.image === undefined ? undefined : await artworkFromDataUrl(body.image);
  const token = body.token === undefined ? undefined : body.token ? tokenRecord(body.token) : noToken;
  return ctx.db.transaction(async (tx: Tx) => {
    const [before] = await tx.select(nftColumns).from(nfts).where(eq(nfts.id, id)).for('update');
    if (!before) throw new AppError(codes.notFound);
    if (before.status !== 'open') throw new AppError(codes.auctionEnded);
    if (before.bidCount > 0) throw new AppError(codes.nftHasBids);
    if (token) await requireTokenFree(tx, token, id);
    const { en: englishBefore, ...translationsBefore } = before.descriptions;
    const [row] = await tx
      .update(nfts)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.creator === undefined ? {} : { creator: body.creator }),
        ...token,
        ...(body.description === undefined && body.descriptions === undefined
          ? {}
          : {
              descriptions: descriptionsOf(
                body.description ?? englishBefore ?? '',
                body.descriptions ?? translationsBefore,
              ),
            }),
        ...(art ? { imagePng: art.png, imageSha256: art.sha256 } : {}),
        updatedAt: now,
      })
      .where(eq(nfts.id, id))
      .returning(nftColumns);
    assert(row, 'the locked nft is updated');
    const view = await adminViewOf(tx, row);
    await writeAudit(
      tx,
      {
        adminId,
        action: 'nft.update',
        target: `nft:${id}`,
        before: await adminViewOf(tx, before),
        after: view,
      },
      now,
    );
    return view;
  });
}

type PageQuery = { page: number; size: number };

/** Every auction, the newest first, optionally of one status. */
async function auctionPage(
  db: DbOrTx,
  q: PageQuery & { status?: NftStatus | undefined },
): Promise<Page<AdminNft>> {
  const where = q.status ? eq(nfts.status, q.status) : undefined;
  const [total] = await db.select({ n: count() }).from(nfts).where(where);
  const rows = await db
    .select(nftColumns)
    .from(nfts)
    .where(where)
    .orderBy(desc(nfts.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return { list: await adminViews(db, rows), total: total?.n ?? 0, page: q.page, size: q.size };
}

/** The payouts, the newest first, with the ledger totals. */
async function payoutPage(db: DbOrTx, q: PageQuery): Promise<AdminNftPayoutPage> {
  const [total] = await db.select({ n: count() }).from(nftPayouts);
  const rows = await db
    .select()
    .from(nftPayouts)
    .orderBy(desc(nftPayouts.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  return {
    list: rows.map(payoutView),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
    totals: await donationTotals(db),
  };
}

/**
 * A payout to the charity in the caller's transaction (the Idempotency-Key's), audited with the ledger
 * totals before and after it.
 */
async function payout(tx: Tx, adminId: number, body: AdminNftPayoutBody, now: Date): Promise<NftPayout> {
  const before = await donationTotals(tx);
  const view = payoutView(await recordPayout(tx, adminId, body, now));
  const after = { ...view, totals: await donationTotals(tx) };
  await writeAudit(
    tx,
    { adminId, action: 'nft.payout', target: `nftPayout:${view.id}`, before: { totals: before }, after },
    now,
  );
  return view;
}

export function registerNftAdminRoutes(fastify: FastifyInstance, ctx: Ctx): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const guard = requireAdmin(ctx, 'manageNfts');

  app.get('/admin/api/nfts', {
    schema: { querystring: adminNftsQuery, response: { 200: envelope(page(adminNft)) } },
    onRequest: guard,
    handler: async (req) => ok(req, await auctionPage(ctx.db, req.query)),
  });

  app.post('/admin/api/nfts', {
    schema: { body: adminNftCreateBody, response: { 200: envelope(adminNft) } },
    onRequest: guard,
    handler: async (req) => ok(req, await create(ctx, adminOf(req).id, req.body), codes.done),
  });

  app.post('/admin/api/nfts/:id', {
    schema: { params: nftIdParams, body: adminNftEditBody, response: { 200: envelope(adminNft) } },
    onRequest: guard,
    handler: async (req) =>
      ok(req, await edit(ctx, adminOf(req).id, Number(req.params.id), req.body), codes.done),
  });

  app.get('/admin/api/nfts/payouts', {
    schema: { querystring: pageQuery, response: { 200: envelope(adminNftPayoutPage) } },
    onRequest: guard,
    handler: async (req) => ok(req, await payoutPage(ctx.db, req.query)),
  });

  // Moves money (charity payable → paid out), so it takes an Idempotency-Key like the customers' money
  // calls: a retry of one payout records it once; the key is the admin's own.
  app.post('/admin/api/nfts/payouts', {
    schema: { body: adminNftPayoutBody, response: { 200: envelope(nftPayout) } },
    onRequest: guard,
    handler: async (req, reply) => {
      const adminId = adminOf(req).id;
      return idempotentAdmin(ctx, req, reply, adminId, req.body, async (tx) => ({
        result: await payout(tx, adminId, req.body, new Date(ctx.clock.now())),
        messageCode: codes.done,
      }));
    },
  });
}
