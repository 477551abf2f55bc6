// Instruments in the back office (manageCatalogue; issue 13 "Catalogue and products"): the list, and a
// partial edit of the terms a customer is quoted and an order takes — names, logo, category, lots, contract
// size, leverage choices within the category's cap, fee, contract durations, trading hours with holidays,
// listed or not. No price is among them (DESIGN.md §1.3). Each edit is checked whole, written with its audit
// row (before, after, reason) in one transaction that locks the row, and taken into this node's catalogue
// after the commit (other nodes by their catalogue sync). Open contracts copied their terms at open, so an
// edit reaches new orders only; edited hours keep the earlier ones for the past (hours.ts `before`).
import { createHash } from 'node:crypto';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import {
  codes,
  instrumentBounds,
  leverageCaps,
  type AdminInstrument,
  type AdminInstrumentsQuery,
  type AdminInstrumentUpdateBody,
  type AdminTradingHoursBody,
  type InstrumentType,
  type Page,
  type TradingHours,
} from '@tradewind/contract';
import { hoursProblems, isTimeZone } from '@tradewind/contract/hours-rules';
import { formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import type { Ctx } from '../platform/context.ts';
import type { DbOrTx } from '../platform/db.ts';
import { AppError, assert, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import { prepareImage } from '../platform/uploads.ts';
import { lotScale } from './catalogue.ts';
import { compileSchedule, dayNumber, wallDay, minuteMs } from './hours.ts';
import { logoPath } from './logo.ts';
import type { Market } from './service.ts';
import {
  marketInstrumentLogos,
  marketInstruments,
  type ContractTermRow,
  type InstrumentRow,
} from './tables.ts';

/** The side a stored logo is kept at: lists show it at 32–48 px, twice that on dense screens. */
const logoSidePx = 128;

export const logoPngPath = (code: string, sha256: string) =>
  `/api/swx/customer/index/logo/${code}.png?v=${sha256.slice(0, 16)}`;

export function adminInstrumentView(row: InstrumentRow, openPositions: number): AdminInstrument {
  const type = row.type as InstrumentType;
  return {
    id: String(row.id),
    code: row.code,
    type,
    etf: row.etf,
    appName: row.appName,
    name: row.name,
    logo: row.logoUrl ?? logoPath(row.code),
    customLogo: row.logoUrl !== null,
    quote: row.quote,
    lotSize: formatMinor(row.lotStepMinor, lotScale),
    minLots: formatMinor(row.minLotsMinor, lotScale),
    maxLots: formatMinor(row.maxLotsMinor, lotScale),
    contractSize: row.contractSize.toString(),
    leverages: row.leverages,
    leverageCap: leverageCaps[type],
    feeBps: row.feeRateBps,
    terms: row.terms,
    tradingHours: row.tradingHours,
    enabled: row.enabled,
    openPositions,
    updatedAt: row.updatedAt?.getTime() ?? null,
  };
}

export async function listInstruments(
  ctx: Ctx,
  market: Market,
  q: AdminInstrumentsQuery,
): Promise<Page<AdminInstrument>> {
  const where: SQL[] = [];
  const keyword = q.keyword?.trim();
  if (keyword) {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      ilike(marketInstruments.code, like),
      ilike(marketInstruments.appName, like),
      ilike(marketInstruments.name, like),
    );
    if (match) where.push(match);
  }
  if (q.type !== undefined) where.push(eq(marketInstruments.type, q.type));
  if (q.enabled !== undefined) where.push(eq(marketInstruments.enabled, q.enabled === 'true'));
  const [total] = await ctx.db
    .select({ n: count() })
    .from(marketInstruments)
    .where(and(...where));
  const rows = await ctx.db
    .select()
    .from(marketInstruments)
    .where(and(...where))
    .orderBy(asc(marketInstruments.type), asc(marketInstruments.sort), asc(marketInstruments.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const open = await market.openPositions(
    ctx.db,
    rows.map((r) => r.id),
  );
  return {
    list: rows.map((r) => adminInstrumentView(r, open.get(r.id) ?? 0)),
    total: total?.n ?? 0,
    page: q.page,
    size: q.size,
  };
}

/** A PNG or JPEG data URL as a square PNG logo; checked like uploads (type from the bytes, bounds). */
async function logoFromDataUrl(dataUrl: string): Promise<{ png: Buffer; sha256: string }> {
  const match = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match?.[2]) throw new AppError(codes.imageFormat);
  const prepared = await prepareImage(Buffer.from(match[2], 'base64'), {
    maxBytes: instrumentBounds.logoBytesMax,
  });
  if (prepared.kind === 'jp2') throw new AppError(codes.imageFormat);
  const png = await sharp(prepared.bytes)
    .resize({
      width: logoSidePx,
      height: logoSidePx,
      fit: 'contain',
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return { png, sha256: createHash('sha256').update(png).digest('hex') };
}

type Problems = Record<string, FieldProblem>;

/** The hours as stored, or the problems under `tradingHours.*` (the same rules as the admin app's form). */
function checkHours(
  body: AdminTradingHoursBody,
  current: TradingHours,
  nowMs: number,
  problems: Problems,
): TradingHours {
  const timeZone = body.timeZone.trim();
  const sessions = body.alwaysOpen ? [] : body.sessions;
  for (const [place, key] of Object.entries(
    hoursProblems({ timeZone, alwaysOpen: body.alwaysOpen, sessions }),
  ))
    // A badly written time cannot pass the body's schema; the rest have their own field messages.
    problems[`tradingHours.${place}`] = { key: key === 'time' ? 'invalid' : key };
  const holidays = [...new Set(body.holidays)].sort();
  if (holidays.length !== body.holidays.length) problems['tradingHours.holidays'] = { key: 'duplicate' };
  // A holiday added now closes days to come only: one in the past would rewrite the history already priced.
  if (isTimeZone(timeZone)) {
    const today = wallDay(timeZone, Math.floor(nowMs / minuteMs));
    const earlier = new Set(current.holidays ?? []);
    holidays.forEach((d, i) => {
      const valid = !Number.isNaN(dayNumber(d)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
      if (!valid) problems[`tradingHours.holidays.${i}`] = { key: 'invalid' };
      else if (!earlier.has(d) && dayNumber(d) <= today)
        problems[`tradingHours.holidays.${i}`] = { key: 'holidayPast' };
    });
  }
  return {
    timeZone,
    alwaysOpen: body.alwaysOpen,
    sessions: sessions.map((s) => ({ ...s })),
    ...(holidays.length > 0 ? { holidays } : {}),
  };
}

type Changes = Partial<
  Pick<
    InstrumentRow,
    | 'appName'
    | 'name'
    | 'type'
    | 'etf'
    | 'lotStepMinor'
    | 'minLotsMinor'
    | 'maxLotsMinor'
    | 'contractSize'
    | 'leverages'
    | 'feeRateBps'
    | 'terms'
    | 'tradingHours'
    | 'enabled'
  >
>;

/** The body checked against the row it edits: the new column values, or 400 with every problem. */
export function checkInstrumentEdit(
  row: InstrumentRow,
  body: AdminInstrumentUpdateBody,
  nowMs: number,
): Changes {
  const problems: Problems = {};
  const out: Changes = {};
  if (body.appName !== undefined) out.appName = body.appName;
  if (body.name !== undefined) out.name = body.name;
  if (body.type !== undefined) out.type = body.type;
  if (body.etf !== undefined) out.etf = body.etf;
  if (body.enabled !== undefined) out.enabled = body.enabled;
  if (body.feeBps !== undefined) out.feeRateBps = body.feeBps;
  const type = (out.type ?? row.type) as InstrumentType;
  if ((out.etf ?? row.etf) && type !== 3) problems.etf = { key: 'invalid' };

  // Leverage choices within the category's cap, checked again when only the category changes.
  const cap = leverageCaps[type];
  const leverages = body.leverages ? [...body.leverages].sort((a, b) => a - b) : row.leverages;
  if (new Set(leverages).size !== leverages.length) problems.leverages = { key: 'duplicate' };
  else if (leverages.some((l) => l > cap)) problems.leverages = { key: 'leverageCap', params: { max: cap } };
  if (body.leverages) out.leverages = leverages;

  const lots = (text: string | undefined, fallback: bigint) =>
    text === undefined ? fallback : (tryParseDecimal(text, lotScale) ?? 0n);
  const step = lots(body.lotSize, row.lotStepMinor);
  const min = lots(body.minLots, row.minLotsMinor);
  const max = lots(body.maxLots, row.maxLotsMinor);
  const lotsMax = tryParseDecimal(instrumentBounds.lotsMax, lotScale) ?? 0n;
  if (body.lotSize !== undefined || body.minLots !== undefined || body.maxLots !== undefined) {
    if (max > lotsMax) problems.maxLots = { key: 'tooBig', params: { max: instrumentBounds.lotsMax } };
    else if (!(step > 0n && min >= step && max >= min && min % step === 0n && max % step === 0n))
      problems[body.maxLots !== undefined ? 'maxLots' : body.minLots !== undefined ? 'minLots' : 'lotSize'] =
        {
          key: 'lotsOrder',
        };
    out.lotStepMinor = step;
    out.minLotsMinor = min;
    out.maxLotsMinor = max;
  }
  if (body.contractSize !== undefined) {
    const size = BigInt(body.contractSize);
    if (size > BigInt(instrumentBounds.contractSizeMax))
      problems.contractSize = { key: 'tooBig', params: { max: instrumentBounds.contractSizeMax } };
    out.contractSize = size;
  }
  if (body.termSeconds !== undefined) {
    const seconds = [...new Set(body.termSeconds)].sort((a, b) => a - b);
    if (seconds.length !== body.termSeconds.length) problems.termSeconds = { key: 'duplicate' };
    // A term's id is its length, as in the seed: the customer sends it back when opening.
    out.terms = seconds.map((s): ContractTermRow => ({ id: String(s), seconds: s }));
  }
  if (body.tradingHours !== undefined)
    out.tradingHours = checkHours(body.tradingHours, row.tradingHours, nowMs, problems);
  if (Object.keys(problems).length > 0) throw new AppError(codes.paramsEmpty, {}, problems);
  return out;
}

/** Only what the edit changes, as the admin view writes it: the audit row's before and after. */
function changedFields(before: AdminInstrument, after: AdminInstrument) {
  const keys = (Object.keys(after) as Array<keyof AdminInstrument>).filter(
    (k) =>
      k !== 'updatedAt' && k !== 'openPositions' && JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

async function openOn(market: Market, db: DbOrTx, id: number): Promise<number> {
  return (await market.openPositions(db, [id])).get(id) ?? 0;
}

/**
 * Edits instrument `id`: 10111 unknown; 400 with field problems; 10148 when disabling it with contracts
 * open and `confirmOpenPositions` not sent (they stay open and settle: the feed keeps pricing it).
 */
export async function updateInstrument(
  ctx: Ctx,
  market: Market,
  adminId: number,
  id: number,
  body: AdminInstrumentUpdateBody,
): Promise<AdminInstrument> {
  // The image is decoded before the transaction: sharp's work holds no row lock.
  const logo = typeof body.logo === 'string' ? await logoFromDataUrl(body.logo) : body.logo;
  const nowMs = ctx.clock.now();
  const now = new Date(nowMs);
  const { row, view } = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(marketInstruments)
      .where(eq(marketInstruments.id, id))
      .for('update');
    if (!before) throw new AppError(codes.notFound);
    const changes = checkInstrumentEdit(before, body, nowMs);
    const open = await openOn(market, tx, id);
    if (changes.enabled === false && before.enabled && open > 0 && body.confirmOpenPositions !== true)
      throw new AppError(codes.instrumentHasOpenPositions, { count: open });
    const hoursChanged =
      changes.tradingHours !== undefined &&
      JSON.stringify(changes.tradingHours) !== JSON.stringify(before.tradingHours);
    const logoUrl =
      logo === undefined ? undefined : logo === null ? null : logoPngPath(before.code, logo.sha256);
    if (logo) {
      await tx
        .insert(marketInstrumentLogos)
        .values({ instrumentId: id, png: logo.png, sha256: logo.sha256, createdAt: now })
        .onConflictDoUpdate({
          target: marketInstrumentLogos.instrumentId,
          set: { png: logo.png, sha256: logo.sha256, createdAt: now },
        });
    } else if (logo === null) {
      await tx.delete(marketInstrumentLogos).where(eq(marketInstrumentLogos.instrumentId, id));
    }
    const [after] = await tx
      .update(marketInstruments)
      .set({
        ...changes,
        ...(logoUrl !== undefined ? { logoUrl } : {}),
        // The hours replaced stay in force for every minute before this one (hours.ts `before`).
        ...(hoursChanged
          ? { hoursHistory: [...before.hoursHistory, { untilMs: nowMs, hours: before.tradingHours }] }
          : {}),
        updatedAt: now,
      })
      .where(eq(marketInstruments.id, id))
      .returning();
    assert(after, 'instrument updated');
    // The new hours must compile: a programmer error in the checks above would otherwise reach the feed.
    compileSchedule(after.tradingHours, after.hoursHistory);
    const audit = changedFields(adminInstrumentView(before, open), adminInstrumentView(after, open));
    await writeAudit(
      tx,
      { adminId, action: 'instrument.update', target: `instrument:${id}`, ...audit, reason: body.reason },
      now,
    );
    return { row: after, view: adminInstrumentView(after, open) };
  });
  market.applyInstrument(row);
  return view;
}

/** An uploaded logo's PNG, by the instrument's code (served to anyone, like the generated ones). */
export async function instrumentLogo(db: DbOrTx, instrumentId: number) {
  const [logo] = await db
    .select({ png: marketInstrumentLogos.png, sha256: marketInstrumentLogos.sha256 })
    .from(marketInstrumentLogos)
    .where(eq(marketInstrumentLogos.instrumentId, instrumentId));
  return logo;
}
