// The customer 360's tabs: each section as the server sends it (latest rows and totals), rendered field by
// field. Identity photos are fetched only when asked for (each fetch is an audit row), and only roles allowed
// to see them get their URLs at all.
import { useId, useState, type ReactNode } from 'react';
import {
  entryCategories,
  entryLabelKey,
  type Customer360 as View,
  type CustomerBook,
  type CustomerSession,
  type EntryCategory,
} from '@tradewind/contract';
import { fundRecordsPageSize, useCustomerFundRecords, useRevokeCustomerSession } from '../api/customers.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { EvidenceGallery } from '../ui/Evidence.tsx';
import { Amount, Badge, DecisionDialog, Pager, StatusBadge } from '../ui/kit.tsx';
import { AuditAction } from '../ui/AuditAction.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { formatAmount } from '../ui/money.ts';
import { Field, isolate, kycTones, Section, Time } from './customer-parts.tsx';

type Props = { c: View };

export function ProfilePanel({ c }: Props) {
  const { t } = useT();
  const { profile } = c;
  return (
    <div className="customer-stack">
      <dl className="field-list card">
        <Field label={t('fields.id')}>
          <span className="num">{profile.id}</span>
        </Field>
        <Field label={t('fields.userName')}>
          <bdi>{profile.userName}</bdi>
        </Field>
        <Field label={t('fields.email')}>
          <bdi>{profile.email}</bdi>
        </Field>
        <Field label={t('fields.phone')}>
          {profile.phone ? (
            <span dir="ltr">{[profile.areaCode, profile.phone].filter(Boolean).join(' ')}</span>
          ) : (
            <span className="muted">—</span>
          )}
        </Field>
        <Field label={t('fields.inviteCode')}>
          <span className="mono">{profile.inviteCode}</span>
        </Field>
        <Field label={t('customers.invitedBy')}>
          {profile.invitedBy ? (
            <Link to={{ screen: 'customers', id: profile.invitedBy.id }}>
              <bdi>{profile.invitedBy.userName}</bdi>
            </Link>
          ) : (
            <span className="muted">—</span>
          )}
        </Field>
        <Field label={t('customers.language')}>{profile.locale}</Field>
        <Field label={t('customers.googleLinked')}>
          {profile.googleLinked ? t('customers.linked') : t('customers.notLinked')}
        </Field>
        <Field label={t('customers.registered')}>
          <Time ms={profile.createdAt} />
        </Field>
      </dl>
      <Section
        title={t('customers.statusHistory')}
        total={c.statusHistory.length}
        shown={c.statusHistory.length}
        empty={t('customers.noStatusChanges')}
        columns={[t('customers.when'), t('fields.status'), t('customers.staff'), t('fields.reason')]}
      >
        {c.statusHistory.map((h) => (
          <tr key={`${h.at}-${h.status}`}>
            <td className="nowrap">
              <Time ms={h.at} />
            </td>
            <td>
              <Badge tone={h.status === 1 ? 'good' : 'bad'}>{t(`userStatus.${h.status}`)}</Badge>
            </td>
            <td>
              <bdi>{h.adminUserName}</bdi>
            </td>
            <td className="reason-cell">{h.reason}</td>
          </tr>
        ))}
      </Section>
    </div>
  );
}

