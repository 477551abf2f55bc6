// CSV exports of the back office (issue 13): fund records, deposits, withdrawals, contracts and the audit log
// of a UTC date range, streamed. Rows are read in batches by id (keyset, never OFFSET) and written through
// csv-stringify as they come, so a year of rows never sits in memory. Money is a decimal string at its asset's
// scale, times are ISO 8601 UTC. Tables are read by name, as in dashboard.ts (no folder cycle).
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql, type SQL } from 'drizzle-orm';
import type { ExportKind, ExportQuery } from '@tradewind/contract';
import { assets, formatMinor, isAsset, usdtScale } from '@tradewind/contract/money';
import { lotScale } from '@tradewind/contract/orders-math';
import { dayMs } from '@tradewind/contract/smart-math';
import { queryRows, type DbOrTx } from '../platform/db.ts';

/** Rows per database round trip. */
export const exportBatchRows = 500;

type Raw = Record<string, unknown> & { id: number | string };
type Cell = string | null;
type Spec = {
  columns: string[];
  /** Rows with id > `afterId` whose time is in [from, to), oldest id first, at most `limit`. */
  select: (range: { from: string; to: string }, afterId: number, limit: number) => SQL;
  row: (raw: Raw) => Cell[];
};

const text = (v: unknown): Cell => (v === null || v === undefined ? null : String(v));
const time = (v: unknown): Cell =>
  v === null || v === undefined ? null : (v instanceof Date ? v : new Date(String(v))).toISOString();
const usdt = (v: unknown): Cell =>
  v === null || v === undefined ? null : formatMinor(BigInt(String(v)), usdtScale);
const scaled = (v: unknown, scale: number): Cell =>
  v === null || v === undefined ? null : formatMinor(BigInt(String(v)), scale);
const assetScale = (asset: unknown) =>
  typeof asset === 'string' && isAsset(asset) ? assets[asset].scale : 0;
