// Manual balance adjustments under the four-eyes rule (DESIGN.md §1.6): one admin requests; a different admin
// approves (only then is the ledger entry posted) or rejects with a reason; the requester may cancel. Two
// limits bound them; the server checks every rule again.
import { useId, useState, type FormEvent } from 'react';
import { adjustmentStatuses, isIdString, type Adjustment, type AdjustmentStatus } from '@tradewind/contract';
import { assets, tryParseDecimal } from '@tradewind/contract/money';
import {
  useAdjustmentLimits,
  useAdjustments,
  useDecideAdjustment,
  useRequestAdjustment,
} from '../api/reviews.ts';
import { pageSize } from '../api/queries.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import {
  Amount,
  Badge,
  DecisionDialog,
  ErrorNote,
  LiveMessage,
  Notice,
  Pager,
  StatusBadge,
} from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { formatAmount, parseUsdtAmount } from '../ui/money.ts';
import { StatusFilter } from '../ui/StatusFilter.tsx';

type Action = { kind: 'approve' | 'reject' | 'cancel'; adjustment: Adjustment };
type Limits = { amountMax: string; amountMaxSuperadmin: string };

/** Who may approve `amount` under `limits` (the server's rule, shown before anyone tries). */
function approverNeeded(amount: string, limits: Limits | undefined): 'any' | 'superadmin' | 'nobody' {
  const minor = parseUsdtAmount(amount);
  const max = limits && tryParseDecimal(limits.amountMax, assets.USDT.scale);
  const superMax = limits && tryParseDecimal(limits.amountMaxSuperadmin, assets.USDT.scale);
  if (minor === undefined || max === undefined || superMax === undefined) return 'any';
  const size = minor < 0n ? -minor : minor;
  if (size > superMax) return 'nobody';
  return size > max ? 'superadmin' : 'any';
}

export function Adjustments({ admin }: { admin: AdminSession['admin'] }) {
  const { t, locale } = useT();
  const [message, setMessage] = useState<string | null>(null);
  const limits = useAdjustmentLimits();
  const mayAct = can(admin.role, 'adjustBalances');

  return (
    <section aria-labelledby="adjustments-title">
      <header className="page-header">
        <h1 id="adjustments-title">{t('adjustments.title')}</h1>
      </header>
      <aside className="rule-panel" aria-labelledby="four-eyes-title">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="rule-icon">
          <path
            d="M2 12s3.5-6 10-6 10 6 10 6-3.5 6-10 6S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
        </svg>
        <div>
          <h2 id="four-eyes-title">{t('adjustments.fourEyesTitle')}</h2>
          <p>{t('adjustments.fourEyes')}</p>
          {limits.data && (
            <p>
              {t('adjustments.limits', {
                max: formatAmount(limits.data.amountMax, 'USDT', locale),
                superMax: formatAmount(limits.data.amountMaxSuperadmin, 'USDT', locale),
              })}
            </p>
          )}
        </div>
      </aside>
      {!mayAct && <Notice>{t('common.readOnly', { role: t(`roles.${admin.role}`) })}</Notice>}
      <LiveMessage message={message} />
      {mayAct && <RequestForm limits={limits.data} onDone={setMessage} />}
      <AdjustmentList admin={admin} limits={limits.data} mayAct={mayAct} onDone={setMessage} />
    </section>
  );
}

/** `?user=<id>`: the customer 360's "Start an adjustment" opens the form for that customer. */
function prefilledUserId(): string {
  const user = new URLSearchParams(window.location.search).get('user')?.trim() ?? '';
  return isIdString(user) ? user : '';
}

