// Creating or editing a product (manageProducts): a smart product with its plans (days and a daily rate,
// typed in percent a day and sent as the fraction the wire carries), or a loan product (term, interest-free
// days, daily rate). Names in the 11 languages, English required. An edit sends only what changed, after a
// review step listing it, with the reason for the audit log; running plans and loans keep their terms.
import { useState, type FormEvent, type ReactNode } from 'react';
import { dailyRateScale } from '@tradewind/contract/smart-math';
import { loanRateScale } from '@tradewind/contract/loan-math';
import { tryParseDecimal, usdtScale } from '@tradewind/contract/money';
import type {
  AdminLoanProduct,
  AdminLoanProductCreateBody,
  AdminLoanProductUpdateBody,
  AdminSmartProduct,
  AdminSmartProductCreateBody,
  AdminSmartProductUpdateBody,
} from '@tradewind/contract';
import { useSaveLoanProduct, useSaveSmartProduct } from '../api/catalogue.ts';
import { useT, type Translator } from '../i18n/i18n.ts';
import { ErrorNote, Modal, Notice } from '../ui/kit.tsx';
import {
  cleanTexts,
  explainedByFields,
  fractionToPercent,
  LocalizedInputs,
  percentToFraction,
  ReasonField,
  ReviewChanges,
  serverField,
  TextField,
  type ChangeLine,
} from './catalogue-parts.tsx';

const codePattern = /^[a-z0-9_-]{2,40}$/;
const isAmount = (text: string) => (tryParseDecimal(text.trim(), usdtScale) ?? 0n) > 0n;
const amountOf = (text: string) => tryParseDecimal(text.trim(), usdtScale);
const isDays = (text: string, min: number) =>
  /^\d{1,4}$/.test(text.trim()) && Number(text) >= min && Number(text) <= 3650;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Messages for the form's own checks, under `products.problems`. */
const problem = (
  { t }: Translator,
  key:
    | 'required'
    | 'code'
    | 'amount'
    | 'maxBelowMin'
    | 'days'
    | 'rate'
    | 'penalty'
    | 'freeDays'
    | 'duplicateDays'
    | 'noPlans',
) => t(`products.problems.${key}`);

type SmartDraft = {
  code: string;
  names: Record<string, string>;
  descriptions: Record<string, string>;
  minAmount: string;
  maxAmount: string;
  penalty: string;
  plans: { days: string; percent: string }[];
  enabled: boolean;
};

function smartDraftOf(p: AdminSmartProduct | undefined): SmartDraft {
  return {
    code: p?.code ?? '',
    names: { ...p?.names },
    descriptions: { ...p?.descriptions },
    minAmount: p?.minAmount ?? '',
    maxAmount: p?.maxAmount ?? '',
    penalty: p?.earlyExitPenaltyPct ?? '',
    plans: p?.plans.map((x) => ({
      days: String(x.days),
      percent: fractionToPercent(x.dailyRate, dailyRateScale) ?? '',
    })) ?? [{ days: '', percent: '' }],
    enabled: p?.enabled ?? true,
  };
}

function smartProblems(d: SmartDraft, creating: boolean, tr: Translator): Record<string, string> {
  const out: Record<string, string> = {};
  if (creating && !codePattern.test(d.code.trim())) out.code = problem(tr, 'code');
  if (!d.names.en?.trim()) out['names.en'] = problem(tr, 'required');
  if (!d.descriptions.en?.trim()) out['descriptions.en'] = problem(tr, 'required');
  if (!isAmount(d.minAmount)) out.minAmount = problem(tr, 'amount');
  if (!isAmount(d.maxAmount)) out.maxAmount = problem(tr, 'amount');
  else if ((amountOf(d.maxAmount) ?? 0n) < (amountOf(d.minAmount) ?? 0n))
    out.maxAmount = problem(tr, 'maxBelowMin');
  const penalty = /^\d{1,3}(\.\d{1,2})?$/.test(d.penalty.trim())
    ? tryParseDecimal(d.penalty.trim(), 2)
    : undefined;
  if (penalty === undefined || penalty > 10_000n) out.earlyExitPenaltyPct = problem(tr, 'penalty');
  if (d.plans.length === 0) out.plans = problem(tr, 'noPlans');
  const seen = new Set<string>();
  d.plans.forEach((p, i) => {
    if (!isDays(p.days, 1)) out[`plans.${i}.days`] = problem(tr, 'days');
    else if (seen.has(p.days.trim())) out[`plans.${i}.days`] = problem(tr, 'duplicateDays');
    seen.add(p.days.trim());
    const fraction = percentToFraction(p.percent, dailyRateScale);
    if (fraction === undefined || (tryParseDecimal(fraction, dailyRateScale) ?? 0n) <= 0n)
      out[`plans.${i}.dailyRate`] = problem(tr, 'rate');
  });
  return out;
}