/** Timestamps as text with their zone, so both drivers hand back the same thing. */
const ts = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const specs: Record<ExportKind, Spec> = {
  // The real book's cash lines of every customer: what each customer sees as fund records.
  'fund-records': {
    columns: [
      'id',
      'created_at',
      'user_id',
      'user_name',
      'kind',
      'ref',
      'amount',
      'balance_after',
      'entry_id',
    ],
    select: (r, after, limit) => sql`select p.id, ${ts('p.created_at')} as created_at, a.user_id,
        u.user_name, e.kind, e.ref, p.amount_minor::text as amount, p.balance_after_minor::text as balance_after,
        p.entry_id
      from postings p join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
        join users u on u.id = a.user_id
      where a.owner_type = 'user' and a.book = 'real' and a.purpose = 'cash' and p.id > ${after}
        and p.created_at >= ${r.from}::timestamptz and p.created_at < ${r.to}::timestamptz
      order by p.id limit ${limit}`,
    row: (x) => [
      text(x.id),
      time(x.created_at),
      text(x.user_id),
      text(x.user_name),
      text(x.kind),
      text(x.ref),
      usdt(x.amount),
      usdt(x.balance_after),
      text(x.entry_id),
    ],
  },
  deposits: {
    columns: [
      'id',
      'created_at',
      'user_id',
      'user_name',
      'asset',
      'network',
      'address',
      'tx_hash',
      'pay_amount',
      'credit_usdt',
      'usdt_per_coin',
      'rate_tick_id',
      'spread_bps',
      'status',
      'reason',
      'reviewed_by',
      'reviewed_at',
      'entry_id',
    ],
    select: (r, after, limit) => sql`select d.id, ${ts('d.created_at')} as created_at, d.user_id, u.user_name,
        d.asset, d.network, d.address, d.tx_hash, d.pay_amount_minor::text as pay_amount,
        d.amount_minor::text as amount, d.rate_minor::text as per_coin, d.rate_tick_id, d.spread_bps, d.status,
        d.reason, ad.user_name as reviewed_by, ${ts('d.reviewed_at')} as reviewed_at, d.entry_id
      from deposits d join users u on u.id = d.user_id left join admins ad on ad.id = d.reviewed_by
      where d.id > ${after} and d.created_at >= ${r.from}::timestamptz and d.created_at < ${r.to}::timestamptz
      order by d.id limit ${limit}`,
    row: (x) => [
      text(x.id),
      time(x.created_at),
      text(x.user_id),
      text(x.user_name),
      text(x.asset),
      text(x.network),
      text(x.address),
      text(x.tx_hash),
      scaled(x.pay_amount, assetScale(x.asset)),
      usdt(x.amount),
      usdt(x.per_coin),
      text(x.rate_tick_id),
      text(x.spread_bps),
      text(x.status),
      text(x.reason),
      text(x.reviewed_by),
      time(x.reviewed_at),
      text(x.entry_id),
    ],
  },
  withdrawals: {
    columns: [
      'id',
      'created_at',
      'user_id',
      'user_name',
      'asset',
      'amount',
      'fee',
      'net_amount',
      'fee_rate_ppm',
      'method',
      'destination',
      'status',
      'reason',
      'reviewed_by',
      'reviewed_at',
      'hold_entry_id',
      'settle_entry_id',
    ],
    // The card number stays sealed: a bank method is named by its bank and last four digits only.
    select: (r, after, limit) => sql`select w.id, ${ts('w.created_at')} as created_at, w.user_id, u.user_name,
        w.asset, w.amount_minor::text as amount, w.fee_minor::text as fee, w.fee_rate_ppm, m.type as method,
        case when m.type = 'bank' then m.bank_name || ' ****' || m.card_last4 else m.network || ' ' || m.address end
          as destination,
        w.status, w.reason, ad.user_name as reviewed_by, ${ts('w.reviewed_at')} as reviewed_at, w.hold_entry_id,
        w.settle_entry_id
      from withdrawals w join users u on u.id = w.user_id join withdrawal_methods m on m.id = w.method_id
        left join admins ad on ad.id = w.reviewed_by
      where w.id > ${after} and w.created_at >= ${r.from}::timestamptz and w.created_at < ${r.to}::timestamptz
      order by w.id limit ${limit}`,
    row: (x) => {
      const scale = assetScale(x.asset);
      return [
        text(x.id),
        time(x.created_at),
        text(x.user_id),
        text(x.user_name),
        text(x.asset),
        scaled(x.amount, scale),
        scaled(x.fee, scale),
        formatMinor(BigInt(String(x.amount)) - BigInt(String(x.fee)), scale),
        text(x.fee_rate_ppm),
        text(x.method),
        text(x.destination),
        text(x.status),
        text(x.reason),
        text(x.reviewed_by),
        time(x.reviewed_at),
        text(x.hold_entry_id),
        text(x.settle_entry_id),
      ];
    },
  },
  // Real-book contracts opened in the range; prices at the instrument's scale, in its quote currency.
  contracts: {
    columns: [
      'id',
      'order_no',
      'open_at',
      'user_id',
      'user_name',
      'code',
      'quote',
      'direction',
      'lots',
      'leverage',
      'open_price',
      'open_tick_id',
      'notional',
      'margin',
      'fee',
      'take_profit',
      'stop_loss',
      'expires_at',
      'status',
      'close_price',
      'close_tick_id',
      'close_at',
      'close_reason',
      'pnl',
    ],
    select: (r, after, limit) => sql`select o.id, o.order_no, ${ts('o.open_at')} as open_at, o.user_id,
        u.user_name, o.code, o.quote, o.direction, o.lots_minor::text as lots, o.leverage, o.price_scale,
        o.open_price_minor::text as open_price, o.open_tick_id, o.notional_minor::text as notional,
        o.margin_minor::text as margin, o.fee_minor::text as fee, o.take_profit_minor::text as take_profit,
        o.stop_loss_minor::text as stop_loss, ${ts('o.expires_at')} as expires_at, o.status,
        o.close_price_minor::text as close_price, o.close_tick_id, ${ts('o.close_at')} as close_at,
        o.close_reason, o.pnl_minor::text as pnl
      from option_orders o join users u on u.id = o.user_id
      where o.book = 'real' and o.id > ${after} and o.open_at >= ${r.from}::timestamptz
        and o.open_at < ${r.to}::timestamptz
      order by o.id limit ${limit}`,
    row: (x) => {
      const price = (v: unknown) => scaled(v, Number(x.price_scale));
      return [
        text(x.id),
        text(x.order_no),
        time(x.open_at),
        text(x.user_id),
        text(x.user_name),
        text(x.code),
        text(x.quote),
        text(x.direction),
        scaled(x.lots, lotScale),
        text(x.leverage),
        price(x.open_price),
        text(x.open_tick_id),
        usdt(x.notional),
        usdt(x.margin),
        usdt(x.fee),
        price(x.take_profit),
        price(x.stop_loss),
        time(x.expires_at),
        text(x.status),
        price(x.close_price),
        text(x.close_tick_id),
        time(x.close_at),
        text(x.close_reason),
        usdt(x.pnl),
      ];
    },
  },
  audit: {
    columns: [
      'id',
      'created_at',
      'admin_id',
      'admin_user_name',
      'action',
      'target',
      'before',
      'after',
      'reason',
    ],
    select: (r, after, limit) => sql`select l.id, ${ts('l.created_at')} as created_at, l.admin_id,
        ad.user_name as admin_user_name, l.action, l.target, l.before::text as before, l.after::text as after,
        l.reason
      from audit_log l left join admins ad on ad.id = l.admin_id
      where l.id > ${after} and l.created_at >= ${r.from}::timestamptz and l.created_at < ${r.to}::timestamptz
      order by l.id limit ${limit}`,
    row: (x) => [
      text(x.id),
      time(x.created_at),
      text(x.admin_id),
      text(x.admin_user_name),
      text(x.action),
      text(x.target),
      text(x.before),
      text(x.after),
      text(x.reason),
    ],
  },
};

