// The back office's parameter editor (editParams): every parameter with how it may be edited, and one change
// at a time, checked against what its reader accepts, with an audit row (before, after, reason) written in
// the same transaction as the change.
import { and, asc, eq } from 'drizzle-orm';
import { codes, type AdminParam, type EditableParamKey } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import type { Ctx } from '../platform/context.ts';
import type { Locale } from '../platform/i18n.ts';
import type { DbOrTx, Tx } from '../platform/db.ts';
import { AppError, type FieldProblem } from '../platform/errors.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AdminIdentity } from '../platform/admin-identity.ts';
import { contents } from '../content/tables.ts';
import { params } from './tables.ts';
import { checkParam, isPublicParam, paramSpecs, type ParamSpec } from './param-specs.ts';
import type { DerivedParams } from './routes.ts';

function view(key: string, spec: ParamSpec | 'derived', value: string, updatedAt: Date | null): AdminParam {
  if (spec === 'derived') return { key, value, kind: 'derived', public: isPublicParam(key), updatedAt: null };
  const bounds =
    spec.kind === 'decimal'
      ? { min: spec.min, max: spec.max, scale: spec.scale }
      : spec.kind === 'integer'
        ? { min: String(spec.min), max: String(spec.max) }
        : {};
  return {
    key,
    value,
    kind: spec.kind,
    ...bounds,
    public: isPublicParam(key),
    updatedAt: updatedAt?.getTime() ?? null,
  };
}

/** The editable parameters as stored, then the derived ones as computed now. */
export async function listParamsForAdmin(db: DbOrTx, derived: DerivedParams): Promise<AdminParam[]> {
  const stored = new Map((await db.select().from(params).orderBy(asc(params.key))).map((r) => [r.key, r]));
  const editable = Object.entries(paramSpecs).flatMap(([key, spec]) => {
    const row = stored.get(key);
    return row ? [view(key, spec, row.value, row.updatedAt)] : [];
  });
  const computed: AdminParam[] = [];
  for (const [key, compute] of Object.entries(derived))
    computed.push(view(key, 'derived', await compute(db), null));
  return [...editable, ...computed];
}

const refuse = (problem: FieldProblem) => new AppError(codes.paramsEmpty, {}, { value: problem });

/** Rules between parameters: a withdrawal at the minimum must deliver something (withdraw-settings.ts). */
async function checkTogether(tx: Tx, key: string, value: string): Promise<void> {
  if (key !== 'withdraw_amount_min' && key !== 'withdraw_fee_min') return;
  const other = key === 'withdraw_amount_min' ? 'withdraw_fee_min' : 'withdraw_amount_min';
  const [row] = await tx.select().from(params).where(eq(params.key, other));
  const scale = assets.USDT.scale;
  const mine = tryParseDecimal(value, scale);
  const theirs = row ? tryParseDecimal(row.value.trim(), scale) : undefined;
  if (mine === undefined || theirs === undefined) return;
  const [amountMin, feeMin] = key === 'withdraw_amount_min' ? [mine, theirs] : [theirs, mine];
  if (amountMin <= feeMin) throw refuse({ key: 'withdrawMinAboveFee' });
}

async function checkNotice(tx: Tx, value: string): Promise<void> {
  if (value === '') return;
  const [notice] = await tx
    .select({ id: contents.id })
    .from(contents)
    .where(and(eq(contents.id, Number(value)), eq(contents.type, 5), eq(contents.published, true)));
  if (!notice) throw refuse({ key: 'noticeUnknown' });
}

/**
 * Rules between a parameter and what a domain holds (the late cost against the loans on offer, DESIGN §1.11):
 * each runs in the change's transaction and answers the problem under the field, if any. Wired in app.ts, as
 * settings knows no domain.
 */
export type ParamChecks = Partial<
  Record<EditableParamKey, (tx: Tx, value: string, locale: Locale) => Promise<FieldProblem | undefined>>
>;

export async function updateParam(
  ctx: Ctx,
  admin: AdminIdentity,
  key: EditableParamKey,
  input: { value: string; reason: string },
  checks: ParamChecks = {},
  locale: Locale = 'en',
): Promise<AdminParam> {
  const spec = paramSpecs[key];
  const checked = checkParam(spec, input.value);
  if ('problem' in checked) throw refuse(checked.problem);
  const now = new Date(ctx.clock.now());
  return ctx.db.transaction(async (tx) => {
    // Locked, so two operators' changes are audited one after the other with true before values.
    const [before] = await tx.select().from(params).where(eq(params.key, key)).for('update');
    if (!before) throw new AppError(codes.notFound);
    await checkTogether(tx, key, checked.value);
    const problem = await checks[key]?.(tx, checked.value, locale);
    if (problem) throw refuse(problem);
    if (spec.kind === 'noticeId') await checkNotice(tx, checked.value);
    await tx.update(params).set({ value: checked.value, updatedAt: now }).where(eq(params.key, key));
    await writeAudit(
      tx,
      {
        adminId: admin.id,
        action: 'param.update',
        target: `param:${key}`,
        before: { value: before.value },
        after: { value: checked.value },
        reason: input.reason,
      },
      now,
    );
    return view(key, spec, checked.value, now);
  });
}
