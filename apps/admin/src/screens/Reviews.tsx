// Review queues (deposits, withdrawals, KYC, loans): filter by status, read every field and the evidence,
// approve with an optional note or reject with a reason. Each decision is audited by the server.
import { Fragment, useState, type ReactNode } from 'react';
import { codes } from '@tradewind/contract';
import { ApiError } from '../api/client.ts';
import {
  pageSize,
  useReviewDecision,
  useReviews,
  type Decision,
  type ReviewItem,
  type ReviewStatus,
} from '../api/queries.ts';
import { reviewKinds, type ReviewKind } from '../app/router.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT, type Translator } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { EvidenceGallery } from '../ui/Evidence.tsx';
import { FieldGroups, splitFields } from '../ui/Fields.tsx';
import {
  Amount,
  DecisionDialog,
  EmptyRow,
  ErrorNote,
  LiveMessage,
  LoadingRow,
  Notice,
  Pager,
  StatusBadge,
} from '../ui/kit.tsx';

type StatusFilter = ReviewStatus | 'all';
/** The status words of each queue (CONTRACT.md "User": loans go on to repaying, overdue, repaid). */
const statusesOf: Record<ReviewKind, StatusFilter[]> = {
  deposits: ['pending', 'approved', 'rejected', 'all'],
  withdrawals: ['pending', 'approved', 'rejected', 'all'],
  kyc: ['pending', 'approved', 'rejected', 'all'],
  loans: ['pending', 'repaying', 'overdue', 'repaid', 'rejected', 'all'],
};
const columns = 6;

