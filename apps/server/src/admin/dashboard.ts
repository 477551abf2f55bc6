// The back office's dashboard (issue 13): how the business stands, computed from the data each time it is
// asked — counts and sums over the business rows, liabilities from the ledger's customer accounts, exposure
// from the open contracts, the ledger audit. Nothing here is stored or typed in. The domain tables are read by
// name in SQL: several domains import admin (for the admins table), so admin importing their table modules
// would close a folder cycle (scripts/server-deps.test.ts).
import { sql } from 'drizzle-orm';
import {
  dashboardSeriesDays,
  type CountSum,
  type Dashboard,
  type DashboardDay,
  type Liability,
} from '@tradewind/contract';
import { assets, formatMinor, isAsset, usdtScale } from '@tradewind/contract/money';
import { dayMs, interestThroughDayMinor } from '@tradewind/contract/smart-math';
import { queryRows, type Db, type DbOrTx } from '../platform/db.ts';
import { auditLedger } from '../ledger/service.ts';
import { exposureOf, type MarkPrices } from '../orders/exposure.ts';

const money = (minor: bigint) => formatMinor(minor, usdtScale);
const iso = (ms: number) => new Date(ms).toISOString();
/** "2026-11-22" of an instant, in UTC. */
export const utcDay = (ms: number) => iso(ms).slice(0, 10);
const startOfUtcDay = (ms: number) => ms - (((ms % dayMs) + dayMs) % dayMs);

/** A bigint sum from SQL as text (PostgreSQL sums bigint as numeric): never a float. */
const countSumOf = (count: number, sum: string | null): CountSum => ({
  count: Number(count),
  sum: money(BigInt(sum ?? '0')),
});

async function customerCounts(db: DbOrTx, nowMs: number) {
  const [row] = await queryRows<{ total: number; d1: number; d7: number }>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where created_at > ${iso(nowMs - dayMs)}::timestamptz)::int as d1,
        count(*) filter (where created_at > ${iso(nowMs - 7 * dayMs)}::timestamptz)::int as d7
      from users`,
  );
  const [kyc] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from kyc_submissions where status = 'pending'`,
  );
  return {
    customers: Number(row?.total ?? 0),
    newCustomers24h: Number(row?.d1 ?? 0),
    newCustomers7d: Number(row?.d7 ?? 0),
    kycPending: Number(kyc?.n ?? 0),
  };
}

type QueueRow = { pending_n: number; pending_sum: string; today_n: number; today_sum: string };

/** Pending and approved-today of a review queue whose `amount_minor` is USDT. */
async function queueFigures(db: DbOrTx, table: 'deposits' | 'withdrawals', todayFromMs: number) {
  const since = iso(todayFromMs);
  // Withdrawals carry their asset; every one is USDT today, and the sum must not add other units to it.
  const usdtOnly = table === 'withdrawals' ? sql`where asset = 'USDT'` : sql``;
  const [row] = await queryRows<QueueRow>(
    db,
    sql`select count(*) filter (where status = 'pending')::int as pending_n,
        coalesce(sum(amount_minor) filter (where status = 'pending'), 0)::text as pending_sum,
        count(*) filter (where status = 'approved' and reviewed_at >= ${since}::timestamptz)::int as today_n,
        coalesce(sum(amount_minor) filter (where status = 'approved' and reviewed_at >= ${since}::timestamptz), 0)::text as today_sum
      from ${sql.identifier(table)} ${usdtOnly}`,
  );
  return {
    pending: countSumOf(row?.pending_n ?? 0, row?.pending_sum ?? '0'),
    approvedToday: countSumOf(row?.today_n ?? 0, row?.today_sum ?? '0'),
  };
}

const liabilityPurposes = {
  cash: 'cash',
  margin: 'margin',
  plan_principal: 'planPrincipal',
  bid_hold: 'bidHold',
  withdrawal_hold: 'withdrawalHold',
} as const;
type LiabilityField = (typeof liabilityPurposes)[keyof typeof liabilityPurposes];

