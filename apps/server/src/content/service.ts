// Public content pages.
import { asc, eq } from 'drizzle-orm';
import { codes, type ContentDetail, type ContentItem } from '@tradewind/contract';
import { AppError } from '../platform/errors.ts';
import type { DbOrTx } from '../platform/db.ts';
import { contents } from './tables.ts';
import { sanitizeHtml } from './sanitize.ts';

/** Company, policy and statement links for the footer (types 1–3) plus FAQ and notices, in one language group. */
export async function listContents(db: DbOrTx, langGroup: 1 | 2): Promise<ContentItem[]> {
  const rows = await db
    .select({ id: contents.id, title: contents.title, type: contents.type })
    .from(contents)
    .where(eq(contents.langGroup, langGroup))
    .orderBy(asc(contents.type), asc(contents.sort), asc(contents.id));
  return rows.map((r) => ({ id: String(r.id), title: r.title, type: r.type }));
}

export async function getContent(db: DbOrTx, id: number): Promise<ContentDetail> {
  const [row] = await db.select().from(contents).where(eq(contents.id, id)).limit(1);
  if (!row) throw new AppError(codes.notFound);
  return { id: String(row.id), title: row.title, type: row.type, result: sanitizeHtml(row.body) };
}
