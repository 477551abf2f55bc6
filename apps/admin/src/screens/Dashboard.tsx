// The back office's first screen: how the business stands, every figure computed by the server from the data
// when the page is opened or refreshed (GET /admin/api/dashboard). Read-only for every role; each queue links
// to where it is worked. The charts load lazily (DashboardCharts.tsx); the exact figures are in tables.
import { Component, lazy, Suspense, type ReactNode } from 'react';
import type {
  Dashboard as Figures,
  DashboardDay,
  DashboardFeed,
  ExposureRow,
  Liability,
} from '@tradewind/contract';
import { operatorParamKeys } from '@tradewind/contract';
import { useSession, type AdminSession } from '../app/session.ts';
import { mayOpen } from '../app/review-queues.ts';
import type { Route } from '../app/router.ts';
import { useDashboard } from '../api/dashboard.ts';
import { intlLocale, useT, type MessageKey, type Translator } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { Amount, Badge, ErrorNote } from '../ui/kit.tsx';
import { PublicUrlNotice } from './PublicUrlNotice.tsx';
import { SetupNotice } from './SetupNotice.tsx';
import './dashboard.css';

const DashboardCharts = lazy(() => import('./DashboardCharts.tsx'));

/** A chart that cannot be drawn (its chunk failed to load, no canvas) leaves a note; the tables stay. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Figure({
  label,
  children,
  note,
  link,
  tone,
}: {
  label: string;
  children: ReactNode;
  note?: ReactNode;
  link?: { to: Route; label: string };
  tone?: 'bad';
}) {
  // A link only where this operator's role can go (compliance is not sent to the deposit queue).
  const role = useSession()?.admin.role;
  const shownLink = link && role && mayOpen(role, link.to) ? link : undefined;
  return (
    <div className={tone === 'bad' ? 'stat stat-bad' : 'stat'}>
      <dt>{label}</dt>
      <dd>{children}</dd>
      {note ? <dd className="stat-note">{note}</dd> : null}
      {shownLink ? (
        <dd className="stat-link">
          <Link to={shownLink.to}>{shownLink.label}</Link>
        </dd>
      ) : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="dashboard-section" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Customers({ board }: { board: Figures }) {
  const { t, integer } = useT();
  return (
    <Section title={t('dashboard.customersSection')}>
      <dl className="stats">
        <Figure label={t('dashboard.customers')}>
          <span className="num">{integer(board.customers)}</span>
        </Figure>
        <Figure label={t('dashboard.new24h')}>
          <span className="num">{integer(board.newCustomers24h)}</span>
        </Figure>
        <Figure label={t('dashboard.new7d')}>
          <span className="num">{integer(board.newCustomers7d)}</span>
        </Figure>
        <Figure
          label={t('dashboard.kycPending')}
          link={{ to: { screen: 'reviews', kind: 'kyc' }, label: t('dashboard.review') }}
        >
          <span className="num">{integer(board.kycPending)}</span>
        </Figure>
      </dl>
    </Section>
  );
}

function Queues({ board }: { board: Figures }) {
  const { t, integer } = useT();
  const queue = (label: MessageKey, figures: Figures['depositsPending'], to?: Route) => (
    <Figure
      label={t(label)}
      note={t('dashboard.count', { count: integer(figures.count) })}
      {...(to ? { link: { to, label: t('dashboard.review') } } : {})}
    >
      <Amount value={figures.sum} asset="USDT" />
    </Figure>
  );
  return (
    <Section title={t('dashboard.queuesSection')}>
      <dl className="stats">
        {queue('dashboard.depositsPending', board.depositsPending, { screen: 'reviews', kind: 'deposits' })}
        {queue('dashboard.depositsApprovedToday', board.depositsApprovedToday)}
        {queue('dashboard.withdrawalsPending', board.withdrawalsPending, {
          screen: 'reviews',
          kind: 'withdrawals',
        })}
        {queue('dashboard.withdrawalsApprovedToday', board.withdrawalsApprovedToday)}
      </dl>
    </Section>
  );
}

const liabilityColumns: [keyof Omit<Liability, 'asset'>, MessageKey][] = [
  ['cash', 'dashboard.cash'],
  ['margin', 'dashboard.margin'],
  ['planPrincipal', 'dashboard.planPrincipal'],
  ['bidHold', 'dashboard.bidHold'],
  ['withdrawalHold', 'dashboard.withdrawalHold'],
  ['total', 'dashboard.total'],
];

function Book({ board }: { board: Figures }) {
  const { t, integer } = useT();
  const { outstanding, overdue } = board.loans;
  return (
    <Section title={t('dashboard.bookSection')}>
      <dl className="stats">
        <Figure
          label={t('dashboard.smartDue')}
          note={t('dashboard.plans', { count: integer(board.smartInterestDue7d.orders) })}
        >
          <Amount value={board.smartInterestDue7d.sum} asset="USDT" />
        </Figure>
        <Figure
          label={t('dashboard.loansOutstanding')}
          note={
            <>
              {t('dashboard.count', { count: integer(outstanding.count) })} · {t('dashboard.toRepay')}{' '}
              <Amount value={outstanding.repayable} asset="USDT" />
            </>
          }
        >
          <Amount value={outstanding.principal} asset="USDT" />
        </Figure>
        <Figure
          label={t('dashboard.loansOverdue')}
          note={
            <>
              {t('dashboard.count', { count: integer(overdue.count) })} · {t('dashboard.toRepay')}{' '}
              <Amount value={overdue.repayable} asset="USDT" />
            </>
          }
          {...(overdue.count > 0 ? { tone: 'bad' as const } : {})}
        >
          <Amount value={overdue.principal} asset="USDT" />
        </Figure>
        <Figure label={t('dashboard.charityPayable')}>
          <Amount value={board.charityPayable} asset="USDT" />
        </Figure>
        <Figure
          label={t('dashboard.ledger')}
          note={t('dashboard.entries', { count: integer(board.ledger.entryCount) })}
          link={{ to: { screen: 'ledger' }, label: t('dashboard.openLedger') }}
          {...(board.ledgerBalanced ? {} : { tone: 'bad' as const })}
        >
          {board.ledgerBalanced ? (
            <Badge tone="good">{t('dashboard.balanced')}</Badge>
          ) : (
            <Badge tone="bad">{t('dashboard.unbalanced')}</Badge>
          )}
        </Figure>
      </dl>
      <h3 className="dashboard-subtitle">{t('dashboard.liabilities')}</h3>
      <p className="small muted">{t('dashboard.liabilitiesIntro')}</p>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('fields.asset')}</th>
              {liabilityColumns.map(([, label]) => (
                <th key={label} scope="col" className="col-num">
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {board.liabilities.length === 0 ? (
              <tr>
                <td colSpan={liabilityColumns.length + 1} className="table-state">
                  {t('dashboard.noLiabilities')}
                </td>
              </tr>
            ) : (
              board.liabilities.map((row) => (
                <tr key={row.asset}>
                  <th scope="row" className="mono">
                    {row.asset}
                  </th>
                  {liabilityColumns.map(([key]) => (
                    <td key={key} className={key === 'total' ? 'col-num strong' : 'col-num'}>
                      <Amount value={row[key]} asset={row.asset} />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function ExposureTable({ rows }: { rows: readonly ExposureRow[] }) {
  const { t, integer } = useT();
  return (
    <Section title={t('dashboard.exposureSection')}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('positions.instrument')}</th>
              <th scope="col" className="col-num">
                {t('exposure.openCount')}
              </th>
              <th scope="col" className="col-num">
                {t('exposure.netLots')}
              </th>
              <th scope="col" className="col-num">
                {t('exposure.netNotional')}
              </th>
              <th scope="col" className="col-num">
                {t('exposure.marginTotal')}
              </th>
              <th scope="col" className="col-num">
                {t('exposure.customerPnl')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={6} className="table-state">
                  {t('dashboard.noExposure')}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.code}>
                  <th scope="row" className="mono">
                    {row.code}
                  </th>
                  <td className="col-num">{integer(row.openCount)}</td>
                  <td className="col-num">
                    <Amount value={row.netLots} />
                  </td>
                  <td className="col-num">
                    <Amount value={row.netNotional} asset="USDT" />
                  </td>
                  <td className="col-num">
                    <Amount value={row.marginTotal} asset="USDT" />
                  </td>
                  <td className="col-num">
                    {row.markPrice === undefined ? '—' : <Amount value={row.unrealizedPnl} asset="USDT" />}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="stat-link">
        <Link to={{ screen: 'exposure' }}>{t('dashboard.openExposure')}</Link>
      </p>
    </Section>
  );
}

/** How old a source's newest price is: seconds under two minutes, then minutes, then hours. */
function ageText(ageMs: number, { locale }: Translator): string {
  const seconds = Math.floor(ageMs / 1000);
  const [value, unit] =
    seconds < 120
      ? [seconds, 'second']
      : seconds < 7200
        ? [Math.floor(seconds / 60), 'minute']
        : [Math.floor(seconds / 3600), 'hour'];
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit, unitDisplay: 'short' }).format(
    value,
  );
}