/** The real book's customer accounts, summed per asset and purpose (balances the ledger keeps by trigger). */
async function liabilities(db: DbOrTx): Promise<Liability[]> {
  const rows = await queryRows<{ asset: string; purpose: string; total: string }>(
    db,
    sql`select asset, purpose, sum(balance_minor)::text as total from ledger_accounts
      where owner_type = 'user' and book = 'real' group by asset, purpose order by asset`,
  );
  const byAsset = new Map<string, Record<LiabilityField, bigint>>();
  for (const row of rows) {
    const field = liabilityPurposes[row.purpose as keyof typeof liabilityPurposes];
    // A customer purpose the dashboard does not know is a programmer error: it would go missing silently.
    if (!field) throw new Error(`customer account purpose ${row.purpose} is not on the dashboard`);
    const figures = byAsset.get(row.asset) ?? {
      cash: 0n,
      margin: 0n,
      planPrincipal: 0n,
      bidHold: 0n,
      withdrawalHold: 0n,
    };
    figures[field] += BigInt(row.total);
    byAsset.set(row.asset, figures);
  }
  return [...byAsset].map(([asset, f]) => {
    const scale = isAsset(asset) ? assets[asset].scale : 0;
    const out = (minor: bigint) => formatMinor(minor, scale);
    return {
      asset,
      cash: out(f.cash),
      margin: out(f.margin),
      planPrincipal: out(f.planPrincipal),
      bidHold: out(f.bidHold),
      withdrawalHold: out(f.withdrawalHold),
      total: out(f.cash + f.margin + f.planPrincipal + f.bidHold + f.withdrawalHold),
    };
  });
}

const smartBatch = 1000;

/**
 * Interest of earning plans due by `horizonMs` and not yet paid: for each plan, the days after the last paid
 * one through the last anniversary before the horizon (days are paid in order, so paid days are 1…paid).
 * Added up with smart-math, the arithmetic the interest job pays with, in batches of plans.
 */
async function smartInterestDue(db: DbOrTx, horizonMs: number) {
  let [orders, due, afterId] = [0, 0n, 0];
  for (;;) {
    const rows = await queryRows<{
      id: number;
      amount: string;
      rate: number;
      days: number;
      start_ms: string;
      paid: number;
    }>(
      db,
      sql`select o.id, o.amount_minor::text as amount, o.daily_rate_e8 as rate, o.days,
          (extract(epoch from o.start_at) * 1000)::bigint::text as start_ms,
          coalesce((select max(p.day) from smart_interest_payments p where p.order_id = o.id), 0)::int as paid
        from smart_orders o where o.status = 'earning' and o.id > ${afterId} order by o.id limit ${smartBatch}`,
    );
    for (const row of rows) {
      const through = Math.min(row.days, Math.floor((horizonMs - Number(row.start_ms)) / dayMs));
      if (through <= row.paid) continue;
      const [amount, rate] = [BigInt(row.amount), BigInt(row.rate)];
      due += interestThroughDayMinor(amount, rate, through) - interestThroughDayMinor(amount, rate, row.paid);
      orders += 1;
    }
    const last = rows.at(-1);
    if (!last || rows.length < smartBatch) break;
    afterId = Number(last.id);
  }
  return { orders, sum: money(due) };
}

const owed = sql.raw('repay_minor + late_charge_minor - paid_principal_minor - paid_income_minor');

async function loanBook(db: DbOrTx) {
  const [row] = await queryRows<{
    n: number;
    p: string;
    r: string;
    od_n: number;
    od_p: string;
    od_r: string;
  }>(
    db,
    // What is still owed (migration 0029): principal less what repayments returned, and the amount to
    // repay with the late cost accrued, less everything repaid.
    sql`select count(*) filter (where status in ('repaying', 'overdue'))::int as n,
        coalesce(sum(amount_minor - paid_principal_minor) filter (where status in ('repaying', 'overdue')), 0)::text as p,
        coalesce(sum(${owed}) filter (where status in ('repaying', 'overdue')), 0)::text as r,
        count(*) filter (where status = 'overdue')::int as od_n,
        coalesce(sum(amount_minor - paid_principal_minor) filter (where status = 'overdue'), 0)::text as od_p,
        coalesce(sum(${owed}) filter (where status = 'overdue'), 0)::text as od_r
      from loans`,
  );
  const figures = (count: number, principal: string, repayable: string) => ({
    count: Number(count),
    principal: money(BigInt(principal)),
    repayable: money(BigInt(repayable)),
  });
  return {
    outstanding: figures(row?.n ?? 0, row?.p ?? '0', row?.r ?? '0'),
    overdue: figures(row?.od_n ?? 0, row?.od_p ?? '0', row?.od_r ?? '0'),
  };
}