export function Reviews({ kind, admin }: { kind: ReviewKind; admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const reviews = useReviews(kind, status === 'all' ? undefined : status, page);
  const mayDecide = can(admin.role, kind === 'kyc' ? 'reviewKyc' : 'reviewMoney');
  const unavailable = reviews.error instanceof ApiError && reviews.error.code === codes.notFound;

  return (
    <section aria-labelledby="reviews-title">
      <header className="page-header">
        <div>
          <h1 id="reviews-title">{t('reviews.title')}</h1>
          <p className="page-intro">{t('reviews.intro')}</p>
        </div>
      </header>
      <nav className="tabs" aria-label={t('reviews.queue')}>
        {reviewKinds.map((k) => (
          <Link key={k} to={{ screen: 'reviews', kind: k }} current={k === kind} className="tab">
            {t(`reviews.kinds.${k}`)}
          </Link>
        ))}
      </nav>
      <div className="toolbar">
        <fieldset className="segmented">
          <legend>{t('reviews.statusFilter')}</legend>
          {statusesOf[kind].map((s) => (
            <label key={s} className={s === status ? 'is-selected' : undefined}>
              <input
                type="radio"
                name={`status-${kind}`}
                value={s}
                checked={s === status}
                onChange={() => {
                  setStatus(s);
                  setPage(1);
                }}
              />
              {t(`status.${s}`)}
            </label>
          ))}
        </fieldset>
        <button type="button" className="button button-small" onClick={() => void reviews.refetch()}>
          {t('common.refresh')}
        </button>
      </div>
      {!mayDecide && <Notice>{t('common.readOnly', { role: t(`roles.${admin.role}`) })}</Notice>}
      <LiveMessage message={message} />
      {unavailable ? (
        <Notice tone="neutral">{t('reviews.unavailable')}</Notice>
      ) : reviews.error ? (
        <ErrorNote error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('fields.id')}</th>
                <th scope="col">{t('fields.user')}</th>
                <th scope="col">{t('reviews.summary')}</th>
                <th scope="col">{t('fields.status')}</th>
                <th scope="col">{t('reviews.submitted')}</th>
                <th scope="col" className="col-actions">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {reviews.isPending ? (
                <LoadingRow columns={columns} />
              ) : reviews.data?.list.length === 0 ? (
                <EmptyRow columns={columns} text={t('reviews.noItems')} />
              ) : (
                reviews.data?.list.map((item) => (
                  <ReviewRow key={item.id} kind={kind} item={item} onDecided={setMessage} />
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      {reviews.data && <Pager page={page} size={pageSize} total={reviews.data.total} onPage={setPage} />}
    </section>
  );
}

function ReviewRow({
  kind,
  item,
  onDecided,
}: {
  kind: ReviewKind;
  item: ReviewItem;
  onDecided: (message: string) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const [open, setOpen] = useState(false);
  const [action, setAction] = useState<'approve' | 'reject' | null>(null);
  const decision = useReviewDecision(kind);
  const detailsId = `review-${kind}-${item.id}`;
  const status = typeof item.status === 'string' ? item.status : undefined;
  const createdAt = typeof item.createdAt === 'number' ? item.createdAt : undefined;

  const decide = (text: string) => {
    const d: Decision =
      action === 'reject'
        ? { id: item.id, action: 'reject', reason: text }
        : { id: item.id, action: 'approve', note: text };
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
          <Customer item={item} />
        </td>
        <td>
          <Summary kind={kind} item={item} tr={tr} />
        </td>
        <td>{status ? <StatusBadge status={status} /> : <span className="muted">—</span>}</td>
        <td className="nowrap">
          {createdAt !== undefined ? (
            <time dateTime={new Date(createdAt).toISOString()}>{tr.dateTimeShort(createdAt)}</time>
          ) : (
            '—'
          )}
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
            {status === 'pending' && (
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
              hint={t(action === 'approve' ? 'reviews.approveHint' : 'reviews.rejectHint')}
              field={{
                label: t(action === 'approve' ? 'reviews.noteLabel' : 'reviews.reasonLabel'),
                required: action === 'reject',
              }}
              confirmLabel={t(action === 'approve' ? 'reviews.confirmApprove' : 'reviews.confirmReject')}
              danger={action === 'reject'}
              pending={decision.isPending}
              error={decision.error}
              onConfirm={decide}
              onClose={() => {
                setAction(null);
                decision.reset();
              }}
            />
          )}
        </td>
      </tr>
      {open && (
        <tr className="detail-row" id={detailsId}>
          <td colSpan={columns}>
            <ReviewDetails item={item} tr={tr} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

function ReviewDetails({ item, tr }: { item: ReviewItem; tr: Translator }) {
  const { groups, files } = splitFields(item, tr);
  return (
    <div className="details">
      <EvidenceGallery files={files} />
      <FieldGroups groups={groups} title={tr.t('common.details')} />
    </div>
  );
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** The customer: the item's `user` object when the server joins it, else its user fields. */
function Customer({ item }: { item: ReviewItem }) {
  const user: Record<string, unknown> =
    typeof item.user === 'object' && item.user !== null ? (item.user as Record<string, unknown>) : {};
  const name = text(user.userName ?? item.userName);
  const id = text(user.id ?? item.userId);
  const email = text(user.email ?? item.email);
  return (
    <div className="stack">
      <span className="strong">{name ?? (id ? `#${id}` : '—')}</span>
      {(email || (name && id)) && (
        <span className="muted small">
          {name && id ? `#${id}` : ''}
          {name && id && email ? ' · ' : ''}
          {email}
        </span>
      )}
    </div>
  );
}

function Summary({ kind, item, tr }: { kind: ReviewKind; item: ReviewItem; tr: Translator }) {
  const { t, tMaybe } = tr;
  if (kind === 'kyc') {
    const name = [text(item.firstName), text(item.lastName)].filter(Boolean).join(' ');
    const doc = text(item.docType);
    const extra = [doc && (tMaybe(`values.${doc}`) ?? doc), text(item.country)].filter(Boolean).join(' · ');
    return (
      <div className="stack">
        <span className="strong">{name || '—'}</span>
        {extra && <span className="muted small">{extra}</span>}
      </div>
    );
  }
  // `amount` is USDT in every money queue; a deposit also has the coin amount sent (`payAmount` in `asset`).
  const amount = text(item.amount);
  const details: ReactNode[] = [];
  const add = (key: string, value: ReactNode) => details.push(<Fragment key={key}>{value}</Fragment>);
  const payAmount = text(item.payAmount);
  if (kind === 'deposits' && payAmount) {
    add(
      'pay',
      <>
        {t('fields.payAmount')}: <Amount value={payAmount} asset={text(item.asset)} />
      </>,
    );
  }
  if (kind === 'deposits' && text(item.network)) add('network', <bdi>{text(item.network)}</bdi>);
  const fee = text(item.fee);
  if (kind === 'withdrawals' && fee)
    add(
      'fee',
      <>
        {t('fields.fee')}: <Amount value={fee} />
      </>,
    );
  const method =
    typeof item.method === 'object' && item.method !== null ? (item.method as Record<string, unknown>) : {};
  if (kind === 'withdrawals' && text(method.label)) add('method', <bdi>{text(method.label)}</bdi>);
  if (kind === 'loans' && text(item.termDays))
    add(
      'term',
      <>
        {t('fields.termDays')}: {text(item.termDays)}
      </>,
    );
  return (
    <div className="stack">
      {amount ? <Amount value={amount} asset="USDT" /> : <span className="muted">—</span>}
      {details.length > 0 && (
        <span className="muted small summary-line">
          {details.map((d, i) => (
            <Fragment key={i}>
              {i > 0 && ' · '}
              {d}
            </Fragment>
          ))}
        </span>
      )}
    </div>
  );
}