export function KycPanel({ c }: Props) {
  const { t, region } = useT();
  const [showPhotos, setShowPhotos] = useState(false);
  const { latest } = c.kyc;
  const photos = latest?.photos;
  return (
    <div className="customer-stack">
      <p className="customer-line">
        <Badge tone={kycTones[c.kyc.status]}>{t(`kycStatus.${c.kyc.status}`)}</Badge>{' '}
        {t('customers.kycSubmissions', { count: c.kyc.submissions })}
      </p>
      {!latest ? (
        <p className="customer-empty">{t('customers.noKyc')}</p>
      ) : (
        <div className="card">
          <h3 className="detail-heading">{t('customers.latestSubmission')}</h3>
          <dl className="field-list">
            <Field label={t('fields.firstName')}>{latest.firstName}</Field>
            <Field label={t('fields.lastName')}>{latest.lastName}</Field>
            <Field label={t('fields.sex')}>{t(`values.${latest.sex}`)}</Field>
            <Field label={t('fields.birthdate')}>
              <span className="num">{latest.birthdate}</span>
            </Field>
            <Field label={t('fields.country')}>{region(latest.country)}</Field>
            <Field label={t('fields.phone')}>
              <span dir="ltr">{`${latest.areaCode} ${latest.phone}`}</span>
            </Field>
            <Field label={t('fields.address')}>{latest.address}</Field>
            <Field label={t('fields.docType')}>{t(`values.${latest.docType}`)}</Field>
            <Field label={t('fields.status')}>
              <StatusBadge status={latest.status} />
            </Field>
            <Field label={t('fields.reason')}>{latest.reason ?? <span className="muted">—</span>}</Field>
            <Field label={t('fields.createdAt')}>
              <Time ms={latest.createdAt} />
            </Field>
            <Field label={t('fields.reviewedAt')}>
              <Time ms={latest.reviewedAt} />
            </Field>
          </dl>
          {!photos ? (
            <p className="customer-note">{t('customers.photosHidden')}</p>
          ) : showPhotos ? (
            <EvidenceGallery
              files={[
                { path: 'front', label: t('fields.front'), url: photos.front },
                { path: 'back', label: t('fields.back'), url: photos.back },
                { path: 'selfie', label: t('fields.selfie'), url: photos.selfie },
              ]}
            />
          ) : (
            <p className="customer-line">
              <button type="button" className="button button-small" onClick={() => setShowPhotos(true)}>
                {t('customers.showPhotos')}
              </button>{' '}
              <span className="customer-note">{t('customers.photosAudited')}</span>
            </p>
          )}
        </div>
      )}
    </div>
  );
}

