// The customer's contracts: open positions with live P&L from the price stream (after the opening fee, with the
// P&L before it beside), their take-profit and stop-loss, and a Close button; closed ones with their close
// reason and a "Verify" dialog showing the recorded ticks they opened and closed at.
// While positions are open the list is fetched every second; one that disappears from it was closed (by the
// engine: TP, SL, expiry, close-out) and is announced with a toast.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { OptionsContract } from '@tradewind/contract';
import { formatMoney } from '@tradewind/contract/money-format';
import {
  fetchContract,
  ordersPageSize,
  useCloseOptions,
  useClosedContracts,
  useOpenContracts,
  useOrdersKey,
  useTick,
} from '../../api/orders.ts';
import { useSession } from '../../app/session.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useLiveQuote } from '../../live/hooks.ts';
import { EmptyState, ErrorNote, Spinner } from '../../ui/kit.tsx';
import { formatLeverage, formatPrice, formatQuantity } from '../../ui/market/format.ts';
import { Price } from '../../ui/market/PriceCell.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../../ui/wallet/intent.ts';
import { Amount, Dialog, Pager } from '../../ui/wallet/parts.tsx';
import { useReveal } from './reveal.ts';
import { livePnl, netOf } from './ticket.ts';

/** Contracts this tab closed itself: their disappearance from the open list is not news. */
const closedHere = new Set<string>();

/** "Real book: BTC/USDT Up", the words a close dialog and a close announcement start with. */
function useContractName() {
  const { t } = useTranslation('trade');
  return (c: OptionsContract) =>
    t('positions.contractName', {
      book: t(`positions.books.${c.book}`),
      name: c.appName,
      direction: t(c.direction === 'up' ? 'panel.up' : 'panel.down'),
    });
}

function useCloseToast() {
  const { t } = useTranslation('trade');
  const nameOf = useContractName();
  return (c: OptionsContract) => {
    const locale = currentLocale();
    const reason = c.closeReason ? t(`positions.reasons.${c.closeReason}`) : '';
    toast(
      t('positions.closedToast', {
        contract: nameOf(c),
        reason,
        net: formatMoney(c.netPnl, locale, 'pnl'),
        fee: formatMoney(c.fee, locale),
      }),
      c.netPnl.startsWith('-') ? 'error' : 'success',
    );
  };
}

/**
 * Watches the open list: a contract that leaves it was closed by the engine (or another tab); its final
 * state is fetched and announced, and the closed list and balances are fetched again.
 */
