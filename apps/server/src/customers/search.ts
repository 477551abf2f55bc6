// Finding a customer: part of a user name or e-mail, or exactly an id or an invite code. Exact hits come
// first, then the newest accounts; each page carries both books' free cash, read in one query.
import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerListItem, CustomersQuery, Page } from '@tradewind/contract';
import { formatMinor, usdtScale } from '@tradewind/contract/money';
import type { DbOrTx } from '../platform/db.ts';
import { users } from '../users/tables.ts';
import { toUserInfo } from '../users/view.ts';
import { countOf } from './format.ts';
import { usdtAccountsOf } from './money.ts';

/** `%` and `_` typed by the operator are letters, not wildcards. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An id the column can hold: digits only, at most 2^53 − 1 (ids on the wire, `idString`). */
const asId = (keyword: string): number | undefined =>
  /^\d{1,16}$/.test(keyword) && Number(keyword) <= Number.MAX_SAFE_INTEGER ? Number(keyword) : undefined;

function matching(keyword: string): { where: SQL | undefined; order: SQL[] } {
  const id = asId(keyword);
  const like = `%${escapeLike(keyword)}%`;
  const exact = or(
    id === undefined ? undefined : eq(users.id, id),
    eq(users.inviteCode, keyword.toUpperCase()),
    sql`lower(${users.userName}) = lower(${keyword})`,
    sql`lower(${users.email}) = lower(${keyword})`,
  );
  return {
    where: or(ilike(users.userName, like), ilike(users.email, like), exact),
    order: exact ? [sql`(${exact}) desc`] : [],
  };
}

export async function searchCustomers(db: DbOrTx, q: CustomersQuery): Promise<Page<CustomerListItem>> {
  const keyword = q.keyword?.trim() ?? '';
  const { where, order } = keyword ? matching(keyword) : { where: undefined, order: [] };
  const total = await countOf(db, users, where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...order, desc(users.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const cash = await cashOf(
    db,
    rows.map((r) => r.id),
  );
  const money = (userId: number, book: string) => formatMinor(cash.get(`${userId}:${book}`) ?? 0n, usdtScale);
  return {
    list: rows.map((row) => ({
      ...toUserInfo(row),
      realCash: money(row.id, 'real'),
      demoCash: money(row.id, 'demo'),
    })),
    total,
    page: q.page,
    size: q.size,
  };
}

/** Free USDT cash of the users, keyed `<userId>:<book>`. */
async function cashOf(db: DbOrTx, userIds: number[]): Promise<Map<string, bigint>> {
  const accounts = await usdtAccountsOf(db, userIds);
  const cash = accounts.filter((a) => a.purpose === 'cash');
  return new Map(cash.map((a) => [`${a.userId}:${a.book}`, a.balance]));
}
