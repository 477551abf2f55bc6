// Deposit channels: seeded on first start, listed to customers, edited in the back office (audited).
import { asc, count, eq } from 'drizzle-orm';
import {
  codes,
  type DepositAsset,
  type DepositChannel,
  type DepositChannelAdmin,
  type Page,
} from '@tradewind/contract';
import { AppError, type FieldProblem } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { Db, DbOrTx } from '../platform/db.ts';
import { assets, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { depositChannels, type DepositChannelRow } from './channels-tables.ts';

const usdtScale = assets.USDT.scale;
export const coinScale = (asset: DepositAsset): number => assets[asset].scale;

/**
 * First-start channels. The addresses are placeholders, not wallets: an operator must set real ones in
 * the back office (deposit-channels) before announcing deposits. The BTC and ETH rates are reference
 * values to edit there until the market feed supplies them.
 */
export const seedChannels: ReadonlyArray<{
  asset: DepositAsset;
  network: string;
  address: string;
  minAmount: string;
  rate: string;
}> = [
  {
    asset: 'USDT',
    network: 'TRC20',
    address: 'CONFIGURE-IN-BACK-OFFICE-usdt-trc20',
    minAmount: '120',
    rate: '1',
  },
  {
    asset: 'USDT',
    network: 'ERC20',
    address: 'CONFIGURE-IN-BACK-OFFICE-usdt-erc20',
    minAmount: '120',
    rate: '1',
  },
  {
    asset: 'BTC',
    network: 'Bitcoin',
    address: 'CONFIGURE-IN-BACK-OFFICE-btc',
    minAmount: '0.015',
    rate: '65000',
  },
  {
    asset: 'ETH',
    network: 'Ethereum',
    address: 'CONFIGURE-IN-BACK-OFFICE-eth',
    minAmount: '0.2',
    rate: '3000',
  },
];

const isAsset = (a: string): a is DepositAsset => a in assets;

export function channelAsset(row: Pick<DepositChannelRow, 'asset'>): DepositAsset {
  if (!isAsset(row.asset)) throw new Error(`deposit channel asset ${row.asset} has no scale`);
  return row.asset;
}

/** "USDT (TRC20)": the name used in messages such as 10109. */
export const channelName = (row: Pick<DepositChannelRow, 'asset' | 'network'>) =>
  `${row.asset} (${row.network})`;

export function channelView(row: DepositChannelRow): DepositChannel {
  const asset = channelAsset(row);
  return {
    id: String(row.id),
    asset,
    network: row.network,
    address: row.address,
    minAmount: formatMinor(row.minAmountMinor, coinScale(asset)),
    rate: formatMinor(row.rateMinor, usdtScale),
  };
}

function adminView(row: DepositChannelRow): DepositChannelAdmin {
  return {
    ...channelView(row),
    name: channelName(row),
    enabled: row.enabled,
    sort: row.sort,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** Seeds the channels into an empty table only, so later edits are never overwritten. */
export async function seedDepositChannels(db: Db, now: Date): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(depositChannels);
  if ((existing?.n ?? 0) > 0) return;
  await db
    .insert(depositChannels)
    .values(
      seedChannels.map((c, i) => ({
        asset: c.asset,
        network: c.network,
        address: c.address,
        minAmountMinor: parseAmount(c.minAmount, coinScale(c.asset), 'minAmount'),
        rateMinor: parseAmount(c.rate, usdtScale, 'rate'),
        sort: i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

export async function listDepositChannels(db: DbOrTx): Promise<DepositChannel[]> {
  const rows = await db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.enabled, true))
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
  return rows.map(channelView);
}

export async function listChannelsForAdmin(db: DbOrTx): Promise<Page<DepositChannelAdmin>> {
  const rows = await db
    .select()
    .from(depositChannels)
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
  return { list: rows.map(adminView), total: rows.length, page: 1, size: rows.length };
}

/**
 * The rate locked into a claim: USDT minor units per whole coin. Today the channel's configured reference
 * rate; when the market feed exists, BTC and ETH read its last price here instead.
 */
export function depositRateMinor(channel: DepositChannelRow): bigint {
  return channel.rateMinor;
}

/** A positive amount at `scale`, else a 400 naming the field. */
function parseAmount(text: string, scale: number, field: string): bigint {
  const minor = tryParseDecimal(text, scale);
  if (minor === undefined || minor <= 0n) {
    const problem: FieldProblem = { key: 'invalid' };
    throw new AppError(codes.paramsEmpty, {}, { [field]: problem });
  }
  return minor;
}

export type ChannelInput = {
  asset: DepositAsset;
  network: string;
  address: string;
  minAmount: string;
  rate: string;
  enabled: boolean;
  sort: number;
};

export async function createChannel(ctx: Ctx, admin: AdminIdentity, input: ChannelInput) {
  const now = new Date(ctx.clock.now());
  const values = {
    asset: input.asset,
    network: input.network,
    address: input.address,
    minAmountMinor: parseAmount(input.minAmount, coinScale(input.asset), 'minAmount'),
    rateMinor: parseAmount(input.rate, usdtScale, 'rate'),
    enabled: input.enabled,
    sort: input.sort,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(depositChannels).values(values).onConflictDoNothing().returning();
    if (!row) throw new AppError(codes.paramsEmpty, {}, { network: { key: 'channelExists' } });
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'deposit_channel.create',
        target: `deposit_channel:${row.id}`,
        after: adminView(row),
      },
      now,
    );
    return adminView(row);
  });
}

export type ChannelChanges = Partial<Omit<ChannelInput, 'asset'>> & { reason?: string | undefined };

export async function updateChannel(ctx: Ctx, admin: AdminIdentity, id: number, changes: ChannelChanges) {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(depositChannels).where(eq(depositChannels.id, id)).for('update');
    if (!before) throw new AppError(codes.notFound);
    const scale = coinScale(channelAsset(before));
    const set: Partial<typeof depositChannels.$inferInsert> = { updatedAt: now };
    if (changes.network !== undefined) set.network = changes.network;
    if (changes.address !== undefined) set.address = changes.address;
    if (changes.minAmount !== undefined)
      set.minAmountMinor = parseAmount(changes.minAmount, scale, 'minAmount');
    if (changes.rate !== undefined) set.rateMinor = parseAmount(changes.rate, usdtScale, 'rate');
    if (changes.enabled !== undefined) set.enabled = changes.enabled;
    if (changes.sort !== undefined) set.sort = changes.sort;
    const [after] = await tx
      .update(depositChannels)
      .set(set)
      .where(eq(depositChannels.id, id))
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err))
          throw new AppError(codes.paramsEmpty, {}, { network: { key: 'channelExists' } });
        throw err;
      });
    if (!after) throw new AppError(codes.notFound);
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'deposit_channel.update',
        target: `deposit_channel:${id}`,
        before: adminView(before),
        after: adminView(after),
        reason: changes.reason ?? null,
      },
      now,
    );
    return adminView(after);
  });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
