// The loans domain wired together (issue 10 "Loans"): products, agreements, applications, the customer's
// loans, repayment, and the loans job: reminders before the date, repayment from cash from the date on, overdue
// with its late cost (overdue.ts, late.ts). The job runs on the feed's leader only (one per cluster; in-process
// when embedded), reads time from the injected clock, and is runnable on demand (`runOverdue`); running it
// twice, or on two nodes at once, takes, charges, marks and notifies each loan once.
import { and, count, desc, eq, lt } from 'drizzle-orm';
import {
  codes,
  loanAgreementValidMs,
  type Book,
  type LoanBody,
  type LoanRecord,
  type Page,
} from '@tradewind/contract';
import type { Ctx } from '../platform/context.ts';
import { LeaderJob, type Leadership } from '../platform/leader-job.ts';
import type { Tx } from '../platform/db.ts';
import type { Locale } from '../platform/i18n.ts';
import { AppError } from '../platform/errors.ts';
import { issueAgreement, prepareApplication, storeApplication } from './apply.ts';
import { readSignedAgreement } from './files.ts';
import { remind, settleDueLoans } from './overdue.ts';
import { productName } from './products.ts';
import { repayLoan } from './repay.ts';
import { loanAgreements, loanProducts, loans, type LoanRow } from './tables.ts';
import { loanView } from './view.ts';

export type { Leadership };

export class Loans {
  private readonly job: LeaderJob<number>;

  constructor(
    private readonly ctx: Ctx,
    leadership: Leadership,
    everyMs = 60_000,
  ) {
    this.job = new LeaderJob(ctx, leadership, {
      name: 'loans overdue',
      everyMs,
      run: async (nowMs, db) => {
        await remind(db, nowMs);
        const marked = await settleDueLoans(db, nowMs);
        await db.transaction((tx) =>
          tx
            .delete(loanAgreements)
            .where(lt(loanAgreements.createdAt, new Date(nowMs - loanAgreementValidMs))),
        );
        return marked;
      },
    });
  }

  /** Starts the overdue job on the leader: a first run at once (catching up after downtime), then periodic. */
  start(): void {
    this.job.start();
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /**
   * Reminds, repays from cash and marks overdue the loans at or past their date (charging late days), and
   * forgets agreements older than 24 h; answers how many loans this run made overdue.
   */
  runOverdue(): Promise<number> {
    return this.job.run(this.ctx.clock.now());
  }

  agreement(userId: number, productId: number, amount: string, locale: Locale) {
    return issueAgreement(this.ctx, { userId, productId, amount, locale });
  }

  prepare(userId: number, book: Book, body: LoanBody) {
    return prepareApplication(this.ctx, { userId, book, body });
  }

  store(tx: Tx, application: Awaited<ReturnType<typeof prepareApplication>>) {
    return storeApplication(this.ctx, tx, application);
  }

  repay(tx: Tx, userId: number, id: number, quotedOwed?: string): Promise<LoanRow> {
    return repayLoan(tx, userId, id, new Date(this.ctx.clock.now()), quotedOwed);
  }

  async view(tx: Tx | Ctx['db'], row: LoanRow, locale: Locale): Promise<LoanRecord> {
    const [product] = await tx.select().from(loanProducts).where(eq(loanProducts.id, row.productId));
    return loanView(row, product ? productName(product, locale) : '');
  }

  async list(userId: number, locale: Locale, q: { page: number; size: number }): Promise<Page<LoanRecord>> {
    const mine = eq(loans.userId, userId);
    const [total] = await this.ctx.db.select({ n: count() }).from(loans).where(mine);
    const rows = await this.ctx.db
      .select({ l: loans, p: loanProducts })
      .from(loans)
      .innerJoin(loanProducts, eq(loanProducts.id, loans.productId))
      .where(mine)
      .orderBy(desc(loans.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    return {
      list: rows.map(({ l, p }) => loanView(l, productName(p, locale))),
      total: total?.n ?? 0,
      page: q.page,
      size: q.size,
    };
  }

  /** The signed PDF of a loan: the owner's only (another customer's id: 10111), or any for staff. */
  async signedAgreement(id: number, ownerId: number | undefined): Promise<Buffer> {
    const where = ownerId === undefined ? eq(loans.id, id) : and(eq(loans.id, id), eq(loans.userId, ownerId));
    const [row] = await this.ctx.db.select({ file: loans.signedFile }).from(loans).where(where);
    if (!row) throw new AppError(codes.notFound);
    return readSignedAgreement(this.ctx.config, row.file);
  }
}