function smartWhole(d: SmartDraft): Omit<AdminSmartProductCreateBody, 'code' | 'reason'> {
  return {
    names: cleanTexts(d.names),
    descriptions: cleanTexts(d.descriptions),
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    earlyExitPenaltyPct: d.penalty.trim(),
    plans: d.plans
      .map((p) => ({ days: Number(p.days), dailyRate: percentToFraction(p.percent, dailyRateScale) ?? '0' }))
      .sort((a, b) => a.days - b.days),
    enabled: d.enabled,
  };
}

/** The fields of `after` that differ from `before` (amounts compared as numbers, texts as stored). */
function smartChanges(p: AdminSmartProduct, d: SmartDraft): Omit<AdminSmartProductUpdateBody, 'reason'> {
  const after = smartWhole(d);
  const out: Omit<AdminSmartProductUpdateBody, 'reason'> = {};
  if (!same(after.names, cleanTexts(p.names))) out.names = after.names;
  if (!same(after.descriptions, cleanTexts(p.descriptions))) out.descriptions = after.descriptions;
  if (amountOf(after.minAmount) !== amountOf(p.minAmount)) out.minAmount = after.minAmount;
  if (amountOf(after.maxAmount) !== amountOf(p.maxAmount)) out.maxAmount = after.maxAmount;
  if (tryParseDecimal(after.earlyExitPenaltyPct, 2) !== tryParseDecimal(p.earlyExitPenaltyPct, 2))
    out.earlyExitPenaltyPct = after.earlyExitPenaltyPct;
  const norm = (plans: { days: number; dailyRate: string }[]) =>
    plans.map((x) => `${x.days}:${tryParseDecimal(x.dailyRate, dailyRateScale) ?? ''}`).join(',');
  if (norm(after.plans) !== norm(p.plans)) out.plans = after.plans;
  if (after.enabled !== p.enabled) out.enabled = after.enabled;
  return out;
}

const plansText = ({ t }: Translator, plans: { days: number; dailyRate: string }[]) =>
  plans
    .map((x) =>
      t('products.planLine', {
        days: x.days,
        rate: fractionToPercent(x.dailyRate, dailyRateScale) ?? x.dailyRate,
      }),
    )
    .join('; ');

function smartLines(
  tr: Translator,
  p: AdminSmartProduct,
  c: Omit<AdminSmartProductUpdateBody, 'reason'>,
): ChangeLine[] {
  const { t } = tr;
  const lines: ChangeLine[] = [];
  const texts = (r: Record<string, string>) =>
    Object.entries(r)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · ');
  const onOff = (on: boolean) => (on ? t('products.onOffer') : t('products.offOffer'));
  if (c.names) lines.push({ label: t('products.names'), before: texts(p.names), after: texts(c.names) });
  if (c.descriptions)
    lines.push({
      label: t('products.descriptions'),
      before: texts(p.descriptions),
      after: texts(c.descriptions),
    });
  if (c.minAmount) lines.push({ label: t('products.minAmount'), before: p.minAmount, after: c.minAmount });
  if (c.maxAmount) lines.push({ label: t('products.maxAmount'), before: p.maxAmount, after: c.maxAmount });
  if (c.earlyExitPenaltyPct)
    lines.push({
      label: t('products.penalty'),
      before: `${p.earlyExitPenaltyPct} %`,
      after: `${c.earlyExitPenaltyPct} %`,
    });
  if (c.plans)
    lines.push({ label: t('products.plans'), before: plansText(tr, p.plans), after: plansText(tr, c.plans) });
  if (c.enabled !== undefined)
    lines.push({ label: t('products.status'), before: onOff(p.enabled), after: onOff(c.enabled) });
  return lines;
}

