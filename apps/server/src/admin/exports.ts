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
/** A CSV column: its header, which is also the SQL alias it reads, and how the value is written. */
type Column = { name: string; cell: (raw: Raw) => Cell };
type Spec = {
  columns: Column[];
  /** Rows with id > `afterId` whose time is in [from, to), oldest id first, at most `limit`. */
  select: (range: { from: string; to: string }, afterId: number, limit: number) => SQL;
};

const present = (v: unknown): v is NonNullable<unknown> => v !== null && v !== undefined;
const assetScale = (asset: unknown) =>
  typeof asset === 'string' && isAsset(asset) ? assets[asset].scale : 0;

/** Column builders: as the database sent it, a time in ISO 8601 UTC, minor units at a scale. */
const col = {
  text: (name: string): Column => ({ name, cell: (x) => (present(x[name]) ? String(x[name]) : null) }),
  time: (name: string): Column => ({
    name,
    cell: (x) => {
      const v = x[name];
      return present(v) ? (v instanceof Date ? v : new Date(String(v))).toISOString() : null;
    },
  }),
  minor: (name: string, scale: (raw: Raw) => number = () => usdtScale): Column => ({
    name,
    cell: (x) => (present(x[name]) ? formatMinor(BigInt(String(x[name])), scale(x)) : null),
  }),
};
const texts = (...names: string[]) => names.map(col.text);
const ofAsset = (x: Raw) => assetScale(x.asset);
const ofPrice = (x: Raw) => Number(x.price_scale);

/** Timestamps as text with their zone, so both drivers hand back the same thing. */
const ts = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const specs: Record<ExportKind, Spec> = {
  // The real book's cash lines of every customer: what each customer sees as fund records.
  'fund-records': {
    columns: [
      col.text('id'),
      col.time('created_at'),
      ...texts('user_id', 'user_name', 'kind', 'ref'),
      col.minor('amount'),
      col.minor('balance_after'),
      col.text('entry_id'),
    ],
    select: (r, after, limit) => sql`select p.id, ${ts('p.created_at')} as created_at, a.user_id,
        u.user_name, e.kind, e.ref, p.amount_minor::text as amount, p.balance_after_minor::text as balance_after,
        p.entry_id
      from postings p join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
        join users u on u.id = a.user_id
      where a.owner_type = 'user' and a.book = 'real' and a.purpose = 'cash' and p.id > ${after}
        and p.created_at >= ${r.from}::timestamptz and p.created_at < ${r.to}::timestamptz
      order by p.id limit ${limit}`,
  },
  deposits: {
    columns: [
      col.text('id'),
      col.time('created_at'),
      ...texts('user_id', 'user_name', 'asset', 'network', 'address', 'tx_hash'),
      col.minor('pay_amount', ofAsset),
      col.minor('credit_usdt'),
      col.minor('usdt_per_coin'),
      ...texts('rate_tick_id', 'spread_bps', 'status', 'reason', 'reviewed_by'),
      col.time('reviewed_at'),
      col.text('entry_id'),
    ],
    select: (r, after, limit) => sql`select d.id, ${ts('d.created_at')} as created_at, d.user_id, u.user_name,
        d.asset, d.network, d.address, d.tx_hash, d.pay_amount_minor::text as pay_amount,
        d.amount_minor::text as credit_usdt, d.rate_minor::text as usdt_per_coin, d.rate_tick_id, d.spread_bps,
        d.status, d.reason, ad.user_name as reviewed_by, ${ts('d.reviewed_at')} as reviewed_at, d.entry_id
      from deposits d join users u on u.id = d.user_id left join admins ad on ad.id = d.reviewed_by
      where d.id > ${after} and d.created_at >= ${r.from}::timestamptz and d.created_at < ${r.to}::timestamptz
      order by d.id limit ${limit}`,
  },
  withdrawals: {
    columns: [
      col.text('id'),
      col.time('created_at'),
      ...texts('user_id', 'user_name', 'asset'),
      col.minor('amount', ofAsset),
      col.minor('fee', ofAsset),
      col.minor('net_amount', ofAsset),
      ...texts('fee_rate_ppm', 'method', 'destination', 'status', 'reason', 'reviewed_by'),
      col.time('reviewed_at'),
      ...texts('hold_entry_id', 'settle_entry_id'),
    ],
    // The card number stays sealed: a bank method is named by its bank and last four digits only.
    select: (r, after, limit) => sql`select w.id, ${ts('w.created_at')} as created_at, w.user_id, u.user_name,
        w.asset, w.amount_minor::text as amount, w.fee_minor::text as fee,
        (w.amount_minor - w.fee_minor)::text as net_amount, w.fee_rate_ppm, m.type as method,
        case when m.type = 'bank' then m.bank_name || ' ****' || m.card_last4 else m.network || ' ' || m.address end
          as destination,
        w.status, w.reason, ad.user_name as reviewed_by, ${ts('w.reviewed_at')} as reviewed_at, w.hold_entry_id,
        w.settle_entry_id
      from withdrawals w join users u on u.id = w.user_id join withdrawal_methods m on m.id = w.method_id
        left join admins ad on ad.id = w.reviewed_by
      where w.id > ${after} and w.created_at >= ${r.from}::timestamptz and w.created_at < ${r.to}::timestamptz
      order by w.id limit ${limit}`,
  },
  // Real-book contracts opened in the range; prices at the instrument's scale, in its quote currency.
  contracts: {
    columns: [
      ...texts('id', 'order_no'),
      col.time('open_at'),
      ...texts('user_id', 'user_name', 'code', 'quote', 'direction'),
      col.minor('lots', () => lotScale),
      col.text('leverage'),
      col.minor('open_price', ofPrice),
      col.text('open_tick_id'),
      col.minor('notional'),
      col.minor('margin'),
      col.minor('fee'),
      col.minor('take_profit', ofPrice),
      col.minor('stop_loss', ofPrice),
      col.time('expires_at'),
      col.text('status'),
      col.minor('close_price', ofPrice),
      col.text('close_tick_id'),
      col.time('close_at'),
      col.text('close_reason'),
      col.minor('pnl'),
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
  },
  audit: {
    columns: [
      col.text('id'),
      col.time('created_at'),
      ...texts('admin_id', 'admin_user_name', 'action', 'target', 'before', 'after', 'reason'),
    ],
    select: (r, after, limit) => sql`select l.id, ${ts('l.created_at')} as created_at, l.admin_id,
        ad.user_name as admin_user_name, l.action, l.target, l.before::text as before, l.after::text as after,
        l.reason
      from audit_log l left join admins ad on ad.id = l.admin_id
      where l.id > ${after} and l.created_at >= ${r.from}::timestamptz and l.created_at < ${r.to}::timestamptz
      order by l.id limit ${limit}`,
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
    for (const row of rows) yield spec.columns.map((c) => c.cell(row));
    const last = rows.at(-1);
    if (!last || rows.length < exportBatchRows) return;
    afterId = Number(last.id);
  }
}

export const exportColumns = (kind: ExportKind): readonly string[] => specs[kind].columns.map((c) => c.name);

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
    columns: exportColumns(kind).slice(),
    bom: true,
    cast: { string: neutralizeFormula },
  });
  const source = Readable.from(exportRows(db, kind, q));
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}

export const exportFileName = (kind: ExportKind, q: ExportQuery) => `tradewind-${kind}-${q.from}-${q.to}.csv`;
