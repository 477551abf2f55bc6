// The smart-plans domain wired together (CONTRACT.md "Orders", issue 10): buying, the customer's orders, the
// early exit, the auto-renew switch, and the daily interest job. The job runs on the feed's leader only (one
// per cluster; in-process when embedded) and is also runnable on demand (`runDue`), driven by the injected
// clock; running it twice, or on two nodes at once, pays each day once (interest.ts).
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { codes, type Book, type BuySmartBody, type Page, type SmartOrder } from '@tradewind/contract';
import type { SmartOrderStatus } from '@tradewind/contract/smart-math';
import type { Ctx } from '../platform/context.ts';
import { LeaderJob, type Leadership } from '../platform/leader-job.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError } from '../platform/errors.ts';
import type { Locale } from '../platform/i18n.ts';
import { buySmart } from './buy.ts';
import { runDue, type RunResult } from './interest.ts';
import { paidOf } from './paid.ts';
import { localized } from './products.ts';
import { lockMine, redeemSmart } from './redeem.ts';
import { smartOrders, smartProducts, type SmartOrderRow } from './tables.ts';
import { smartOrderView } from './view.ts';

export type { Leadership };

export type SmartOptions = {
  /** How often the leader looks for due days (real time; what is due is read from the injected clock). */
  everyMs?: number;
};

export class SmartPlans {
  private readonly job: LeaderJob<RunResult>;

  constructor(
    private readonly ctx: Ctx,
    leadership: Leadership,
    options: SmartOptions = {},
  ) {
    this.job = new LeaderJob(ctx, leadership, {
      name: 'smart interest',
      everyMs: options.everyMs ?? 30_000,
      run: (nowMs, db) =>
        runDue(db, nowMs, {
          onError: (err, due) => ctx.log.error({ err, ...due }, 'smart: paying a day failed'),
        }),
    });
  }

  /** Starts the interest job on the leader: a first run at once (catching up after downtime), then periodic. */
  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Pays every day due by `nowMs` (runs of one instance take turns; instances may race safely). */
  runDue(nowMs: number): Promise<RunResult> {
    return this.job.run(nowMs);
  }

  buy(tx: Tx, userId: number, book: Book, body: BuySmartBody): Promise<SmartOrderRow> {
    return buySmart(tx, { userId, book, body, now: new Date(this.ctx.clock.now()) });
  }

  redeem(tx: Tx, userId: number, id: number, quotedPenalty: string): Promise<SmartOrderRow> {
    return redeemSmart(tx, { userId, id, quotedPenalty, now: new Date(this.ctx.clock.now()) });
  }

  /** The switch, while earning; another customer's id is 10111, an order no longer earning 10112. */
  async setAutoRenew(userId: number, id: number, autoRenew: boolean): Promise<SmartOrderRow> {
    return this.ctx.db.transaction(async (tx) => {
      const row = await lockMine(tx, userId, id);
      if (row.status !== 'earning') throw new AppError(codes.termsChanged);
      if (row.autoRenew === autoRenew) return row;
      const [updated] = await tx
        .update(smartOrders)
        .set({ autoRenew })
        .where(eq(smartOrders.id, id))
        .returning();
      if (!updated) throw new AppError(codes.notFound);
      return updated;
    });
  }

  /** The customer's own order, or 10111. */
  async mine(userId: number, id: number): Promise<SmartOrderRow> {
    const [row] = await this.ctx.db
      .select()
      .from(smartOrders)
      .where(and(eq(smartOrders.id, id), eq(smartOrders.userId, userId)))
      .limit(1);
    if (!row) throw new AppError(codes.notFound);
    return row;
  }

  async list(
    userId: number,
    locale: Locale,
    q: { page: number; size: number; status?: SmartOrderStatus | undefined },
  ): Promise<Page<SmartOrder>> {
    const where: SQL[] = [eq(smartOrders.userId, userId)];
    if (q.status) where.push(eq(smartOrders.status, q.status));
    const [total] = await this.ctx.db
      .select({ n: count() })
      .from(smartOrders)
      .where(and(...where));
    const rows = await this.ctx.db
      .select()
      .from(smartOrders)
      .where(and(...where))
      .orderBy(desc(smartOrders.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return {
      list: await this.views(this.ctx.db, rows, locale),
      total: total?.n ?? 0,
      page: q.page,
      size: q.size,
    };
  }

  async view(db: DbOrTx, row: SmartOrderRow, locale: Locale): Promise<SmartOrder> {
    const [v] = await this.views(db, [row], locale);
    if (!v) throw new AppError(codes.notFound);
    return v;
  }

  private async views(db: DbOrTx, rows: SmartOrderRow[], locale: Locale): Promise<SmartOrder[]> {
    if (rows.length === 0) return [];
    const paid = await paidOf(
      db,
      rows.map((r) => r.id),
    );
    const productIds = [...new Set(rows.map((r) => r.productId))];
    const products = await db
      .select({ id: smartProducts.id, names: smartProducts.names })
      .from(smartProducts)
      .where(inArray(smartProducts.id, productIds));
    const names = new Map(products.map((p) => [p.id, localized(p.names, locale)]));
    return rows.map((row) =>
      smartOrderView(
        row,
        names.get(row.productId) ?? '',
        paid.get(row.id) ?? { interestPaidMinor: 0n, daysPaid: 0 },
        this.ctx.clock.now(),
      ),
    );
  }
}
