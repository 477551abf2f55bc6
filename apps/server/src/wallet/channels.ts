// Deposit channels: seeded disabled on first start, listed to customers only when enabled with an address
// that passes its network's check, edited in the back office (audited). No one sets a rate here: a claim
// locks the feed's price less the channel's disclosed spread (deposit-rates.ts).
import { asc, count, eq } from 'drizzle-orm';
import {
  chainOfNetwork,
  codes,
  operatorContactKeys,
  depositNetworks,
  networksOfAsset,
  rateCodeOfAsset,
  type DepositAsset,
  type DepositChannel,
  type DepositChannelAdmin,
  type DepositNetwork,
  type Page,
} from '@tradewind/contract';
import { AppError, type FieldProblem } from '../platform/errors.ts';
import type { Ctx } from '../platform/context.ts';
import type { Db, DbOrTx } from '../platform/db.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { assets, fitsMinor, formatMinor, tryParseDecimal } from '@tradewind/contract/money';
import { checkDepositAddress, type AddressCheck } from './address-checks.ts';
import { formatRate, indicativeRate, type DepositRateFeed } from './deposit-rates.ts';
import { depositChannels, type DepositChannelRow } from './channels-tables.ts';
import { missingParams } from '../settings/setup.ts';

export const coinScale = (asset: DepositAsset): number => assets[asset].scale;

/**
 * First-start channels: off, with placeholder addresses that fail every network's check, so none can be
 * enabled until an operator enters the real receiving address in the back office.
 */
export const seedChannels: ReadonlyArray<{
  asset: DepositAsset;
  network: DepositNetwork;
  minAmount: string;
}> = [
  { asset: 'USDT', network: 'TRC20', minAmount: '120' },
  { asset: 'USDT', network: 'ERC20', minAmount: '120' },
  { asset: 'BTC', network: 'Bitcoin', minAmount: '0.015' },
  { asset: 'ETH', network: 'Ethereum', minAmount: '0.2' },
];

const isAsset = (a: string): a is DepositAsset => a in assets;
const isNetwork = (n: string): n is DepositNetwork => (depositNetworks as readonly string[]).includes(n);

export function channelAsset(row: Pick<DepositChannelRow, 'asset'>): DepositAsset {
  if (!isAsset(row.asset)) throw new Error(`deposit channel asset ${row.asset} has no scale`);
  return row.asset;
}

/** The DB check keeps networks to the fixed list; anything else is a programmer error. */
export function channelNetwork(row: Pick<DepositChannelRow, 'network'>): DepositNetwork {
  if (!isNetwork(row.network)) throw new Error(`deposit network ${row.network} is not one of the fixed list`);
  return row.network;
}

/** "USDT (TRC20)": the name used in messages such as 10109. */
export const channelName = (row: Pick<DepositChannelRow, 'asset' | 'network'>) =>
  `${row.asset} (${row.network})`;

export const addressValid = (row: Pick<DepositChannelRow, 'network' | 'address'>): boolean =>
  checkDepositAddress(channelNetwork(row), row.address) === 'valid';

export function channelView(row: DepositChannelRow, feed: DepositRateFeed): DepositChannel {
  const asset = channelAsset(row);
  const network = channelNetwork(row);
  const { rateMinor, indicative, paused } = indicativeRate(feed, asset, row.spreadBps);
  return {
    id: String(row.id),
    asset,
    network,
    chain: chainOfNetwork[network],
    address: row.address,
    minAmount: formatMinor(row.minAmountMinor, coinScale(asset)),
    rate: rateMinor === null ? null : formatRate(rateMinor),
    spreadBps: row.spreadBps,
    indicative,
    paused,
  };
}

function adminView(row: DepositChannelRow, feed: DepositRateFeed): DepositChannelAdmin {
  return {
    ...channelView(row, feed),
    name: channelName(row),
    enabled: row.enabled,
    addressValid: addressValid(row),
    sort: row.sort,
    updatedAt: row.updatedAt.getTime(),
  };
}