/** The instants a range of UTC days covers: from the start of `from` to the end of `to`. */
export function rangeOf(q: ExportQuery): { from: string; to: string } {
  const from = Date.parse(`${q.from}T00:00:00Z`);
  const to = Date.parse(`${q.to}T00:00:00Z`) + dayMs;
  return { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** The rows of `kind` in the range, a batch at a time. */
export async function* exportRows(db: DbOrTx, kind: ExportKind, q: ExportQuery): AsyncGenerator<Cell[]> {
  const spec = specs[kind];
  const range = rangeOf(q);
  let afterId = 0;
  for (;;) {
    const rows = await queryRows<Raw>(db, spec.select(range, afterId, exportBatchRows));
    for (const row of rows) yield spec.row(row);
    const last = rows.at(-1);
    if (!last || rows.length < exportBatchRows) return;
    afterId = Number(last.id);
  }
}

export const exportColumns = (kind: ExportKind): readonly string[] => specs[kind].columns;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (OWASP
 * "CSV injection"). A plain signed decimal (an amount of −12.5) is a number, not a formula, and is kept.
 */
export function neutralizeFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || /^-\d+(\.\d+)?$/.test(value)) return value;
  return `'${value}`;
}

/** The CSV of `kind` in the range as a stream: UTF-8 with a BOM (spreadsheets then read every language). */
export function exportCsv(db: DbOrTx, kind: ExportKind, q: ExportQuery): Readable {
  const csv = stringify({
    header: true,
    columns: [...specs[kind].columns],
    bom: true,
    cast: { string: neutralizeFormula },
  });
  const source = Readable.from(exportRows(db, kind, q));
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}

export const exportFileName = (kind: ExportKind, q: ExportQuery) => `tradewind-${kind}-${q.from}-${q.to}.csv`;
