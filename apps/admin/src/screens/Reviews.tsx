// Review queues (deposits, withdrawals, KYC, loans): filter by status, read the item's fields and evidence as
// its kind shows them (review-kinds.tsx), approve with an optional note (and a crypto withdrawal's payout
// hash) or reject with a reason. The server decides once, audits and tells the customer. An operator sees the
// queues of their role only (reviewPermission).
import { Fragment, useEffect, useId, useState } from 'react';
import { reviewQueues, type ReviewItemOf, type ReviewQueueKind } from '@tradewind/contract';
import { ApiError } from '../api/client.ts';
import { useReviewDecision, useReviews, type Decision, type QueueStatus } from '../api/reviews.ts';
import { pageSize } from '../api/queries.ts';
import { queuesOf, reviewPermission } from '../app/review-queues.ts';
import { navigate, type ReviewKind } from '../app/router.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { DecisionDialog, LiveMessage, Notice, Pager, StatusBadge } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { StatusFilter } from '../ui/StatusFilter.tsx';
import { Customer, kindViews } from './review-kinds.tsx';

const columns = 6;
const isQueue = (kind: ReviewKind): kind is ReviewQueueKind => Object.hasOwn(reviewQueues, kind);

export function Reviews({ kind, admin }: { kind: ReviewKind; admin: AdminSession['admin'] }) {
  const { t } = useT();
  const queues = queuesOf(admin.role);
  const [first] = queues;
  const allowed = queues.includes(kind);
  // A queue this role does not work (the home address is the deposits queue): its first queue instead, or
  // the dashboard for a role that reviews nothing.
  useEffect(() => {
    if (!allowed) navigate(first ? { screen: 'reviews', kind: first } : { screen: 'dashboard' });
  }, [allowed, first]);
  if (!allowed) return null;
  return (
    <section aria-labelledby="reviews-title">
      <header className="page-header">
        <div>
          <h1 id="reviews-title">{t('reviews.title')}</h1>
          <p className="page-intro">{t('reviews.intro')}</p>
        </div>
      </header>
      <nav className="tabs" aria-label={t('reviews.queue')}>
        {queues.map((k) => (
          <Link key={k} to={{ screen: 'reviews', kind: k }} current={k === kind} className="tab">
            {t(`reviews.kinds.${k}`)}
          </Link>
        ))}
      </nav>
      {isQueue(kind) ? (
        <Queue kind={kind} admin={admin} />
      ) : (
        <Notice tone="neutral">{t('reviews.unavailable')}</Notice>
      )}
    </section>
  );
}

