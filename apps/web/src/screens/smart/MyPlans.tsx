// "My plans" (issue 10): the customer's smart plans with their progress, interest paid, the countdown to the
// next day's interest, the auto-renew switch and the early exit; used on /trading and in All orders.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmartOrder, SmartOrderStatus } from '@tradewind/contract';
import { useSmartAutoRenew, useSmartOrders, smartPageSize } from '../../api/smart.ts';
import { formatInteger } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { EmptyState, ErrorNote, Spinner } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { Amount, Pager } from '../../ui/wallet/parts.tsx';
import { countdownText, countdownTo, progressPercent } from './calculator.ts';
import { ExitDialog } from './ExitDialog.tsx';
import { formatDailyRate, formatDay, formatDays } from './format.ts';
import '../trade/trade.css';
import './smart.css';

const statusTones: Record<SmartOrderStatus, string> = {
  earning: 'badge-up',
  completed: 'badge-neutral',
  redeemed: 'badge-warn',
};

/** The current time, ticking every second while `active`, for the countdowns. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function Countdown({ atMs, now }: { atMs: number; now: number }) {
  const text = countdownText(countdownTo(atMs, now));
  return (
    <time className="num" dateTime={new Date(atMs).toISOString()} dir="ltr">
      {text}
    </time>
  );
}

function AutoRenewSwitch({ order }: { order: SmartOrder }) {
  const { t } = useTranslation();
  const toggle = useSmartAutoRenew();
  const on = toggle.isPending ? (toggle.variables?.autoRenew ?? order.autoRenew) : order.autoRenew;
  return (
    <label className="smart-switch">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        disabled={toggle.isPending}
        data-testid="plan-auto-renew"
        onChange={(event) =>
          toggle.mutate(
            { id: order.id, autoRenew: event.target.checked },
            {
              onSuccess: ({ result }) =>
                toast(t(result.autoRenew ? 'trading.plans.renewOn' : 'trading.plans.renewOff'), 'success'),
              onError: (failure) => toast(failure.message, 'error'),
            },
          )
        }
      />
      <span className="smart-switch-track" aria-hidden="true" />
      <span>{t('trading.plans.autoRenew')}</span>
    </label>
  );
}

function PlanRow({ order, now, onExit }: { order: SmartOrder; now: number; onExit: () => void }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const percent = progressPercent(order);
  const progress = t('trading.plans.progress', {
    paid: formatInteger(order.daysPaid, locale),
    days: formatInteger(order.days, locale),
  });
  const earning = order.status === 'earning';
  return (
    <li className="smart-plan" data-testid="smart-plan" data-status={order.status} data-id={order.id}>
      <div className="smart-plan-head">
        <span className="smart-plan-name">
          {order.productName} · {formatDays(order.days, locale)}
        </span>
        <span className={`badge ${statusTones[order.status]}`} data-testid="plan-status">
          {t(`trading.plans.status.${order.status}`)}
        </span>
      </div>
      <div
        className="smart-progress"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={order.days}
        aria-valuenow={Math.min(order.daysPaid, order.days)}
        aria-valuetext={progress}
      >
        <span className="smart-progress-bar" style={{ inlineSize: `${percent}%` }} />
      </div>
      <p className="muted small" data-testid="plan-progress">
        {progress}
      </p>
      <dl className="facts smart-plan-facts">
        <div className="fact">
          <dt>{t('trading.plans.principal')}</dt>
          <dd>
            <Amount value={order.amount} />
          </dd>
        </div>
        <div className="fact">
          <dt>{t('trading.dailyRate')}</dt>
          <dd>
            <bdi className="num">{formatDailyRate(order.dailyRate, locale)}</bdi>
          </dd>
        </div>
        <div className="fact">
          <dt>{t('trading.plans.interestPaid')}</dt>
          <dd data-testid="plan-interest-paid">
            <Amount value={order.interestPaid} /> <span className="muted">/</span>{' '}
            <Amount value={order.totalInterest} />
          </dd>
        </div>
        {earning && order.nextEarningAt !== undefined && (
          <div className="fact">
            <dt>{t('trading.plans.nextEarning')}</dt>
            <dd data-testid="plan-next">
              <Countdown atMs={order.nextEarningAt} now={now} />
            </dd>
          </div>
        )}
        <div className="fact">
          <dt>{t('trading.maturityDate')}</dt>
          <dd>
            <time dateTime={new Date(order.maturityAt).toISOString()}>
              {formatDay(order.maturityAt, locale)}
            </time>
          </dd>
        </div>
        {order.status === 'redeemed' && order.penalty !== undefined && (
          <div className="fact">
            <dt>{t('trading.plans.penaltyKept')}</dt>
            <dd data-testid="plan-penalty">
              <Amount value={order.penalty} />
            </dd>
          </div>
        )}
      </dl>
      {earning && (
        <div className="smart-plan-actions">
          <AutoRenewSwitch order={order} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={onExit}
            data-testid="plan-exit"
          >
            {t('trading.plans.exit')}
          </button>
        </div>
      )}
    </li>
  );
}

export function MyPlans() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [exiting, setExiting] = useState<SmartOrder | null>(null);
  const orders = useSmartOrders(page);
  const list = orders.data?.list ?? [];
  const now = useNow(list.some((order) => order.status === 'earning'));

  if (orders.isPending) return <Spinner />;
  if (orders.isError && !orders.data)
    return (
      <div className="smart-failed" data-testid="plans-error">
        <ErrorNote message={t('trading.plans.loadError')} />
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void orders.refetch()}>
          {t('trading.retry')}
        </button>
      </div>
    );
  if (list.length === 0) return <EmptyState title={t('trading.noPlans')} text={t('trading.noPlansText')} />;
  // The open exit dialog follows the list, so a refetch shows the order's current figures in it.
  const exitOrder = exiting ? (list.find((order) => order.id === exiting.id) ?? exiting) : null;
  return (
    <>
      <ul className="smart-plans" data-testid="smart-plans">
        {list.map((order) => (
          <PlanRow key={order.id} order={order} now={now} onExit={() => setExiting(order)} />
        ))}
      </ul>
      <Pager page={page} size={smartPageSize} total={orders.data.total} onPage={setPage} />
      {exitOrder && <ExitDialog order={exitOrder} onClose={() => setExiting(null)} />}
    </>
  );
}