export function MoneyPanel({ c }: Props) {
  const { t, locale, tMaybe } = useT();
  const money = (value: string) => formatTotal(value, locale);
  return (
    <div className="customer-stack">
      <FundRecords c={c} />
      <Section
        title={t('customers.deposits')}
        summary={t('customers.reviewTotals', {
          pending: c.deposits.pending,
          amount: money(c.deposits.approvedAmount),
        })}
        total={c.deposits.total}
        shown={c.deposits.list.length}
        empty={t('customers.noDeposits')}
        columns={[
          t('fields.id'),
          t('customers.when'),
          t('fields.channel'),
          t('customers.amountUsdt'),
          t('fields.txHash'),
          t('fields.status'),
        ]}
      >
        {c.deposits.list.map((d) => (
          <tr key={d.id}>
            <td className="num">{d.id}</td>
            <td className="nowrap">
              <Time ms={d.createdAt} />
            </td>
            <td className="nowrap">{`${d.asset} ${d.network}`}</td>
            <td className="num">
              <Amount value={d.amount} />
            </td>
            <td className="mono mono-break" dir="ltr">
              {d.txHash}
            </td>
            <td>
              <StatusBadge status={d.status} />
              {d.reason && <span className="customer-note"> {d.reason}</span>}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.withdrawals')}
        summary={t('customers.reviewTotals', {
          pending: c.withdrawals.pending,
          amount: money(c.withdrawals.approvedAmount),
        })}
        total={c.withdrawals.total}
        shown={c.withdrawals.list.length}
        empty={t('customers.noWithdrawals')}
        columns={[
          t('fields.id'),
          t('customers.when'),
          t('customers.amountUsdt'),
          t('fields.fee'),
          t('customers.destination'),
          t('fields.status'),
        ]}
      >
        {c.withdrawals.list.map((w) => (
          <tr key={w.id}>
            <td className="num">{w.id}</td>
            <td className="nowrap">
              <Time ms={w.createdAt} />
            </td>
            <td className="num">
              <Amount value={w.amount} />
            </td>
            <td className="num">
              <Amount value={w.fee} />
            </td>
            <td className="mono" dir="ltr">
              {w.destination}
            </td>
            <td>
              <StatusBadge status={w.status} />
              {w.reason && <span className="customer-note"> {w.reason}</span>}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.methods')}
        total={c.withdrawalMethods.total}
        shown={c.withdrawalMethods.list.length}
        empty={t('customers.noMethods')}
        columns={[t('fields.type'), t('customers.destination'), t('fields.holderName'), t('customers.added')]}
      >
        {c.withdrawalMethods.list.map((m) => (
          <tr key={m.id}>
            <td>{t(`values.${m.type}`)}</td>
            <td className="mono" dir="ltr">
              {m.type === 'bank'
                ? `${m.bankName ?? ''} ${m.cardMasked ?? ''}`
                : `${m.network ?? ''} ${m.addressMasked ?? ''}`}
            </td>
            <td>{m.holderName ? <bdi>{m.holderName}</bdi> : <span className="muted">—</span>}</td>
            <td className="nowrap">
              <Time ms={m.createdAt} />
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.adjustments')}
        total={c.adjustments.total}
        shown={c.adjustments.list.length}
        empty={t('customers.noAdjustments')}
        columns={[
          t('fields.id'),
          t('customers.when'),
          t('fields.book'),
          t('customers.amountUsdt'),
          t('fields.reason'),
          t('fields.status'),
        ]}
      >
        {c.adjustments.list.map((a) => (
          <tr key={a.id}>
            <td className="num">{a.id}</td>
            <td className="nowrap">
              <Time ms={a.createdAt} />
            </td>
            <td>{t(`values.${a.book}`)}</td>
            <td className="num">
              <Amount value={a.amount} />
            </td>
            <td className="reason-cell">{a.reason}</td>
            <td>
              <Badge tone={a.status === 'approved' ? 'good' : a.status === 'pending' ? 'warn' : 'neutral'}>
                {tMaybe(`status.${a.status}`) ?? a.status}
              </Badge>
            </td>
          </tr>
        ))}
      </Section>
    </div>
  );
}

const formatTotal = (value: string, locale: Parameters<typeof formatAmount>[2]) =>
  isolate(formatAmount(value, 'USDT', locale));

/** The 360's latest real-book lines, or every line of either book, paged from the server. */
function FundRecords({ c }: Props) {
  const { t } = useT();
  const [all, setAll] = useState(false);
  const toggle = (
    <button type="button" className="button button-small button-ghost" onClick={() => setAll(!all)}>
      {all ? t('customers.showLatest') : t('customers.showAll')}
    </button>
  );
  if (all) return <AllFundRecords id={c.profile.id} toggle={toggle} />;
  return (
    <Section
      title={t('customers.fundRecords')}
      summary={t('values.real')}
      total={c.fundRecords.total}
      shown={c.fundRecords.list.length}
      empty={t('customers.noFundRecords')}
      columns={fundColumns(t)}
      actions={toggle}
    >
      {c.fundRecords.list.map((r) => (
        <FundRow key={r.id} r={r} />
      ))}
    </Section>
  );
}

const fundColumns = (t: ReturnType<typeof useT>['t']) => [
  t('customers.when'),
  t('customers.kind'),
  t('customers.amountUsdt'),
  t('customers.balanceAfter'),
  t('customers.reference'),
];

function FundRow({ r }: { r: View['fundRecords']['list'][number] }) {
  const { t } = useT();
  const key = entryLabelKey(r.kind, r.amount);
  return (
    <tr>
      <td className="nowrap">
        <Time ms={r.createdAt} />
      </td>
      {/* A kind this build cannot name (a newer server) keeps its code beside the word for staff. */}
      <td>{key === 'unknown' ? `${t('entries.unknown')} (${r.kind})` : t(`entries.${key}`)}</td>
      <td className="num">
        <Amount value={r.amount} />
      </td>
      <td className="num">
        <Amount value={r.balanceAfter} />
      </td>
      <td className="mono">{r.ref}</td>
    </tr>
  );
}

function AllFundRecords({ id, toggle }: { id: string; toggle: ReactNode }) {
  const { t } = useT();
  const titleId = useId();
  const [book, setBook] = useState<CustomerBook>('real');
  const [page, setPage] = useState(1);
  const [category, setCategory] = useState<EntryCategory | null>(null);
  const records = useCustomerFundRecords(id, book, page, category);
  return (
    <section className="customer-section" aria-labelledby={titleId}>
      <header className="customer-section-head">
        <h3 id={titleId}>{t('customers.fundRecords')}</h3>
        <select
          aria-label={t('customers.kind')}
          data-testid="fund-category"
          value={category ?? ''}
          onChange={(e) => {
            const chosen = entryCategories.find((c) => c === e.target.value);
            setCategory(chosen ?? null);
            setPage(1);
          }}
        >
          <option value="">{t('entries.categories.all')}</option>
          {entryCategories.map((c) => (
            <option key={c} value={c}>
              {t(`entries.categories.${c}`)}
            </option>
          ))}
        </select>
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('fields.book')}</legend>
          {(['real', 'demo'] as const).map((b) => (
            <label key={b} className={b === book ? 'is-selected' : undefined}>
              <input
                type="radio"
                name={`${titleId}-book`}
                checked={b === book}
                onChange={() => (setBook(b), setPage(1))}
              />
              {t(`values.${b}`)}
            </label>
          ))}
        </fieldset>
        {toggle}
      </header>
      <ListTable
        query={records}
        columns={fundColumns(t).map((label) => ({ label }))}
        empty={t('customers.noFundRecords')}
        items={records.data?.list}
        row={(r) => <FundRow key={r.id} r={r} />}
      />
      {records.data && (
        <Pager page={page} size={fundRecordsPageSize} total={records.data.total} onPage={setPage} />
      )}
    </section>
  );
}

export function ProductsPanel({ c }: Props) {
  const { t, locale, tMaybe } = useT();
  return (
    <div className="customer-stack">
      <Section
        title={t('customers.contracts')}
        summary={t('customers.openCount', { count: c.contracts.open })}
        total={c.contracts.total}
        shown={c.contracts.list.length}
        empty={t('customers.noContracts')}
        columns={[
          t('positions.orderNo'),
          t('fields.book'),
          t('positions.instrument'),
          t('positions.direction'),
          t('positions.lots'),
          t('positions.margin'),
          t('positions.pnl'),
          t('fields.status'),
          t('positions.openedAt'),
        ]}
      >
        {c.contracts.list.map((o) => (
          <tr key={o.id}>
            <td className="mono">{o.orderNo}</td>
            <td>{t(`values.${o.book}`)}</td>
            <td className="nowrap">{o.code}</td>
            <td>
              {t(`positions.directions.${o.direction}`)}{' '}
              <span className="num">{t('positions.leverageValue', { value: o.leverage })}</span>
            </td>
            <td className="num">{o.lots}</td>
            <td className="num">
              <Amount value={o.margin} />
            </td>
            <td className="num">
              {o.pnl === null ? <span className="muted">—</span> : <Amount value={o.pnl} />}
            </td>
            <td>
              <StatusBadge status={o.status} />
              {o.closeReason && (
                <span className="customer-note"> {t(`positions.closeReasons.${o.closeReason}`)}</span>
              )}
            </td>
            <td className="nowrap">
              <Time ms={o.openAt} />
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.smartPlans')}
        summary={t('customers.planTotals', {
          count: c.smartPlans.earning,
          amount: formatTotal(c.smartPlans.principal, locale),
        })}
        total={c.smartPlans.total}
        shown={c.smartPlans.list.length}
        empty={t('customers.noPlans')}
        columns={[
          t('fields.product'),
          t('fields.termDays'),
          t('customers.amountUsdt'),
          t('customers.totalInterest'),
          t('fields.status'),
          t('customers.maturity'),
        ]}
      >
        {c.smartPlans.list.map((p) => (
          <tr key={p.id}>
            <td>{p.productName}</td>
            <td className="num">{p.days}</td>
            <td className="num">
              <Amount value={p.amount} />
            </td>
            <td className="num">
              <Amount value={p.totalInterest} />
            </td>
            <td>
              <Badge tone={p.status === 'earning' ? 'info' : 'neutral'}>
                {t(`customers.planStatus.${p.status}`)}
              </Badge>
              {p.autoRenew && <span className="customer-note"> {t('customers.autoRenew')}</span>}
            </td>
            <td className="nowrap">
              <Time ms={p.maturityAt} />
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.loans')}
        total={c.loans.total}
        shown={c.loans.list.length}
        empty={t('customers.noLoans')}
        columns={[
          t('fields.id'),
          t('fields.product'),
          t('customers.amountUsdt'),
          t('fields.repayAmount'),
          t('fields.repayDate'),
          t('fields.lateCharge'),
          t('fields.owed'),
          t('fields.status'),
        ]}
      >
        {c.loans.list.map((l) => (
          <tr key={l.id}>
            <td className="num">{l.id}</td>
            <td>{l.productName}</td>
            <td className="num">
              <Amount value={l.amount} />
            </td>
            <td className="num">
              <Amount value={l.repayAmount} />
            </td>
            <td className="nowrap">
              <Time ms={l.repayDate} />
            </td>
            <td className="num">
              <Amount value={l.lateCharge} />
            </td>
            <td className="num">
              <Amount value={l.owed} />
            </td>
            <td>
              <StatusBadge status={l.status} />
              {l.overdueAt !== undefined && (
                <span className="customer-note">
                  {' '}
                  {t('fields.overdueAt')}: <Time ms={l.overdueAt} />
                </span>
              )}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.bids')}
        total={c.bids.total}
        shown={c.bids.list.length}
        empty={t('customers.noBids')}
        columns={[t('customers.piece'), t('customers.amountUsdt'), t('customers.when'), t('fields.status')]}
      >
        {c.bids.list.map((b) => (
          <tr key={b.id}>
            <td>
              <bdi>{b.nftName}</bdi>
            </td>
            <td className="num">
              <Amount value={b.amount} />
            </td>
            <td className="nowrap">
              <Time ms={b.at} />
            </td>
            <td>
              <Badge tone={b.leading ? 'good' : 'neutral'}>
                {b.leading
                  ? t(b.nftStatus === 'sold' ? 'customers.won' : 'customers.leading')
                  : t('customers.outbid')}
              </Badge>{' '}
              <span className="customer-note">{tMaybe(`nfts.${b.nftStatus}`) ?? b.nftStatus}</span>
            </td>
          </tr>
        ))}
      </Section>
    </div>
  );
}

export function NetworkPanel({ c }: Props) {
  const { t } = useT();
  const { thread, messages } = c.support;
  return (
    <div className="customer-stack">
      <Section
        title={t('customers.invitees')}
        summary={t('customers.rewardedCount', { count: c.invitees.rewarded })}
        total={c.invitees.total}
        shown={c.invitees.list.length}
        empty={t('customers.noInvitees')}
        columns={[t('fields.userName'), t('customers.joined'), t('customers.reward')]}
      >
        {c.invitees.list.map((i) => (
          <tr key={i.id}>
            <td>
              <Link to={{ screen: 'customers', id: i.id }}>
                <bdi>{i.userName}</bdi>
              </Link>
            </td>
            <td className="nowrap">
              <Time ms={i.joinedAt} />
            </td>
            <td className="num">
              {i.reward === null ? (
                <span className="muted">—</span>
              ) : (
                <Amount value={i.reward} asset="USDT" />
              )}
            </td>
          </tr>
        ))}
      </Section>
      <Section
        title={t('customers.support')}
        summary={
          thread
            ? `${t(`status.${thread.status}`)} · ${t('customers.unreadCount', { count: thread.unread })}`
            : undefined
        }
        total={messages.total}
        shown={messages.list.length}
        empty={t('customers.noSupport')}
        columns={[t('customers.when'), t('customers.author'), t('customers.message')]}
        actions={
          thread ? (
            <Link to={{ screen: 'support' }} className="button button-small button-ghost">
              {t('customers.openInbox')}
            </Link>
          ) : undefined
        }
      >
        {messages.list.map((m) => (
          <tr key={m.id}>
            <td className="nowrap">
              <Time ms={m.createdAt} />
            </td>
            <td>{m.author === 'staff' ? t('support.fromStaff') : t('support.fromCustomer')}</td>
            <td className="customer-message">
              {m.text}
              {m.hasImage && <span className="customer-note"> · {t('customers.imageAttached')}</span>}
            </td>
          </tr>
        ))}
      </Section>
    </div>
  );
}

type SecurityProps = Props & { admin: AdminSession['admin']; onDone: (message: string) => void };

export function SecurityPanel({ c, admin, onDone }: SecurityProps) {
  const { t } = useT();
  const mayRevoke = can(admin.role, 'setUserStatus');
  return (
    <div className="customer-stack">
      <Section
        title={t('customers.sessions')}
        summary={t('customers.activeCount', { count: c.sessions.active })}
        total={c.sessions.total}
        shown={c.sessions.list.length}
        empty={t('customers.noSessions')}
        columns={[
          t('customers.signedIn'),
          t('customers.lastSeen'),
          t('customers.expires'),
          t('fields.status'),
          ...(mayRevoke ? [t('common.actions')] : []),
        ]}
      >
        {c.sessions.list.map((s) => (
          <SessionRow key={s.id} s={s} c={c} mayRevoke={mayRevoke} onDone={onDone} />
        ))}
      </Section>
      <Section
        title={t('customers.audit')}
        total={c.audit.total}
        shown={c.audit.list.length}
        empty={t('customers.noAudit')}
        columns={[
          t('audit.time'),
          t('customers.staff'),
          t('audit.action'),
          t('audit.target'),
          t('fields.reason'),
        ]}
        actions={
          <Link to={{ screen: 'audit' }} className="button button-small button-ghost">
            {t('customers.openAuditLog')}
          </Link>
        }
      >
        {c.audit.list.map((a) => (
          <tr key={a.id}>
            <td className="nowrap">
              <Time ms={a.createdAt} />
            </td>
            <td>
              <bdi>{a.adminUserName}</bdi>
            </td>
            <td>
              <AuditAction action={a.action} />
            </td>
            <td className="mono">{a.target}</td>
            <td className="reason-cell">{a.reason ?? <span className="muted">—</span>}</td>
          </tr>
        ))}
      </Section>
    </div>
  );
}

function SessionRow({
  s,
  c,
  mayRevoke,
  onDone,
}: {
  s: CustomerSession;
  c: View;
  mayRevoke: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeCustomerSession();
  const close = () => (setConfirming(false), revoke.reset());
  return (
    <tr className={s.active ? undefined : 'is-muted'}>
      <td className="nowrap">
        <Time ms={s.createdAt} />
      </td>
      <td className="nowrap">
        <Time ms={s.lastSeenAt} />
      </td>
      <td className="nowrap">
        <Time ms={s.revokedAt ?? s.expiresAt} />
      </td>
      <td>
        <Badge tone={s.active ? 'good' : 'neutral'}>
          {s.active ? t('customers.sessionActive') : t('customers.sessionEnded')}
        </Badge>
      </td>
      {mayRevoke && (
        <td className="col-actions">
          {s.active && (
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={() => setConfirming(true)}
            >
              {t('customers.revoke')}
            </button>
          )}
          {confirming && (
            <DecisionDialog
              title={t('customers.revokeTitle', { name: c.profile.userName })}
              hint={t('customers.revokeHint')}
              field={{ label: t('users.reasonLabel'), required: true }}
              confirmLabel={t('customers.revoke')}
              danger
              pending={revoke.isPending}
              error={revoke.error}
              onConfirm={(reason) =>
                revoke.mutate(
                  { id: c.profile.id, sessionId: s.id, reason },
                  { onSuccess: () => (close(), onDone(t('customers.revoked'))) },
                )
              }
              onClose={close}
            />
          )}
        </td>
      )}
    </tr>
  );
}