function Queue<K extends ReviewQueueKind>({ kind, admin }: { kind: K; admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [status, setStatus] = useState<QueueStatus<K> | 'all'>('pending');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const reviews = useReviews(kind, status === 'all' ? undefined : status, page);
  const mayDecide = can(admin.role, reviewPermission[kind]);

  return (
    <>
      <div className="toolbar">
        <StatusFilter<QueueStatus<K>>
          name={`status-${kind}`}
          statuses={reviewQueues[kind].statuses}
          value={status}
          onChange={(s) => {
            setStatus(s);
            setPage(1);
          }}
        />
        <button type="button" className="button button-small" onClick={() => void reviews.refetch()}>
          {t('common.refresh')}
        </button>
      </div>
      <LiveMessage message={message} />
      <ListTable
        query={reviews}
        columns={[
          { label: t('fields.id') },
          { label: t('fields.user') },
          { label: t('reviews.summary') },
          { label: t('fields.status') },
          { label: t('reviews.submitted') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('reviews.noItems')}
        items={reviews.data?.list}
        row={(item) => (
          <ReviewRow key={item.id} kind={kind} item={item} mayDecide={mayDecide} onDecided={setMessage} />
        )}
      />
      {reviews.data && <Pager page={page} size={pageSize} total={reviews.data.total} onPage={setPage} />}
    </>
  );
}

function ReviewRow<K extends ReviewQueueKind>({
  kind,
  item,
  mayDecide,
  onDecided,
}: {
  kind: K;
  item: ReviewItemOf<K>;
  mayDecide: boolean;
  onDecided: (message: string) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const [payoutTxHash, setPayoutTxHash] = useState('');
  const decision = useReviewDecision(kind);
  const { Summary, Details } = kindViews[kind];
  const detailsId = `review-${kind}-${item.id}`;
  // A crypto withdrawal is approved with the transaction that paid it out (the server checks it per chain).
  const payout = action === 'approve' ? payoutNetworkOf(item) : null;
  const payoutError = decision.error instanceof ApiError ? decision.error.fields.payoutTxHash : undefined;

  const decide = (text: string) => {
    const d: Decision =
      action === 'reject'
        ? { id: item.id, action: 'reject', reason: text }
        : { id: item.id, action: 'approve', note: text, ...(payout ? { payoutTxHash } : {}) };
    decision.mutate(d, {
      onSuccess: (answer) => {
        setAction(null);
        onDecided(answer.message);
      },
    });
  };

  return (
    <Fragment>
      <tr className={open ? 'is-open' : undefined}>
        <td className="num">{item.id}</td>
        <td>
          <Customer user={item.user} />
        </td>
        <td>
          <Summary item={item} />
        </td>
        <td>
          <StatusBadge status={item.status} />
        </td>
        <td className="nowrap">
          <time dateTime={new Date(item.createdAt).toISOString()}>{tr.dateTimeShort(item.createdAt)}</time>
        </td>
        <td className="col-actions">
          <div className="row-actions">
            <button
              type="button"
              className="button button-small"
              aria-expanded={open}
              aria-controls={detailsId}
              onClick={() => setOpen(!open)}
            >
              {open ? t('common.hideDetails') : t('common.details')}
            </button>
            {item.status === 'pending' && mayDecide && (
              <>
                <button
                  type="button"
                  className="button button-small button-primary"
                  onClick={() => setAction('approve')}
                >
                  {t('reviews.approve')}
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  onClick={() => setAction('reject')}
                >
                  {t('reviews.reject')}
                </button>
              </>
            )}
          </div>
          {action && (
            <DecisionDialog
              title={t(action === 'approve' ? 'reviews.approveTitle' : 'reviews.rejectTitle', {
                id: item.id,
              })}
              hint={t(action === 'approve' ? `reviews.approveHints.${kind}` : `reviews.rejectHints.${kind}`)}
              field={{
                label: t(action === 'approve' ? 'reviews.noteLabel' : 'reviews.reasonLabel'),
                required: action === 'reject',
              }}
              confirmLabel={t(action === 'approve' ? 'reviews.confirmApprove' : 'reviews.confirmReject')}
              danger={action === 'reject'}
              pending={decision.isPending}
              // The payout field shows its own error under it; everything else in the dialog's note.
              error={payoutError ? null : decision.error}
              onConfirm={decide}
              onClose={() => {
                setAction(null);
                setPayoutTxHash('');
                decision.reset();
              }}
            >
              {payout && (
                <PayoutHashField
                  network={payout}
                  value={payoutTxHash}
                  error={payoutError}
                  onChange={(value) => {
                    setPayoutTxHash(value);
                    if (payoutError) decision.reset();
                  }}
                />
              )}
            </DecisionDialog>
          )}
        </td>
      </tr>
      {open && (
        <tr className="detail-row" id={detailsId}>
          <td colSpan={columns}>
            <Details item={item} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The network a withdrawal pays out on when it goes to a crypto address; null for anything else. */
function payoutNetworkOf(item: ReviewItemOf<ReviewQueueKind>): string | null {
  if (!('method' in item) || item.method.type !== 'usdt') return null;
  return item.method.network ?? null;
}

function PayoutHashField({
  network,
  value,
  error,
  onChange,
}: {
  network: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        {t('reviews.payoutTxHash')}
        <span className="required-mark"> *</span>
      </label>
      <input
        id={id}
        name="payoutTxHash"
        dir="ltr"
        className="mono"
        autoComplete="off"
        spellCheck={false}
        maxLength={100}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {t('reviews.payoutTxHashHint', { network })}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