async function charityPayable(db: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ held: string }>(
    db,
    sql`select coalesce(sum(balance_minor), 0)::text as held from ledger_accounts
      where owner_type = 'platform' and book = 'real' and asset = 'USDT' and purpose = 'charity_payable'`,
  );
  return money(BigInt(row?.held ?? '0'));
}

type DayRow = { day: string; n: number; total: string };

/** The last `dashboardSeriesDays` UTC days: approvals of deposits and withdrawals, and sign-ups, per day. */
async function series(db: DbOrTx, todayFromMs: number): Promise<DashboardDay[]> {
  const since = iso(todayFromMs - (dashboardSeriesDays - 1) * dayMs);
  const perDay = (table: 'deposits' | 'withdrawals') =>
    queryRows<DayRow>(
      db,
      sql`select to_char(reviewed_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n,
          sum(amount_minor)::text as total
        from ${sql.identifier(table)}
        where status = 'approved' and reviewed_at >= ${since}::timestamptz ${table === 'withdrawals' ? sql`and asset = 'USDT'` : sql``}
        group by 1`,
    );
  const [deposits, withdrawals, signUps] = [
    await perDay('deposits'),
    await perDay('withdrawals'),
    await queryRows<DayRow>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n, '0' as total
        from users where created_at >= ${since}::timestamptz group by 1`,
    ),
  ];
  const index = (rows: DayRow[]) => new Map(rows.map((r) => [r.day, r]));
  const [d, w, u] = [index(deposits), index(withdrawals), index(signUps)];
  return Array.from({ length: dashboardSeriesDays }, (_, i) => {
    const day = utcDay(todayFromMs - (dashboardSeriesDays - 1 - i) * dayMs);
    return {
      day,
      deposits: countSumOf(d.get(day)?.n ?? 0, d.get(day)?.total ?? '0'),
      withdrawals: countSumOf(w.get(day)?.n ?? 0, w.get(day)?.total ?? '0'),
      newCustomers: Number(u.get(day)?.n ?? 0),
    };
  });
}

/** Every figure of the dashboard at `nowMs`, with contracts valued at the feed's latest prices. */
/** A live source as the feed reports it (market/feed.ts `liveSources`). */
export type LiveSource = { name: string; ageMs: number | undefined; live: boolean };

export async function dashboardOf(
  db: Db,
  marks: MarkPrices,
  nowMs: number,
  liveSources: readonly LiveSource[] = [],
): Promise<Dashboard> {
  const todayFrom = startOfUtcDay(nowMs);
  const [deposits, withdrawals] = [
    await queueFigures(db, 'deposits', todayFrom),
    await queueFigures(db, 'withdrawals', todayFrom),
  ];
  const audit = await auditLedger(db);
  return {
    at: nowMs,
    todayFrom,
    ...(await customerCounts(db, nowMs)),
    depositsPending: deposits.pending,
    depositsApprovedToday: deposits.approvedToday,
    withdrawalsPending: withdrawals.pending,
    withdrawalsApprovedToday: withdrawals.approvedToday,
    liabilities: await liabilities(db),
    exposure: await exposureOf(db, 'real', marks, nowMs),
    smartInterestDue7d: await smartInterestDue(db, nowMs + 7 * dayMs),
    loans: await loanBook(db),
    charityPayable: await charityPayable(db),
    ledgerBalanced: audit.balanced && audit.negativeCustomerAccounts === 0 && audit.accountsMatchingPostings,
    ledger: {
      entryCount: audit.entryCount,
      negativeCustomerAccounts: audit.negativeCustomerAccounts,
      accountsMatchingPostings: audit.accountsMatchingPostings,
    },
    series: await series(db, todayFrom),
    feeds: liveSources.map(({ name, live, ageMs }) => ({
      name,
      live,
      ageMs: ageMs === undefined ? null : Math.round(ageMs),
    })),
  };
}
