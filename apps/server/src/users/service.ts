// The account's own data: profile plus the selected book's balances.
import { eq } from 'drizzle-orm';
import type { Book, UserInfoWithBook } from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { assets, formatMinor } from '@tradewind/contract/money';
import { bookSummary } from '../ledger/service.ts';
import { assert } from '../platform/errors.ts';
import { users } from './tables.ts';
import { toUserInfo } from './view.ts';

export async function getUserInfo(ctx: Ctx, userId: number, book: Book): Promise<UserInfoWithBook> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The guard found this user a moment ago and users are never deleted.
  assert(user, `user ${userId} of a live session exists`);
  const { balanceMinor, frozenMinor } = await bookSummary(ctx.db, user.id, book);
  const scale = assets.USDT.scale;
  let unrealizedMinor = 0n;
  for (const pnl of ctx.unrealizedPnl) unrealizedMinor += await pnl(user.id, book);
  return {
    ...toUserInfo(user),
    book,
    balance: formatMinor(balanceMinor, scale),
    frozen: formatMinor(frozenMinor, scale),
    // Open contracts' margin is in `frozen`; their unrealized P&L (never below −margin) completes equity.
    equity: formatMinor(balanceMinor + frozenMinor + unrealizedMinor, scale),
  };
}
