// Manual balance adjustments under the four-eyes rule (DESIGN.md §1.6): one admin requests, a different
// admin approves, and only the approval posts the ledger entry.
import { useId, useState, type FormEvent } from 'react';
import {
  useApproveAdjustment,
  usePendingAdjustments,
  useRequestAdjustment,
  type Adjustment,
} from '../api/queries.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { FieldList, splitFields } from '../ui/Fields.tsx';
import { Amount, DecisionDialog, ErrorNote, Notice } from '../ui/kit.tsx';

/** USDT has scale 6 (DESIGN.md §1.1); the server refuses anything finer or zero. */
const amountPattern = /^-?\d{1,20}(\.\d{1,6})?$/;
const idPattern = /^\d{1,20}$/;
const isZero = (decimal: string) => /^-?0*(\.0*)?$/.test(decimal);

export function Adjustments({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [approving, setApproving] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; adjustment: Adjustment } | null>(null);
  const approve = useApproveAdjustment();
  const resultText =
    result &&
    (result.adjustment.status === 'approved'
      ? t('adjustments.approved', { id: result.adjustment.id })
      : t('adjustments.requested', { id: result.adjustment.id }));

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
        </div>
      </aside>
      {!can(admin.role, 'adjustBalances') && (
        <Notice>{t('common.readOnly', { role: t(`roles.${admin.role}`) })}</Notice>
      )}
      <div className="cards">
        <RequestForm onDone={(message, adjustment) => setResult({ message, adjustment })} />
        <ApproveForm onApprove={setApproving} />
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {resultText}
      </p>
      {result && (
        <section className="card result-card" aria-labelledby="adjustment-result">
          <h2 id="adjustment-result">{t('adjustments.result')}</h2>
          <p className="strong">{resultText}</p>
          <p className="muted small">{result.message}</p>
          <AdjustmentFields adjustment={result.adjustment} />
        </section>
      )}
      <PendingList admin={admin} onApprove={setApproving} />
      {approving && (
        <DecisionDialog
          title={t('adjustments.approveTitle')}
          hint={t('adjustments.confirmApprove', { id: approving })}
          confirmLabel={t('adjustments.submitApprove')}
          pending={approve.isPending}
          error={approve.error}
          forbidden={t('adjustments.forbidden')}
          onConfirm={() =>
            approve.mutate(approving, {
              onSuccess: (answer) => {
                setApproving(null);
                setResult({ message: answer.message, adjustment: answer.result });
              },
            })
          }
          onClose={() => {
            setApproving(null);
            approve.reset();
          }}
        />
      )}
    </section>
  );
}

function AdjustmentFields({ adjustment }: { adjustment: Adjustment }) {
  const tr = useT();
  return <FieldList entries={splitFields(adjustment, tr).groups.flatMap((g) => g.entries)} />;
}

function RequestForm({ onDone }: { onDone: (message: string, adjustment: Adjustment) => void }) {
  const { t } = useT();
  const id = useId();
  const request = useRequestAdjustment();
  const [userId, setUserId] = useState('');
  const [book, setBook] = useState<'real' | 'demo'>('real');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const amountOk = amountPattern.test(amount.trim()) && !isZero(amount.trim());
  const userOk = idPattern.test(userId.trim());
  const reasonOk = reason.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!amountOk || !userOk || !reasonOk) return;
    request.mutate(
      { userId: userId.trim(), book, amount: amount.trim(), reason: reason.trim() },
      {
        onSuccess: (answer) => {
          onDone(answer.message, answer.result);
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
          aria-invalid={(touched && !amountOk) || undefined}
          aria-describedby={`${id}-amount-hint`}
          onChange={(e) => setAmount(e.target.value)}
        />
        <p id={`${id}-amount-hint`} className={touched && !amountOk ? 'field-error' : 'field-hint'}>
          {touched && !amountOk ? t('adjustments.amountInvalid') : t('adjustments.amountHint')}
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

function ApproveForm({ onApprove }: { onApprove: (id: string) => void }) {
  const { t } = useT();
  const id = useId();
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const ok = idPattern.test(value.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (ok) onApprove(value.trim());
  };
  return (
    <form className="card form-card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('adjustments.approveTitle')}</h2>
      <div className="field">
        <label htmlFor={`${id}-id`}>{t('adjustments.adjustmentId')}</label>
        <input
          id={`${id}-id`}
          inputMode="numeric"
          dir="ltr"
          value={value}
          maxLength={20}
          required
          aria-invalid={(touched && !ok) || undefined}
          onChange={(e) => setValue(e.target.value)}
        />
        {touched && !ok && <p className="field-error">{t('common.required')}</p>}
      </div>
      <button type="submit" className="button button-primary">
        {t('adjustments.submitApprove')}
      </button>
    </form>
  );
}

function PendingList({
  admin,
  onApprove,
}: {
  admin: AdminSession['admin'];
  onApprove: (id: string) => void;
}) {
  const { t, tMaybe, dateTimeShort } = useT();
  const pending = usePendingAdjustments();
  return (
    <section aria-labelledby="pending-adjustments">
      <h2 id="pending-adjustments" className="section-title">
        {t('adjustments.recentTitle')}
      </h2>
      <p className="muted small">{t('adjustments.recentHint')}</p>
      {pending.error ? (
        <ErrorNote error={pending.error} onRetry={() => void pending.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('fields.id')}</th>
                <th scope="col">{t('fields.userId')}</th>
                <th scope="col">{t('fields.book')}</th>
                <th scope="col" className="col-num">
                  {t('fields.amount')}
                </th>
                <th scope="col">{t('fields.reason')}</th>
                <th scope="col">{t('fields.requestedBy')}</th>
                <th scope="col">{t('fields.createdAt')}</th>
                <th scope="col" className="col-actions">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {pending.isPending ? (
                <tr>
                  <td colSpan={8} className="table-state">
                    {t('common.loading')}
                  </td>
                </tr>
              ) : pending.data?.length === 0 ? (
                <tr>
                  <td colSpan={8} className="table-state">
                    {t('adjustments.noRecent')}
                  </td>
                </tr>
              ) : (
                pending.data?.map((a) => {
                  const mine = a.requestedBy === admin.id;
                  return (
                    <tr key={a.id}>
                      <td className="num">{a.id}</td>
                      <td className="num">{a.userId}</td>
                      <td>{tMaybe(`values.${a.book}`) ?? a.book}</td>
                      <td className="col-num">
                        <Amount value={a.amount} asset="USDT" />
                      </td>
                      <td className="reason-cell">{a.reason}</td>
                      <td className="num">
                        {a.requestedBy}
                        {mine && <span className="muted small"> ({t('adjustments.yours')})</span>}
                      </td>
                      <td className="nowrap">
                        <time dateTime={new Date(a.createdAt).toISOString()}>
                          {dateTimeShort(a.createdAt)}
                        </time>
                      </td>
                      <td className="col-actions">
                        <button
                          type="button"
                          className="button button-small button-primary"
                          disabled={mine}
                          onClick={() => onApprove(a.id)}
                        >
                          {t('reviews.approve')}
                        </button>
                      </td>
                    </tr>
                  );
                })
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
