// The account's own data: profile plus the selected book's balances.
import type { Book, UserInfoWithBook } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { assets, formatMinor } from '@tradewind/contract/money';
import { bookSummary } from '../ledger/service.ts';
import type { UserRow } from './tables.ts';
import { toUserInfo } from './view.ts';

export async function getUserInfo(ctx: Ctx, user: UserRow, book: Book): Promise<UserInfoWithBook> {
  const { balanceMinor, frozenMinor } = await bookSummary(ctx.db, user.id, book);
  const scale = assets.USDT.scale;
  return {
    ...toUserInfo(user),
    book,
    balance: formatMinor(balanceMinor, scale),
    frozen: formatMinor(frozenMinor, scale),
    // Unrealized P&L of open contracts joins equity when contracts exist (orders domain).
    equity: formatMinor(balanceMinor + frozenMinor, scale),
  };
}