/**
 * Each live price source (DESIGN.md §1.10): live while its newest price is younger than
 * `price_stale_after_s`, delayed beyond it (the real book pauses on its instruments), with the age.
 */
function Feeds({ feeds }: { feeds: readonly DashboardFeed[] }) {
  const tr = useT();
  const { t } = tr;
  return (
    <Section title={t('dashboard.feedsSection')}>
      <p className="small muted">{t('dashboard.feedsIntro')}</p>
      <div className="table-wrap">
        <table className="table" data-testid="dashboard-feeds">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.feedName')}</th>
              <th scope="col">{t('dashboard.feedStatus')}</th>
              <th scope="col" className="col-num">
                {t('dashboard.feedAge')}
              </th>
            </tr>
          </thead>
          <tbody>
            {feeds.length === 0 ? (
              <tr>
                <td colSpan={3} className="table-state">
                  {t('dashboard.noFeeds')}
                </td>
              </tr>
            ) : (
              feeds.map((feed) => (
                <tr key={feed.name} data-feed={feed.name} data-live={feed.live}>
                  <th scope="row" className="mono">
                    <bdi>{feed.name}</bdi>
                  </th>
                  <td>
                    {feed.live ? (
                      <Badge tone="good">{t('dashboard.feedLive')}</Badge>
                    ) : (
                      <Badge tone="bad">{t('dashboard.feedStale')}</Badge>
                    )}
                  </td>
                  <td className="col-num">
                    {feed.ageMs === null ? t('dashboard.feedNoPrice') : ageText(feed.ageMs, tr)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function SeriesTable({ series }: { series: readonly DashboardDay[] }) {
  const { t, integer } = useT();
  return (
    <details className="dashboard-figures">
      <summary>{t('dashboard.showFigures')}</summary>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('dashboard.day')}</th>
              <th scope="col" className="col-num">
                {t('dashboard.deposits')}
              </th>
              <th scope="col" className="col-num">
                {t('dashboard.withdrawals')}
              </th>
              <th scope="col" className="col-num">
                {t('dashboard.newCustomers')}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...series].reverse().map((d) => (
              <tr key={d.day}>
                <th scope="row" className="mono">
                  {d.day}
                </th>
                <td className="col-num">
                  <Amount value={d.deposits.sum} asset="USDT" /> ({integer(d.deposits.count)})
                </td>
                <td className="col-num">
                  <Amount value={d.withdrawals.sum} asset="USDT" /> ({integer(d.withdrawals.count)})
                </td>
                <td className="col-num">{integer(d.newCustomers)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Charts({ series }: { series: readonly DashboardDay[] }) {
  const { t } = useT();
  const quiet = series.every(
    (d) => d.deposits.count === 0 && d.withdrawals.count === 0 && d.newCustomers === 0,
  );
  return (
    <Section title={t('dashboard.chartsSection')}>
      {quiet ? (
        <p className="table-state">{t('dashboard.chartsEmpty')}</p>
      ) : (
        <ChartBoundary fallback={<p className="note note-warn">{t('dashboard.chartError')}</p>}>
          <Suspense fallback={<p className="table-state">{t('dashboard.chartLoading')}</p>}>
            <DashboardCharts series={series} />
          </Suspense>
        </ChartBoundary>
      )}
      <SeriesTable series={series} />
    </Section>
  );
}

export function Dashboard({ admin }: { admin: AdminSession['admin'] }) {
  const { t, dateTime } = useT();
  const board = useDashboard();
  return (
    <section aria-labelledby="dashboard-title" className="dashboard">
      <header className="page-header">
        <div>
          <h1 id="dashboard-title">{t('dashboard.title')}</h1>
          <p className="page-intro">{t('dashboard.intro')}</p>
        </div>
        <div className="page-actions">
          {board.data && (
            <span className="small muted">{t('dashboard.takenAt', { time: dateTime(board.data.at) })}</span>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={board.isFetching}
            onClick={() => void board.refetch()}
          >
            {board.isFetching && board.data ? t('dashboard.refreshing') : t('common.refresh')}
          </button>
        </div>
      </header>
      <SetupNotice
        admin={admin}
        keys={operatorParamKeys}
        message="setup.operatorMissing"
        testId="operator-setup"
      />
      <PublicUrlNotice />
      {board.error ? (
        <ErrorNote error={board.error} onRetry={() => void board.refetch()} />
      ) : !board.data ? (
        <p className="table-state" role="status">
          {t('common.loading')}
        </p>
      ) : (
        <>
          <Feeds feeds={board.data.feeds} />
          <Customers board={board.data} />
          <Queues board={board.data} />
          <Book board={board.data} />
          <Charts series={board.data.series} />
          <ExposureTable rows={board.data.exposure.list} />
        </>
      )}
    </section>
  );
}