function RequestForm({ limits, onDone }: { limits: Limits | undefined; onDone: (message: string) => void }) {
  const { t, locale } = useT();
  const id = useId();
  const request = useRequestAdjustment();
  const [userId, setUserId] = useState(prefilledUserId);
  const [book, setBook] = useState<'real' | 'demo'>('real');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const amountOk = parseUsdtAmount(amount) !== undefined;
  const userOk = isIdString(userId.trim());
  const reasonOk = reason.trim() !== '';
  const needs = approverNeeded(amount, limits);
  const amountNote =
    touched && !amountOk
      ? { error: true, text: t('adjustments.amountInvalid') }
      : needs === 'nobody' && limits
        ? {
            error: true,
            text: t('adjustments.aboveMax', {
              limit: formatAmount(limits.amountMaxSuperadmin, 'USDT', locale),
            }),
          }
        : needs === 'superadmin' && limits
          ? {
              error: false,
              text: t('adjustments.superadminOnly', {
                limit: formatAmount(limits.amountMax, 'USDT', locale),
              }),
            }
          : { error: false, text: t('adjustments.amountHint') };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!amountOk || !userOk || !reasonOk || needs === 'nobody') return;
    request.mutate(
      { userId: userId.trim(), book, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: (answer) => {
          onDone(t('adjustments.requested', { id: answer.result.id }));
          setAmount('');
          setReason('');
          setTouched(false);
        },
      },
    );
  };

  return (
    <form className="card form-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adjustments.requestTitle')}</h2>
      <div className="form-row">
        <div className="field">
          <label htmlFor={`${id}-user`}>{t('adjustments.userId')}</label>
          <input
            id={`${id}-user`}
            inputMode="numeric"
            dir="ltr"
            value={userId}
            maxLength={20}
            required
            aria-invalid={(touched && !userOk) || undefined}
            onChange={(e) => setUserId(e.target.value)}
          />
          {touched && !userOk && <p className="field-error">{t('common.required')}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-book`}>{t('adjustments.book')}</label>
          <select
            id={`${id}-book`}
            value={book}
            onChange={(e) => setBook(e.target.value === 'demo' ? 'demo' : 'real')}
          >
            <option value="real">{t('values.real')}</option>
            <option value="demo">{t('values.demo')}</option>
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('adjustments.amount')}</label>
        <input
          id={`${id}-amount`}
          inputMode="decimal"
          dir="ltr"
          className="num"
          value={amount}
          maxLength={28}
          required
          aria-invalid={(touched && !amountOk) || needs === 'nobody' || undefined}
          aria-describedby={`${id}-amount-hint`}
          onChange={(e) => setAmount(e.target.value)}
        />
        <p id={`${id}-amount-hint`} className={amountNote.error ? 'field-error' : 'field-hint'}>
          {amountNote.text}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('adjustments.reason')}</label>
        <textarea
          id={`${id}-reason`}
          rows={2}
          maxLength={500}
          value={reason}
          required
          aria-invalid={(touched && !reasonOk) || undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {touched && !reasonOk && <p className="field-error">{t('common.required')}</p>}
      </div>
      {request.error ? <ErrorNote error={request.error} /> : null}
      <button type="submit" className="button button-primary" disabled={request.isPending}>
        {t('adjustments.submitRequest')}
      </button>
    </form>
  );
}

function AdjustmentList({
  admin,
  limits,
  mayAct,
  onDone,
}: {
  admin: AdminSession['admin'];
  limits: Limits | undefined;
  mayAct: boolean;
  onDone: (message: string) => void;
}) {
  const { t, tMaybe, dateTimeShort } = useT();
  const [status, setStatus] = useState<AdjustmentStatus | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<Action | null>(null);
  const list = useAdjustments(status === 'all' ? undefined : status, page);

  return (
    <section aria-labelledby="adjustments-list">
      <h2 id="adjustments-list" className="section-title">
        {t('adjustments.listTitle')}
      </h2>
      <div className="toolbar">
        <StatusFilter
          name="adjustment-status"
          statuses={adjustmentStatuses}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
      </div>
      <ListTable
        query={list}
        columns={[
          { label: t('fields.id') },
          { label: t('fields.userId') },
          { label: t('fields.amount'), className: 'col-num' },
          { label: t('fields.reason') },
          { label: t('fields.requestedBy') },
          { label: t('fields.createdAt') },
          { label: t('fields.status') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('adjustments.noItems')}
        items={list.data?.list}
        row={(a) => {
          const mine = a.requestedBy === admin.id;
          const pending = a.status === 'pending';
          return (
            <tr key={a.id}>
              <td className="num">{a.id}</td>
              <td className="num">{a.userId}</td>
              <td className="col-num">
                <div className="stack">
                  <Amount value={a.amount} asset="USDT" />
                  <span className="muted small">{tMaybe(`values.${a.book}`) ?? a.book}</span>
                  {pending && approverNeeded(a.amount, limits) === 'superadmin' && (
                    <span>
                      <Badge tone="warn">{t('adjustments.needsSuperadmin')}</Badge>
                    </span>
                  )}
                </div>
              </td>
              <td className="reason-cell">
                <bdi>{a.reason}</bdi>
                {a.decisionReason && (
                  <span className="muted small">
                    {' '}
                    — <bdi>{a.decisionReason}</bdi>
                  </span>
                )}
              </td>
              <td className="num">
                {a.requestedBy}
                {mine && <span className="muted small"> ({t('adjustments.yours')})</span>}
              </td>
              <td className="nowrap">
                <time dateTime={new Date(a.createdAt).toISOString()}>{dateTimeShort(a.createdAt)}</time>
              </td>
              <td>
                <StatusBadge status={a.status} />
              </td>
              <td className="col-actions">
                {pending && mayAct && (
                  <div className="row-actions">
                    {mine ? (
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => setAction({ kind: 'cancel', adjustment: a })}
                      >
                        {t('adjustments.cancel')}
                      </button>
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button-small button-primary"
                          onClick={() => setAction({ kind: 'approve', adjustment: a })}
                        >
                          {t('reviews.approve')}
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          onClick={() => setAction({ kind: 'reject', adjustment: a })}
                        >
                          {t('reviews.reject')}
                        </button>
                      </>
                    )}
                  </div>
                )}
              </td>
            </tr>
          );
        }}
      />
      {list.data && <Pager page={page} size={pageSize} total={list.data.total} onPage={setPage} />}
      {action && (
        <AdjustmentDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            onDone(text);
          }}
        />
      )}
    </section>
  );
}

function AdjustmentDialog({
  action,
  onClose,
  onDone,
}: {
  action: Action;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, locale } = useT();
  const decide = useDecideAdjustment();
  const { id, amount } = action.adjustment;
  const what = { id, amount: `${formatAmount(amount, 'USDT', locale)} USDT` };
  const texts = {
    approve: {
      title: t('adjustments.approveItem', what),
      hint: t('adjustments.approveHint'),
      field: { label: t('reviews.noteLabel'), required: false },
      confirm: t('reviews.confirmApprove'),
      done: t('adjustments.approved', { id }),
    },
    reject: {
      title: t('adjustments.rejectItem', what),
      hint: t('adjustments.rejectHint'),
      field: { label: t('reviews.reasonLabel'), required: true },
      confirm: t('reviews.confirmReject'),
      done: t('adjustments.rejected', { id }),
    },
    cancel: {
      title: t('adjustments.cancelItem', what),
      hint: t('adjustments.cancelHint'),
      field: { label: t('adjustments.cancelReason'), required: false },
      confirm: t('adjustments.confirmCancel'),
      done: t('adjustments.cancelled', { id }),
    },
  }[action.kind];

  const confirm = (text: string) => {
    const decision =
      action.kind === 'approve'
        ? { id, action: 'approve' as const, note: text }
        : action.kind === 'reject'
          ? { id, action: 'reject' as const, reason: text }
          : { id, action: 'cancel' as const, reason: text };
    decide.mutate(decision, { onSuccess: () => onDone(texts.done) });
  };

  return (
    <DecisionDialog
      title={texts.title}
      hint={texts.hint}
      field={texts.field}
      confirmLabel={texts.confirm}
      danger={action.kind !== 'approve'}
      pending={decide.isPending}
      error={decide.error}
      forbidden={t('adjustments.forbidden')}
      onConfirm={confirm}
      onClose={() => {
        decide.reset();
        onClose();
      }}
    />
  );
}
