// Payouts to the charity: the ledger's totals (donated = payable + paid out), the payouts recorded so far,
// and recording one — amount, transfer reference, date — through a review step, because it is posted to the
// ledger (charity payable → paid out) and shown in the public donation ledger at once. Each confirmed payout
// gets one Idempotency-Key, reused when the same payout is sent again after no answer came back.
import { useId, useState, type FormEvent } from 'react';
import type { AdminNftPayoutBody } from '@tradewind/contract';
import { compareDecimal, formatMinor, usdtScale } from '@tradewind/contract/money';
import { ApiError, clientCodes } from '../api/client.ts';
import { newIdempotencyKey } from '../api/idempotency.ts';
import { useNftPayouts, useRecordPayout, type PayoutAttempt } from '../api/nfts.ts';
import { useT } from '../i18n/i18n.ts';
import { Amount, ErrorNote, Modal, Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { parseUsdtAmount } from '../ui/money.ts';
import { pageSize } from '../api/queries.ts';

/** Today in the operator's time zone as YYYY-MM-DD, the latest date a payout may carry. */
function today(): string {
  const now = new Date();
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

export function NftPayouts({ canAct, onRecorded }: { canAct: boolean; onRecorded: (text: string) => void }) {
  const { t, dateTimeShort } = useT();
  const [page, setPage] = useState(1);
  const [recording, setRecording] = useState(false);
  const payouts = useNftPayouts(page);
  const totals = payouts.data?.totals;
  return (
    <section className="card" aria-labelledby="nft-payouts-title" data-testid="nft-payouts">
      <header className="page-header">
        <div>
          <h2 id="nft-payouts-title">{t('nfts.payoutsTitle')}</h2>
          <p className="page-intro">{t('nfts.payoutsIntro')}</p>
        </div>
        {canAct && (
          <div className="page-actions">
            <button
              type="button"
              className="button button-primary button-small"
              disabled={!totals}
              onClick={() => setRecording(true)}
            >
              {t('nfts.recordPayout')}
            </button>
          </div>
        )}
      </header>
      {totals && (
        <dl className="stats">
          <div className="stat">
            <dt>{t('nfts.donated')}</dt>
            <dd>
              <Amount value={totals.donated} asset="USDT" />
            </dd>
          </div>
          <div className="stat">
            <dt>{t('nfts.paidOut')}</dt>
            <dd>
              <Amount value={totals.paidOut} asset="USDT" />
            </dd>
          </div>
          <div className="stat">
            <dt>{t('nfts.payable')}</dt>
            <dd data-testid="charity-payable">
              <Amount value={totals.held} asset="USDT" />
            </dd>
          </div>
        </dl>
      )}
      <ListTable
        query={payouts}
        columns={[
          { label: t('nfts.paidAt') },
          { label: t('nfts.amount'), className: 'col-num' },
          { label: t('nfts.reference') },
          { label: t('nfts.entry'), className: 'col-num' },
          { label: t('nfts.recordedAt') },
        ]}
        empty={t('nfts.noPayouts')}
        items={payouts.data?.list}
        row={(p) => (
          <tr key={p.id} data-testid="payout-row">
            <td className="nowrap num">{p.paidAt}</td>
            <td className="col-num">
              <Amount value={p.amount} asset="USDT" />
            </td>
            <td>
              <bdi>{p.reference}</bdi>
            </td>
            <td className="col-num num">#{p.entryId}</td>
            <td className="nowrap">
              <time dateTime={new Date(p.createdAt).toISOString()}>{dateTimeShort(p.createdAt)}</time>
            </td>
          </tr>
        )}
      />
      {payouts.data && payouts.data.total > pageSize && (
        <Pager page={page} size={pageSize} total={payouts.data.total} onPage={setPage} />
      )}
      {recording && totals && (
        <PayoutDialog
          payable={totals.held}
          onClose={() => setRecording(false)}
          onDone={(text) => {
            setRecording(false);
            onRecorded(text);
          }}
        />
      )}
    </section>
  );
}

function PayoutDialog({
  payable,
  onClose,
  onDone,
}: {
  payable: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  const record = useRecordPayout();
  const [amount, setAmount] = useState('');
  const [reference, setReference] = useState('');
  const [paidAt, setPaidAt] = useState(today());
  const [touched, setTouched] = useState(false);
  const [review, setReview] = useState<AdminNftPayoutBody | null>(null);
  // The payout sent last without an answer (network down, timeout): the server may have recorded it, so
  // confirming the same payout again sends it under the same key and it is recorded at most once.
  const [unanswered, setUnanswered] = useState<PayoutAttempt | null>(null);

  const minor = parseUsdtAmount(amount);
  const exact = minor !== undefined && minor > 0n ? formatMinor(minor, usdtScale) : undefined;
  const problems = {
    amount: exact === undefined,
    above: exact !== undefined && compareDecimal(exact, payable) > 0,
    reference: reference.trim() === '',
    paidAt: !/^\d{4}-\d{2}-\d{2}$/.test(paidAt) || paidAt > today(),
  };
  const show = (problem: boolean) => touched && problem;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean) || exact === undefined) return;
    setReview({ amount: exact, reference: reference.trim(), paidAt });
  };

  const confirm = (body: AdminNftPayoutBody) => {
    const attempt =
      unanswered && JSON.stringify(unanswered.body) === JSON.stringify(body)
        ? unanswered
        : { body, idempotencyKey: newIdempotencyKey() };
    record.mutate(attempt, {
      onSuccess: () => onDone(t('nfts.payoutRecorded')),
      onError: (failure) =>
        setUnanswered(failure instanceof ApiError && failure.code === clientCodes.network ? attempt : null),
    });
  };

  if (review)
    return (
      <Modal title={t('nfts.payoutTitle')} onClose={onClose}>
        <p className="dialog-hint" data-testid="payout-review">
          {t('nfts.confirmPayout', {
            amount: review.amount,
            date: review.paidAt,
            reference: review.reference,
          })}
        </p>
        {record.error ? <ErrorNote error={record.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={() => setReview(null)}>
            {t('nfts.back')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={record.isPending}
            onClick={() => confirm(review)}
          >
            {t('nfts.confirm')}
          </button>
        </div>
      </Modal>
    );

  return (
    <Modal title={t('nfts.payoutTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{t('nfts.amount')}</label>
          <input
            id={`${id}-amount`}
            dir="ltr"
            inputMode="decimal"
            className="num"
            value={amount}
            maxLength={24}
            aria-invalid={show(problems.amount || problems.above) || undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          {show(problems.amount) ? (
            <p className="field-error">{t('nfts.amountInvalid')}</p>
          ) : (
            show(problems.above) && (
              <p className="field-error">{t('nfts.aboveBalance', { amount: payable })}</p>
            )
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-reference`}>{t('nfts.reference')}</label>
          <input
            id={`${id}-reference`}
            value={reference}
            maxLength={200}
            aria-invalid={show(problems.reference) || undefined}
            aria-describedby={`${id}-reference-hint`}
            onChange={(e) => setReference(e.target.value)}
          />
          <p className="field-hint" id={`${id}-reference-hint`}>
            {t('nfts.referenceHint')}
          </p>
          {show(problems.reference) && <p className="field-error">{t('common.required')}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('nfts.paidAt')}</label>
          <input
            id={`${id}-date`}
            type="date"
            value={paidAt}
            max={today()}
            aria-invalid={show(problems.paidAt) || undefined}
            onChange={(e) => setPaidAt(e.target.value)}
          />
          {show(problems.paidAt) && <p className="field-error">{t('nfts.paidAtInvalid')}</p>}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary">
            {t('nfts.review')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