/** What the audit log keeps of a channel: its settings, not the moving price. */
function auditView(row: DepositChannelRow) {
  return {
    name: channelName(row),
    address: row.address,
    minAmount: formatMinor(row.minAmountMinor, coinScale(channelAsset(row))),
    spreadBps: row.spreadBps,
    enabled: row.enabled,
    sort: row.sort,
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
        address: `CONFIGURE-IN-BACK-OFFICE-${c.asset.toLowerCase()}-${c.network.toLowerCase()}`,
        minAmountMinor: parseAmount(c.minAmount, coinScale(c.asset), 'minAmount'),
        enabled: false,
        sort: i,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Channels a customer may use: enabled, and (should a row predate the checks) with a valid address. */
export async function openChannels(db: DbOrTx): Promise<DepositChannelRow[]> {
  const rows = await db
    .select()
    .from(depositChannels)
    .where(eq(depositChannels.enabled, true))
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
  return rows.filter(addressValid);
}

export async function listDepositChannels(db: DbOrTx, feed: DepositRateFeed): Promise<DepositChannel[]> {
  return (await openChannels(db)).map((row) => channelView(row, feed));
}

/**
 * The `deposit_min` parameter, computed when read: per coin, the lowest minimum among its open channels,
 * as JSON (`{"USDT":"120","BTC":"0.015"}`); a coin with no open channel is absent.
 */
export async function depositMinimums(db: DbOrTx): Promise<string> {
  const lowest = new Map<DepositAsset, bigint>();
  for (const row of await openChannels(db)) {
    const asset = channelAsset(row);
    const seen = lowest.get(asset);
    if (seen === undefined || row.minAmountMinor < seen) lowest.set(asset, row.minAmountMinor);
  }
  const map: Partial<Record<DepositAsset, string>> = {};
  for (const [asset, minor] of lowest) map[asset] = formatMinor(minor, coinScale(asset));
  return JSON.stringify(map);
}

export async function listChannelsForAdmin(
  db: DbOrTx,
  feed: DepositRateFeed,
): Promise<Page<DepositChannelAdmin>> {
  const rows = await db
    .select()
    .from(depositChannels)
    .orderBy(asc(depositChannels.sort), asc(depositChannels.id));
  return { list: rows.map((row) => adminView(row, feed)), total: rows.length, page: 1, size: rows.length };
}

const fieldError = (field: string, problem: FieldProblem) =>
  new AppError(codes.paramsEmpty, {}, { [field]: problem });

/**
 * A positive amount at `scale`, else a 400 naming the field. The scale is the channel's coin's, known only
 * here, so the bound to what the column holds is checked here too (1e12 BTC is 1e20 satoshi).
 */
function parseAmount(text: string, scale: number, field: string): bigint {
  const minor = tryParseDecimal(text, scale);
  if (minor === undefined || minor <= 0n || !fitsMinor(minor)) throw fieldError(field, { key: 'invalid' });
  return minor;
}

const addressProblemKey: Record<Exclude<AddressCheck, 'valid'>, string> = {
  invalid: 'addressInvalid',
  badChecksum: 'addressChecksum',
  checksumRequired: 'addressChecksumRequired',
};

/**
 * The rules a channel's settings must meet together: an enabled channel's address passes its network's
 * check, a new address passes it even on a disabled channel (a draft that can never be enabled helps no
 * one), and USDT, credited 1:1, takes no spread.
 */
function checkChannel(
  next: Pick<DepositChannelRow, 'asset' | 'network' | 'address' | 'enabled' | 'spreadBps'>,
  addressChanged: boolean,
): void {
  const network = channelNetwork(next);
  if (next.enabled || addressChanged) {
    const check = checkDepositAddress(network, next.address);
    if (check !== 'valid') {
      throw fieldError('address', { key: addressProblemKey[check], params: { network } });
    }
  }
  if (channelAsset(next) === 'USDT' && next.spreadBps !== 0)
    throw fieldError('spreadBps', { key: 'spreadUsdt' });
}

/**
 * A BTC/ETH channel is opened (created enabled, or enabled) only while its coin is priced live: a claim
 * locks nothing else (DESIGN.md §1.10). One already open whose price goes stale stays open, paused for
 * customers until the price is live again.
 */
function checkPricedLive(feed: DepositRateFeed, asset: DepositAsset, opening: boolean): void {
  const code = rateCodeOfAsset[asset];
  if (!opening || code === null || feed.status(code) === 'live') return;
  throw fieldError('enabled', { key: 'noLivePrice', params: { asset } });
}

/**
 * No channel opens (created enabled, or enabled) before the operator is named with an email address: a
 * customer paying in must be able to see who receives the money and how to reach them. One already open
 * stays open if the details are cleared later; the dashboard warns about it.
 */
async function checkOperatorNamed(db: DbOrTx, opening: boolean): Promise<void> {
  if (!opening) return;
  const missing = await missingParams(db, operatorContactKeys);
  if (missing.length > 0) throw fieldError('enabled', { key: 'operatorUnnamed' });
}

export type ChannelInput = {
  asset: DepositAsset;
  network: DepositNetwork;
  address: string;
  minAmount: string;
  spreadBps: number;
  enabled: boolean;
  sort: number;
};

export async function createChannel(
  ctx: Ctx,
  feed: DepositRateFeed,
  admin: AdminIdentity,
  input: ChannelInput,
): Promise<DepositChannelAdmin> {
  if (!networksOfAsset[input.asset].includes(input.network)) {
    throw fieldError('network', { key: 'networkOfAsset', params: { asset: input.asset } });
  }
  checkChannel(input, true);
  checkPricedLive(feed, input.asset, input.enabled);
  await checkOperatorNamed(ctx.db, input.enabled);
  const now = new Date(ctx.clock.now());
  const values = {
    asset: input.asset,
    network: input.network,
    address: input.address,
    minAmountMinor: parseAmount(input.minAmount, coinScale(input.asset), 'minAmount'),
    spreadBps: input.spreadBps,
    enabled: input.enabled,
    sort: input.sort,
    createdAt: now,
    updatedAt: now,
  };
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(depositChannels).values(values).onConflictDoNothing().returning();
    if (!row) throw fieldError('network', { key: 'channelExists' });
    const target = `deposit_channel:${row.id}`;
    await writeAudit(
      tx,
      { adminId: admin.id, action: 'deposit_channel.create', target, after: auditView(row) },
      now,
    );
    return adminView(row, feed);
  });
}

