// The public donation ledger (CONTRACT.md listDonation): every settled auction (bid hold → charity payable)
// and every payout to the charity (charity payable → charity paid), newest first, each naming its journal
// entry; and the totals, which add up by construction: donated = held (the charity payable balance) +
// paid out. Recording a payout is the back office's (nft/admin.ts) and never pays more than is held.
import { sql } from 'drizzle-orm';
import {
  codes,
  type AdminNftPayoutBody,
  type DonationPage,
  type DonationTotals,
  type NftPayout,
} from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import { queryRows, type DbOrTx, type Tx } from '../platform/db.ts';
import { AppError, assert } from '../platform/errors.ts';
import { accountId, lockAccount, type AccountKey } from '../ledger/accounts.ts';
import { ledgerAccounts } from '../ledger/tables.ts';
import { post } from '../ledger/post.ts';
import { nftPayouts, type NftPayoutRow } from './tables.ts';
import { money } from './view.ts';

const charityPayable = {
  owner: 'platform',
  book: 'real',
  asset: 'USDT',
  purpose: 'charity_payable',
} as const satisfies AccountKey;

/** The donation total of the collection (the figure on every card). */
export async function donatedMinor(db: DbOrTx): Promise<bigint> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(amount_minor), 0)::text as total from nft_donations`,
  );
  return BigInt(row?.total ?? '0');
}

export async function donationTotals(db: DbOrTx): Promise<DonationTotals> {
  const [row] = await queryRows<{ donated: string; paid: string; held: string }>(
    db,
    sql`select
      (select coalesce(sum(amount_minor), 0) from nft_donations)::text as donated,
      (select coalesce(sum(amount_minor), 0) from nft_payouts)::text as paid,
      (select coalesce(sum(balance_minor), 0) from ledger_accounts
        where owner_type = 'platform' and book = 'real' and asset = 'USDT'
          and purpose = 'charity_payable')::text as held`,
  );
  return {
    donated: money(BigInt(row?.donated ?? '0')),
    paidOut: money(BigInt(row?.paid ?? '0')),
    held: money(BigInt(row?.held ?? '0')),
  };
}

type LedgerLine = {
  kind: 'donation' | 'payout';
  id: string;
  nft_id: string | null;
  nft_name: string | null;
  amount: string;
  at_ms: string;
  entry_id: string;
  reference: string | null;
  paid_at: string | null;
};

export async function listDonations(db: DbOrTx, q: { page: number; size: number }): Promise<DonationPage> {
  const lines = sql`
    select 'donation' as kind, d.id, d.nft_id, n.name as nft_name, d.amount_minor, d.created_at as at,
      d.entry_id, null::text as reference, null::date as paid_at
    from nft_donations d join nfts n on n.id = d.nft_id
    union all
    select 'payout', p.id, null, null, p.amount_minor, p.created_at, p.entry_id, p.reference, p.paid_at
    from nft_payouts p`;
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${lines}) x`);
  const rows = await queryRows<LedgerLine>(
    db,
    sql`select kind, id::text as id, nft_id::text as nft_id, nft_name, amount_minor::text as amount,
        (extract(epoch from at) * 1000)::bigint::text as at_ms, entry_id::text as entry_id, reference,
        to_char(paid_at, 'YYYY-MM-DD') as paid_at
      from (${lines}) x order by at desc, kind, id desc
      limit ${q.size} offset ${(q.page - 1) * q.size}`,
  );
  return {
    list: rows.map((r) => ({
      id: `${r.kind}-${r.id}`,
      kind: r.kind,
      ...(r.nft_id ? { nftId: r.nft_id } : {}),
      ...(r.nft_name ? { nftName: r.nft_name } : {}),
      amount: money(BigInt(r.amount)),
      at: Number(r.at_ms),
      entryId: r.entry_id,
      ...(r.reference ? { reference: r.reference } : {}),
      ...(r.paid_at ? { paidAt: r.paid_at } : {}),
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
    size: q.size,
    totals: await donationTotals(db),
  };
}

export function payoutView(row: NftPayoutRow): NftPayout {
  return {
    id: String(row.id),
    amount: money(row.amountMinor),
    reference: row.reference,
    paidAt: row.paidAt,
    entryId: String(row.entryId),
    adminId: String(row.adminId),
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * Records a payout to the charity in the caller's transaction: charity payable → charity paid. The payable
 * account is locked before its balance is read, so two payouts at once cannot together pay out more than
 * is held (above it: 10132). A date in the future, or not a real date: 400 on `paidAt`.
 */
export async function recordPayout(
  tx: Tx,
  adminId: number,
  body: AdminNftPayoutBody,
  now: Date,
): Promise<NftPayoutRow> {
  const day = new Date(`${body.paidAt}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== body.paidAt || day > now)
    throw new AppError(codes.paramsEmpty, {}, { paidAt: { key: 'invalid' } });
  const amountMinor = tryParseDecimal(body.amount, assets.USDT.scale);
  assert(amountMinor !== undefined, 'amount was checked by the contract schema');
  const payableId = await accountId(tx, charityPayable, now);
  await lockAccount(tx, payableId);
  const [held] = await tx
    .select({ balance: ledgerAccounts.balanceMinor })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.id} = ${payableId}`);
  if (amountMinor > (held?.balance ?? 0n)) throw new AppError(codes.payoutAboveBalance);
  const entry = await post(
    tx,
    {
      book: 'real',
      kind: 'nft_payout',
      ref: 'charity',
      memo: body.reference,
      lines: [
        { account: charityPayable, amountMinor: -amountMinor },
        { account: { ...charityPayable, purpose: 'charity_paid' }, amountMinor },
      ],
    },
    now,
  );
  assert(entry.ok, 'a payout moves platform accounts only');
  const [row] = await tx
    .insert(nftPayouts)
    .values({
      amountMinor,
      reference: body.reference,
      paidAt: body.paidAt,
      entryId: entry.entryId,
      adminId,
      createdAt: now,
    })
    .returning();
  assert(row, 'payout inserted');
  return row;
}