export function useCloseNotices(): void {
  const open = useOpenContracts();
  const key = useOrdersKey();
  const queryClient = useQueryClient();
  const announce = useCloseToast();
  const seen = useRef<{ key: string; ids: Set<string> } | null>(null);
  const keyText = key.join('|');
  useEffect(() => {
    const list = open.data?.list;
    if (!list) return;
    const before = seen.current?.key === keyText ? seen.current.ids : null;
    const now = new Set(list.map((c) => c.id));
    seen.current = { key: keyText, ids: now };
    if (!before) return;
    const gone = [...before].filter((id) => !now.has(id));
    if (gone.length === 0) return;
    void queryClient.invalidateQueries({ queryKey: [...key, 'closed'] });
    void queryClient.invalidateQueries({ queryKey: ['userInfo'] });
    for (const id of gone) {
      if (closedHere.delete(id)) continue;
      fetchContract(id)
        .then((c) => c.status === 'closed' && announce(c))
        .catch(() => undefined);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by its text; `announce` is stable in effect
  }, [open.data, keyText]);
}

/** The result after the opening fee, and under it the P&L before the fee. */
function Pnl({ c, pnl, net }: { c: OptionsContract; pnl: string; net: string }) {
  const { t } = useTranslation('trade');
  return (
    <>
      <span className="muted small">{t('positions.netPnl')}</span>
      <span data-testid="position-pnl" data-pnl={net} data-gross={pnl} data-fee={c.fee}>
        <Amount value={net} context="pnl" />
      </span>
      <span className="muted small" data-testid="position-gross">
        {t('positions.grossLine', {
          pnl: formatMoney(pnl, currentLocale(), 'pnl'),
          fee: formatMoney(c.fee, currentLocale()),
        })}
      </span>
    </>
  );
}

/** The take-profit and stop-loss levels of a contract ("Not set" for one it has none of). */
function Levels({ c }: { c: OptionsContract }) {
  const { t } = useTranslation('trade');
  const level = (value: string | undefined) =>
    value === undefined ? (
      <span className="muted">{t('positions.notSet')}</span>
    ) : (
      <bdi className="num">{formatPrice(value, currentLocale())}</bdi>
    );
  return (
    <>
      <div>
        <dt>{t('positions.takeProfit')}</dt>
        <dd data-testid="position-take-profit">{level(c.takeProfit)}</dd>
      </div>
      <div>
        <dt>{t('positions.stopLoss')}</dt>
        <dd data-testid="position-stop-loss">{level(c.stopLoss)}</dd>
      </div>
    </>
  );
}

function DirectionBadge({ direction }: { direction: OptionsContract['direction'] }) {
  const { t } = useTranslation('trade');
  return (
    <span className={direction === 'up' ? 'badge badge-up' : 'badge badge-down'} data-direction={direction}>
      {t(direction === 'up' ? 'panel.up' : 'panel.down')}
    </span>
  );
}

function Head({ c, linked }: { c: OptionsContract; linked: boolean }) {
  const { t } = useTranslation('trade');
  const locale = currentLocale();
  return (
    <div className="position-head">
      {linked ? (
        <Link className="row-title" to={`/cruuency?code=${encodeURIComponent(c.code)}`}>
          {c.appName}
        </Link>
      ) : (
        <span className="row-title">{c.appName}</span>
      )}
      <DirectionBadge direction={c.direction} />
      <span className="muted small">
        {t('positions.summary', {
          lots: formatQuantity(c.lots, locale),
          leverage: formatLeverage(c.leverage, locale),
        })}
      </span>
    </div>
  );
}

function When({ at }: { at: number }) {
  return <time dateTime={new Date(at).toISOString()}>{formatDateTime(at, currentLocale())}</time>;
}

/**
 * Close, or in the real book while the instrument's prices are delayed, the button disabled with the reason
 * beside it (the server answers 10161 and the contract stays open: DESIGN.md §1.10).
 */
function CloseButton({ c, paused, pnl }: { c: OptionsContract; paused: boolean; pnl: string }) {
  const { t } = useTranslation('trade');
  const nameOf = useContractName();
  const locale = currentLocale();
  const reasonId = useId();
  const close = useCloseOptions();
  const announce = useCloseToast();
  const [asking, setAsking] = useState(false);
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = () => {
    const idempotencyKey = key ?? newIdempotencyKey();
    setKey(idempotencyKey); // a retry after no answer reuses it: the close happens once
    setError(null);
    closedHere.add(c.id);
    close.mutate(
      { id: c.id, idempotencyKey },
      {
        onSuccess: ({ result }) => {
          setAsking(false);
          setKey(null);
          announce(result);
        },
        onError: (failure) => {
          closedHere.delete(c.id);
          setError(failure.message);
        },
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => setAsking(true)}
        disabled={paused}
        aria-describedby={paused ? reasonId : undefined}
        data-testid="position-close"
      >
        {t('positions.close')}
      </button>
      {paused && (
        <span className="muted small position-paused" id={reasonId} data-testid="position-close-paused">
          {t('positions.closePaused')}
        </span>
      )}
      <Dialog open={asking} title={t('positions.closeTitle')} onClose={() => setAsking(false)}>
        <p data-testid="position-close-what">
          {t('positions.closeWhat', {
            contract: nameOf(c),
            lots: formatQuantity(c.lots, locale),
            leverage: formatLeverage(c.leverage, locale),
          })}
        </p>
        <p data-testid="position-close-amount">
          {t('positions.closeAmount', {
            net: formatMoney(netOf(c, pnl), locale, 'pnl'),
            pnl: formatMoney(pnl, locale, 'pnl'),
            fee: formatMoney(c.fee, locale),
          })}
        </p>
        <p className="muted">{t('positions.closeText')}</p>
        {error && <ErrorNote message={error} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
            {t('positions.keep')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={close.isPending}
            onClick={send}
            data-testid="position-close-confirm"
          >
            {t('positions.closeYes')}
          </button>
        </div>
      </Dialog>
    </>
  );
}

function OpenRow({ c, linked }: { c: OptionsContract; linked: boolean }) {
  const { t } = useTranslation('trade');
  const live = useLiveQuote(c.code);
  const { isDemo } = useSession();
  const mark = live?.price ?? c.markPrice;
  // The list is the selected book's: a real contract closes only on a live price, so not while delayed.
  const paused = !isDemo && live?.priceStatus === 'stale';
  const pnl = livePnl(c, mark);
  const reveal = useReveal<HTMLLIElement>(c.id);
  return (
    <li
      className={reveal.marked ? 'row position position-new' : 'row position'}
      data-testid="open-position"
      data-id={c.id}
      data-code={c.code}
      data-new={reveal.marked || undefined}
      ref={reveal.ref}
      tabIndex={-1}
    >
      <div className="row-main">
        <Head c={c} linked={linked} />
        <dl className="position-facts">
          <div>
            <dt>{t('positions.openPrice')}</dt>
            <dd className="num">{formatPrice(c.openPrice, currentLocale())}</dd>
          </div>
          {mark !== undefined && (
            <div>
              <dt>{t('positions.markPrice')}</dt>
              <dd>
                <Price
                  value={mark}
                  source={live?.source ?? 'simulated'}
                  status={live?.priceStatus ?? 'simulated'}
                  priceAt={live?.priceAt}
                  direction={live?.direction ?? 0}
                  flashKey={live?.seq}
                />
              </dd>
            </div>
          )}
          <div>
            <dt>{t('positions.margin')}</dt>
            <dd>
              <Amount value={c.margin} />
            </dd>
          </div>
          <Levels c={c} />
          <div>
            <dt>{t('positions.expiresAt')}</dt>
            <dd>
              <When at={c.expiresAt} />
            </dd>
          </div>
        </dl>
        {c.awaitingMarketOpen && (
          <span className="badge badge-warn" data-testid="position-awaiting">
            {t('positions.awaiting')}
          </span>
        )}
      </div>
      <div className="row-end">
        <Pnl c={c} pnl={pnl} net={netOf(c, pnl)} />
        <CloseButton c={c} paused={paused} pnl={pnl} />
      </div>
    </li>
  );
}

function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('trade');
  return (
    <EmptyState title={t('positions.loadFailed')}>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        {t('positions.retry')}
      </button>
    </EmptyState>
  );
}

/** Open positions, all of them or only those on `code`. */
export function OpenPositions({ code }: { code?: string }) {
  const { t } = useTranslation('trade');
  const open = useOpenContracts();
  useCloseNotices();
  if (open.isPending) return <Spinner />;
  if (open.isError && !open.data) return <Failed onRetry={() => void open.refetch()} />;
  const list = (open.data?.list ?? []).filter((c) => code === undefined || c.code === code);
  if (list.length === 0) return <EmptyState title={t('positions.empty')} />;
  return (
    <ul className="rows" data-testid="open-positions">
      {list.map((c) => (
        <OpenRow key={c.id} c={c} linked={code === undefined} />
      ))}
    </ul>
  );
}

function TickFacts({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('trade');
  const tick = useTick(id);
  const locale = currentLocale();
  return (
    <section className="tick" data-testid="verify-tick">
      <h3 className="tick-title">{title}</h3>
      {tick.isPending ? (
        <Spinner />
      ) : tick.isError ? (
        <ErrorNote message={t('verify.loadFailed')} />
      ) : (
        <dl className="facts">
          <div className="fact">
            <dt>{t('verify.id')}</dt>
            <dd className="num" data-testid="tick-id">
              <a
                href={`/api/swx/customer/index/getTick/${encodeURIComponent(tick.data.id)}`}
                target="_blank"
                rel="noreferrer"
              >
                {tick.data.id}
              </a>
            </dd>
          </div>
          <div className="fact">
            <dt>{t('verify.price')}</dt>
            <dd className="num" data-testid="tick-price">
              <bdi>{formatPrice(tick.data.price, locale)}</bdi>
            </dd>
          </div>
          <div className="fact">
            <dt>{t('verify.time')}</dt>
            <dd>
              <time dateTime={new Date(tick.data.at).toISOString()}>
                {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(
                  tick.data.at,
                )}
              </time>
            </dd>
          </div>
          <div className="fact">
            <dt>{t('verify.source')}</dt>
            <dd>{t(`verify.sources.${tick.data.source}`)}</dd>
          </div>
          <div className="fact">
            <dt>{t('verify.feed')}</dt>
            <dd>
              <bdi>{tick.data.feed}</bdi>
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function VerifyButton({ c }: { c: OptionsContract }) {
  const { t } = useTranslation('trade');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-text btn-small"
        onClick={() => setOpen(true)}
        data-testid="position-verify"
      >
        {t('verify.link')}
      </button>
      <Dialog open={open} title={t('verify.title')} onClose={() => setOpen(false)}>
        <p className="muted small">{t('verify.text')}</p>
        <TickFacts id={c.openTickId} title={t('verify.opening')} />
        {c.closeTickId && <TickFacts id={c.closeTickId} title={t('verify.closing')} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
            {t('verify.close')}
          </button>
        </div>
      </Dialog>
    </>
  );
}

function ClosedRow({ c }: { c: OptionsContract }) {
  const { t } = useTranslation('trade');
  const locale = currentLocale();
  return (
    <li className="row position" data-testid="closed-position" data-id={c.id} data-reason={c.closeReason}>
      <div className="row-main">
        <Head c={c} linked />
        <dl className="position-facts">
          <div>
            <dt>{t('positions.openPrice')}</dt>
            <dd className="num">{formatPrice(c.openPrice, locale)}</dd>
          </div>
          <div>
            <dt>{t('positions.openedAt')}</dt>
            <dd>
              <When at={c.openAt} />
            </dd>
          </div>
          {c.closePrice !== undefined && (
            <div>
              <dt>{t('positions.closePrice')}</dt>
              <dd className="num">{formatPrice(c.closePrice, locale)}</dd>
            </div>
          )}
          {c.closeAt !== undefined && (
            <div>
              <dt>{t('positions.closedAt')}</dt>
              <dd>
                <When at={c.closeAt} />
              </dd>
            </div>
          )}
          <Levels c={c} />
          {c.closeReason && (
            <div>
              <dt>{t('positions.reason')}</dt>
              <dd data-testid="position-reason">{t(`positions.reasons.${c.closeReason}`)}</dd>
            </div>
          )}
          <div>
            <dt>{t('positions.fee')}</dt>
            <dd>
              <Amount value={c.fee} />
            </dd>
          </div>
        </dl>
      </div>
      <div className="row-end">
        <Pnl c={c} pnl={c.pnl} net={c.netPnl} />
        <VerifyButton c={c} />
      </div>
    </li>
  );
}

export function ClosedPositions() {
  const { t } = useTranslation('trade');
  const [page, setPage] = useState(1);
  const closed = useClosedContracts(page);
  if (closed.isPending) return <Spinner />;
  if (closed.isError && !closed.data) return <Failed onRetry={() => void closed.refetch()} />;
  const list = closed.data?.list ?? [];
  if (list.length === 0) return <EmptyState title={t('positions.emptyClosed')} />;
  return (
    <>
      <ul className="rows" data-testid="closed-positions">
        {list.map((c) => (
          <ClosedRow key={c.id} c={c} />
        ))}
      </ul>
      <Pager page={page} size={ordersPageSize} total={closed.data?.total ?? 0} onPage={setPage} />
    </>
  );
}