export type ChannelChanges = Partial<Omit<ChannelInput, 'asset' | 'network'>> & {
  reason?: string | undefined;
};

export async function updateChannel(
  ctx: Ctx,
  feed: DepositRateFeed,
  admin: AdminIdentity,
  id: number,
  changes: ChannelChanges,
): Promise<DepositChannelAdmin> {
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(depositChannels).where(eq(depositChannels.id, id)).for('update');
    if (!before) throw new AppError(codes.notFound);
    const scale = coinScale(channelAsset(before));
    const set = {
      address: changes.address ?? before.address,
      minAmountMinor:
        changes.minAmount === undefined
          ? before.minAmountMinor
          : parseAmount(changes.minAmount, scale, 'minAmount'),
      spreadBps: changes.spreadBps ?? before.spreadBps,
      enabled: changes.enabled ?? before.enabled,
      sort: changes.sort ?? before.sort,
      updatedAt: now,
    };
    checkChannel({ ...before, ...set }, set.address !== before.address);
    checkPricedLive(feed, channelAsset(before), set.enabled && !before.enabled);
    await checkOperatorNamed(tx, set.enabled && !before.enabled);
    const [after] = await tx.update(depositChannels).set(set).where(eq(depositChannels.id, id)).returning();
    if (!after) throw new AppError(codes.notFound);
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'deposit_channel.update',
        target: `deposit_channel:${id}`,
        before: auditView(before),
        after: auditView(after),
        reason: changes.reason ?? null,
      },
      now,
    );
    return adminView(after, feed);
  });
}