const smartKind = { problems: smartProblems, whole: smartWhole, changes: smartChanges, lines: smartLines };

type Answer<T> = { result: T; message: string };
type Handlers<T> = { onSuccess: (a: Answer<T>) => void; onError: (e: unknown) => void };

/**
 * The flow both product forms share: the fields (given the message to show under each), the reason, then
 * a create at once, or for an edit the review step listing what changes. A refusal the server explains
 * under fields goes back to the form, where each message shows under its field.
 */
/** How a product kind reads its draft: the form's own checks, what an edit changes, the whole body. */
type Kind<P, D, W, C> = {
  problems: (d: D, creating: boolean, tr: Translator) => Record<string, string>;
  whole: (d: D) => W;
  changes: (p: P, d: D) => C;
  lines: (tr: Translator, p: P, c: C) => ChangeLine[];
};

type Save<P, W, C> = {
  isPending: boolean;
  error: unknown;
  reset: () => void;
  mutate: (
    v:
      | { id: undefined; body: W & { code: string; reason: string } }
      | { id: string; body: C & { reason: string } },
    handlers: Handlers<P>,
  ) => void;
};

function ProductDialog<P extends { id: string }, D extends { code: string }, W, C extends object>({
  title,
  testId,
  product,
  draft,
  kind,
  note,
  save,
  onClose,
  onSaved,
  children,
}: {
  title: string;
  testId: string;
  /** Undefined: a new product. */
  product: P | undefined;
  draft: D;
  kind: Kind<P, D, W, C>;
  /** For an edit: what keeps its old terms. */
  note: string | undefined;
  save: Save<P, W, C>;
  onClose: () => void;
  onSaved: (saved: P, message: string) => void;
  children: (message: (field: string) => string | undefined) => ReactNode;
}) {
  const tr = useT();
  const creating = !product;
  const own = kind.problems(draft, creating, tr);
  const send = (reason: string, handlers: Handlers<P>) =>
    product
      ? save.mutate({ id: product.id, body: { ...kind.changes(product, draft), reason } }, handlers)
      : save.mutate(
          { id: undefined, body: { code: draft.code.trim(), ...kind.whole(draft), reason } },
          handlers,
        );
  const lines = () => (product ? kind.lines(tr, product, kind.changes(product, draft)) : []);
  const hasChanges = () => !!product && Object.keys(kind.changes(product, draft)).length > 0;
  const { t } = tr;
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const [step, setStep] = useState<'form' | 'review'>('form');
  const message = (field: string) => (touched ? own[field] : undefined) ?? serverField(save.error, field);
  const handlers: Handlers<P> = {
    onSuccess: (a) => onSaved(a.result, a.message),
    onError: (e) => {
      if (explainedByFields(e)) setStep('form');
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setUnchanged(false);
    if (Object.keys(own).length > 0 || reason.trim() === '') return;
    save.reset();
    if (creating) send(reason.trim(), handlers);
    else if (!hasChanges()) setUnchanged(true);
    else setStep('review');
  };

  return (
    <Modal title={title} onClose={onClose}>
      {!creating && step === 'review' ? (
        <ReviewChanges
          lines={lines()}
          note={note}
          pending={save.isPending}
          error={save.error}
          onBack={() => setStep('form')}
          onConfirm={() => send(reason.trim(), handlers)}
          confirmLabel={t('products.confirmSave')}
        />
      ) : (
        <form onSubmit={submit} noValidate className="catalogue-form" data-testid={testId}>
          {children(message)}
          <ReasonField value={reason} onChange={setReason} missing={touched && reason.trim() === ''} />
          {note && <Notice>{note}</Notice>}
          {unchanged && <Notice tone="warn">{t('catalogue.noChanges')}</Notice>}
          {save.error && !explainedByFields(save.error) ? <ErrorNote error={save.error} /> : null}
          <div className="dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="button button-primary">
              {creating ? t('products.create') : t('catalogue.review')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The fields every product has: its code (set once, at creation) and its name in each language. */
function IdentityFields({
  creating,
  code,
  names,
  onChange,
  message,
}: {
  creating: boolean;
  code: string;
  names: Record<string, string>;
  onChange: (next: { code?: string; names?: Record<string, string> }) => void;
  message: (field: string) => string | undefined;
}) {
  const { t } = useT();
  return (
    <>
      {creating && (
        <TextField
          label={t('products.code')}
          hint={t('products.codeHint')}
          error={message('code')}
          kind="code"
          value={code}
          onChange={(text) => onChange({ code: text })}
        />
      )}
      <LocalizedInputs
        legend={t('products.names')}
        values={names}
        maxLength={80}
        onChange={(next) => onChange({ names: next })}
        errors={{ en: message('names.en') }}
      />
    </>
  );
}

export function SmartProductForm({
  product,
  onClose,
  onSaved,
}: {
  product: AdminSmartProduct | undefined;
  onClose: () => void;
  onSaved: (saved: AdminSmartProduct, message: string) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const save = useSaveSmartProduct();
  const [draft, setDraft] = useState(() => smartDraftOf(product));
  const set = (next: Partial<SmartDraft>) => setDraft((d) => ({ ...d, ...next }));
  const setPlan = (i: number, next: Partial<SmartDraft['plans'][number]>) =>
    set({ plans: draft.plans.map((p, k) => (k === i ? { ...p, ...next } : p)) });
  const title = product
    ? t('products.editSmart', { name: product.names.en ?? product.code })
    : t('products.newSmart');
  return (
    <ProductDialog
      title={title}
      testId="smart-form"
      product={product}
      draft={draft}
      kind={smartKind}
      note={product && t('products.smartNewOrdersOnly', { count: product.earningOrders })}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(msg) => (
        <>
          <IdentityFields
            creating={!product}
            code={draft.code}
            names={draft.names}
            onChange={set}
            message={msg}
          />
          <LocalizedInputs
            legend={t('products.descriptions')}
            values={draft.descriptions}
            maxLength={2000}
            multiline
            onChange={(descriptions) => set({ descriptions })}
            errors={{ en: msg('descriptions.en') }}
          />
          <div className="form-row form-row-3">
            <TextField
              label={t('products.minAmount')}
              error={msg('minAmount')}
              kind="decimal"
              value={draft.minAmount}
              onChange={(minAmount) => set({ minAmount })}
            />
            <TextField
              label={t('products.maxAmount')}
              error={msg('maxAmount')}
              kind="decimal"
              value={draft.maxAmount}
              onChange={(maxAmount) => set({ maxAmount })}
            />
            <TextField
              label={t('products.penalty')}
              hint={t('products.penaltyHint')}
              error={msg('earlyExitPenaltyPct')}
              kind="decimal"
              value={draft.penalty}
              onChange={(penalty) => set({ penalty })}
            />
          </div>
          <fieldset className="catalogue-fieldset">
            <legend>{t('products.plans')}</legend>
            <p className="field-hint">{t('products.plansHint')}</p>
            {draft.plans.map((p, i) => {
              const n = i + 1;
              return (
                <div key={i} className="plan-row" data-testid="plan-row">
                  <TextField
                    label={t('products.planDays', { n })}
                    error={msg(`plans.${i}.days`)}
                    kind="integer"
                    value={p.days}
                    onChange={(days) => setPlan(i, { days })}
                  />
                  <TextField
                    label={t('products.planRate', { n })}
                    error={msg(`plans.${i}.dailyRate`)}
                    kind="decimal"
                    value={p.percent}
                    onChange={(percent) => setPlan(i, { percent })}
                  />
                  <button
                    type="button"
                    className="button button-small button-ghost"
                    aria-label={t('products.removePlan', { n })}
                    onClick={() => set({ plans: draft.plans.filter((_, k) => k !== i) })}
                  >
                    ×
                  </button>
                </div>
              );
            })}
            {msg('plans') && <p className="field-error">{msg('plans')}</p>}
            <button
              type="button"
              className="button button-small"
              disabled={draft.plans.length >= 12}
              onClick={() => set({ plans: [...draft.plans, { days: '', percent: '' }] })}
            >
              {t('products.addPlan')}
            </button>
          </fieldset>
          <OnOffer checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
        </>
      )}
    </ProductDialog>
  );
}

function OnOffer({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const { t } = useT();
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {t('products.onOfferLabel')}
    </label>
  );
}

type LoanDraft = {
  code: string;
  names: Record<string, string>;
  minAmount: string;
  maxAmount: string;
  termDays: string;
  freeDays: string;
  percent: string;
  enabled: boolean;
};

function loanDraftOf(p: AdminLoanProduct | undefined): LoanDraft {
  return {
    code: p?.code ?? '',
    names: { ...p?.names },
    minAmount: p?.minAmount ?? '',
    maxAmount: p?.maxAmount ?? '',
    termDays: p ? String(p.termDays) : '',
    freeDays: p ? String(p.freeDays) : '0',
    percent: p ? (fractionToPercent(p.dailyRate, loanRateScale) ?? '') : '',
    enabled: p?.enabled ?? true,
  };
}

function loanProblems(d: LoanDraft, creating: boolean, tr: Translator): Record<string, string> {
  const out: Record<string, string> = {};
  if (creating && !codePattern.test(d.code.trim())) out.code = problem(tr, 'code');
  if (!d.names.en?.trim()) out['names.en'] = problem(tr, 'required');
  if (!isAmount(d.minAmount)) out.minAmount = problem(tr, 'amount');
  if (!isAmount(d.maxAmount)) out.maxAmount = problem(tr, 'amount');
  else if ((amountOf(d.maxAmount) ?? 0n) < (amountOf(d.minAmount) ?? 0n))
    out.maxAmount = problem(tr, 'maxBelowMin');
  if (!isDays(d.termDays, 1)) out.termDays = problem(tr, 'days');
  if (!isDays(d.freeDays, 0)) out.freeDays = problem(tr, 'days');
  else if (isDays(d.termDays, 1) && Number(d.freeDays) > Number(d.termDays))
    out.freeDays = problem(tr, 'freeDays');
  if (percentToFraction(d.percent, loanRateScale) === undefined) out.dailyRate = problem(tr, 'rate');
  return out;
}

function loanWhole(d: LoanDraft): Omit<AdminLoanProductCreateBody, 'code' | 'reason'> {
  return {
    names: cleanTexts(d.names),
    minAmount: d.minAmount.trim(),
    maxAmount: d.maxAmount.trim(),
    termDays: Number(d.termDays),
    freeDays: Number(d.freeDays),
    dailyRate: percentToFraction(d.percent, loanRateScale) ?? '0',
    enabled: d.enabled,
  };
}

function loanChanges(p: AdminLoanProduct, d: LoanDraft): Omit<AdminLoanProductUpdateBody, 'reason'> {
  const a = loanWhole(d);
  const out: Omit<AdminLoanProductUpdateBody, 'reason'> = {};
  if (!same(a.names, cleanTexts(p.names))) out.names = a.names;
  if (amountOf(a.minAmount) !== amountOf(p.minAmount)) out.minAmount = a.minAmount;
  if (amountOf(a.maxAmount) !== amountOf(p.maxAmount)) out.maxAmount = a.maxAmount;
  if (a.termDays !== p.termDays) out.termDays = a.termDays;
  if (a.freeDays !== p.freeDays) out.freeDays = a.freeDays;
  if (tryParseDecimal(a.dailyRate, loanRateScale) !== tryParseDecimal(p.dailyRate, loanRateScale))
    out.dailyRate = a.dailyRate;
  if (a.enabled !== p.enabled) out.enabled = a.enabled;
  return out;
}

function loanLines(
  tr: Translator,
  p: AdminLoanProduct,
  c: Omit<AdminLoanProductUpdateBody, 'reason'>,
): ChangeLine[] {
  const { t } = tr;
  const lines: ChangeLine[] = [];
  const texts = (r: Record<string, string>) =>
    Object.entries(r)
      .map(([k, v]) => `${k}: ${v}`)
      .join(' · ');
  const pct = (f: string) => `${fractionToPercent(f, loanRateScale) ?? f} %`;
  const onOff = (on: boolean) => (on ? t('products.onOffer') : t('products.offOffer'));
  if (c.names) lines.push({ label: t('products.names'), before: texts(p.names), after: texts(c.names) });
  if (c.minAmount) lines.push({ label: t('products.minAmount'), before: p.minAmount, after: c.minAmount });
  if (c.maxAmount) lines.push({ label: t('products.maxAmount'), before: p.maxAmount, after: c.maxAmount });
  if (c.termDays !== undefined)
    lines.push({ label: t('products.termDays'), before: String(p.termDays), after: String(c.termDays) });
  if (c.freeDays !== undefined)
    lines.push({ label: t('products.freeDays'), before: String(p.freeDays), after: String(c.freeDays) });
  if (c.dailyRate)
    lines.push({ label: t('products.dailyRate'), before: pct(p.dailyRate), after: pct(c.dailyRate) });
  if (c.enabled !== undefined)
    lines.push({ label: t('products.status'), before: onOff(p.enabled), after: onOff(c.enabled) });
  return lines;
}

const loanKind = { problems: loanProblems, whole: loanWhole, changes: loanChanges, lines: loanLines };

export function LoanProductForm({
  product,
  onClose,
  onSaved,
}: {
  product: AdminLoanProduct | undefined;
  onClose: () => void;
  onSaved: (saved: AdminLoanProduct, message: string) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const save = useSaveLoanProduct();
  const [draft, setDraft] = useState(() => loanDraftOf(product));
  const set = (next: Partial<LoanDraft>) => setDraft((d) => ({ ...d, ...next }));
  const title = product
    ? t('products.editLoan', { name: product.names.en ?? product.code })
    : t('products.newLoan');
  return (
    <ProductDialog
      title={title}
      testId="loan-form"
      product={product}
      draft={draft}
      kind={loanKind}
      note={product && t('products.loanNewOnly', { count: product.activeLoans })}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(msg) => (
        <>
          <IdentityFields
            creating={!product}
            code={draft.code}
            names={draft.names}
            onChange={set}
            message={msg}
          />
          <div className="form-row">
            <TextField
              label={t('products.minAmount')}
              error={msg('minAmount')}
              kind="decimal"
              value={draft.minAmount}
              onChange={(minAmount) => set({ minAmount })}
            />
            <TextField
              label={t('products.maxAmount')}
              error={msg('maxAmount')}
              kind="decimal"
              value={draft.maxAmount}
              onChange={(maxAmount) => set({ maxAmount })}
            />
          </div>
          <div className="form-row form-row-3">
            <TextField
              label={t('products.termDays')}
              error={msg('termDays')}
              kind="integer"
              value={draft.termDays}
              onChange={(termDays) => set({ termDays })}
            />
            <TextField
              label={t('products.freeDays')}
              error={msg('freeDays')}
              kind="integer"
              value={draft.freeDays}
              onChange={(freeDays) => set({ freeDays })}
            />
            <TextField
              label={t('products.dailyRate')}
              hint={t('products.loanRateHint')}
              error={msg('dailyRate')}
              kind="decimal"
              value={draft.percent}
              onChange={(percent) => set({ percent })}
            />
          </div>
          <OnOffer checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
        </>
      )}
    </ProductDialog>
  );
}
