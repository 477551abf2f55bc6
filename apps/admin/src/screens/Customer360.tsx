// The customer 360 at /admin/customers/<id>: who they are, both books, and every product they use, in tabs
// (the tab is kept in the address's #hash); the actions their role allows: disable/enable with a reason, reset
// the demo book, start a four-eyes adjustment (the Adjustments screen, prefilled), end a session.
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { userStatuses, type Customer360 as View, type CustomerBookBalances } from '@tradewind/contract';
import { rtlLocales } from '@tradewind/i18n/locales';
import { useCustomer, useResetCustomerDemo, useSetCustomerStatus } from '../api/customers.ts';
import { hrefOf } from '../app/router.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { Amount, Badge, DecisionDialog, ErrorNote, LiveMessage } from '../ui/kit.tsx';
import { formatAmount } from '../ui/money.ts';
import { isolate, kycTones } from './customer-parts.tsx';
import {
  KycPanel,
  MoneyPanel,
  NetworkPanel,
  ProductsPanel,
  ProfilePanel,
  SecurityPanel,
} from './customer-sections.tsx';

type Admin = AdminSession['admin'];

const tabs = ['profile', 'kyc', 'money', 'products', 'network', 'security'] as const;
type Tab = (typeof tabs)[number];
const tabFromHash = (): Tab => tabs.find((tab) => `#${tab}` === window.location.hash) ?? 'profile';

export function Customer360({ admin, id }: { admin: Admin; id: string }) {
  const { t } = useT();
  const customer = useCustomer(id);
  const [message, setMessage] = useState<string | null>(null);
  const back = (
    <Link to={{ screen: 'customers' }} className="customer-back">
      {t('customers.back')}
    </Link>
  );
  if (customer.isPending) {
    return (
      <section className="customer-360" aria-busy="true">
        {back}
        <p className="table-state" role="status">
          {t('common.loading')}
        </p>
      </section>
    );
  }
  if (customer.error) {
    return (
      <section className="customer-360">
        {back}
        <ErrorNote error={customer.error} onRetry={() => void customer.refetch()} />
      </section>
    );
  }
  const c = customer.data;
  return (
    <section className="customer-360" aria-labelledby="customer-title">
      {back}
      <Header c={c} />
      <LiveMessage message={message} />
      <Actions admin={admin} c={c} onDone={setMessage} />
      <Books books={c.books} />
      <Tabs admin={admin} c={c} onDone={setMessage} />
    </section>
  );
}

function Header({ c }: { c: View }) {
  const { t } = useT();
  const { profile } = c;
  const disabled = profile.status === userStatuses.disabled;
  return (
    <header className="page-header customer-header">
      <div>
        <h1 id="customer-title">
          <bdi>{profile.userName}</bdi>
        </h1>
        <p className="customer-meta">
          <span className="num">#{profile.id}</span>
          <bdi>{profile.email}</bdi>
        </p>
      </div>
      <div className="customer-badges">
        <Badge tone={disabled ? 'bad' : 'good'}>{t(`userStatus.${profile.status}`)}</Badge>
        <Badge tone={kycTones[profile.kycStatus]}>{t(`kycStatus.${profile.kycStatus}`)}</Badge>
      </div>
    </header>
  );
}

/** A link that keeps `?user=` (the router reads paths only), so the adjustment form opens for this customer. */
function AdjustmentLink({ userId }: { userId: string }) {
  const { t } = useT();
  const href = `${hrefOf({ screen: 'adjustments' })}?user=${encodeURIComponent(userId)}`;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', href);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  return (
    <a href={href} className="button button-small" onClick={onClick}>
      {t('customers.startAdjustment')}
    </a>
  );
}

function Actions({ admin, c, onDone }: { admin: Admin; c: View; onDone: (message: string) => void }) {
  const { t, locale } = useT();
  const [dialog, setDialog] = useState<'status' | 'reset' | null>(null);
  const setStatus = useSetCustomerStatus();
  const reset = useResetCustomerDemo();
  const { profile } = c;
  const disabled = profile.status === userStatuses.disabled;
  const mayStatus = can(admin.role, 'setUserStatus');
  const mayReset = can(admin.role, 'resetCustomerDemo');
  const mayAdjust = can(admin.role, 'adjustBalances');
  // A role with none of the actions sees none (not a note that it may only look).
  if (!mayStatus && !mayReset && !mayAdjust) return null;
  const close = () => {
    setDialog(null);
    setStatus.reset();
    reset.reset();
  };
  return (
    <div className="page-actions customer-actions">
      {mayStatus && (
        <button
          type="button"
          className={`button button-small ${disabled ? '' : 'button-danger-outline'}`}
          onClick={() => setDialog('status')}
        >
          {disabled ? t('users.enable') : t('users.disable')}
        </button>
      )}
      {mayReset && (
        <button type="button" className="button button-small" onClick={() => setDialog('reset')}>
          {t('customers.resetDemo')}
        </button>
      )}
      {mayAdjust && <AdjustmentLink userId={profile.id} />}
      {dialog === 'status' && (
        <DecisionDialog
          title={t(disabled ? 'users.enableTitle' : 'users.disableTitle', { name: profile.userName })}
          hint={t(disabled ? 'users.enableHint' : 'users.disableHint')}
          field={{ label: t('users.reasonLabel'), required: true }}
          confirmLabel={disabled ? t('users.enable') : t('users.disable')}
          danger={!disabled}
          pending={setStatus.isPending}
          error={setStatus.error}
          onConfirm={(reason) => {
            const status = disabled ? userStatuses.enabled : userStatuses.disabled;
            setStatus.mutate(
              { id: profile.id, status, reason },
              { onSuccess: (answer) => (close(), onDone(answer.message)) },
            );
          }}
          onClose={close}
        />
      )}
      {dialog === 'reset' && (
        <DecisionDialog
          title={t('customers.resetDemoTitle', { name: profile.userName })}
          hint={t('customers.resetDemoHint')}
          field={{ label: t('users.reasonLabel'), required: true }}
          confirmLabel={t('customers.resetDemo')}
          danger
          pending={reset.isPending}
          error={reset.error}
          onConfirm={(reason) =>
            reset.mutate(
              { id: profile.id, reason },
              {
                onSuccess: (answer) => {
                  close();
                  const amount = isolate(formatAmount(answer.result.cash, 'USDT', locale));
                  onDone(t('customers.resetDemoDone', { amount }));
                },
              },
            )
          }
          onClose={close}
        />
      )}
    </div>
  );
}

const bookRows: { key: keyof CustomerBookBalances; label: MessageKey }[] = [
  { key: 'cash', label: 'customers.cash' },
  { key: 'margin', label: 'customers.margin' },
  { key: 'planPrincipal', label: 'customers.planPrincipal' },
  { key: 'withdrawalHold', label: 'customers.withdrawalHold' },
  { key: 'bidHold', label: 'customers.bidHold' },
];

function Books({ books }: { books: View['books'] }) {
  const { t } = useT();
  return (
    <section className="customer-books" aria-label={t('customers.books')}>
      {(['real', 'demo'] as const).map((book) => (
        <div key={book} className={`card customer-book customer-book-${book}`}>
          <h2 className="customer-book-title">
            {t(book === 'real' ? 'customers.realBook' : 'customers.demoBook')}
          </h2>
          <dl className="customer-book-lines">
            {bookRows.map((row) => (
              <div key={row.key}>
                <dt>{t(row.label)}</dt>
                <dd>
                  <Amount value={books[book][row.key]} />
                </dd>
              </div>
            ))}
            <div className="customer-book-total">
              <dt>{t('customers.bookTotal')}</dt>
              <dd>
                <Amount value={books[book].total} asset="USDT" />
              </dd>
            </div>
          </dl>
        </div>
      ))}
    </section>
  );
}

const tabLabels: Record<Tab, MessageKey> = {
  profile: 'customers.tab.profile',
  kyc: 'customers.tab.kyc',
  money: 'customers.tab.money',
  products: 'customers.tab.products',
  network: 'customers.tab.network',
  security: 'customers.tab.security',
};

function Tabs({ admin, c, onDone }: { admin: Admin; c: View; onDone: (message: string) => void }) {
  const { t, locale } = useT();
  const [tab, setTab] = useState<Tab>(tabFromHash);
  const base = useId();
  const refs = useRef(new Map<Tab, HTMLButtonElement>());
  const choose = (next: Tab, focus = false) => {
    setTab(next);
    window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}#${next}`);
    if (focus) refs.current.get(next)?.focus();
  };
  // Arrow keys move along the tabs in reading order (right to left in Arabic); Home and End jump.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key as 'ArrowRight' | 'ArrowLeft'];
    const at = tabs.indexOf(tab);
    let next: number | undefined;
    if (step !== undefined) next = at + (rtlLocales.has(locale) ? -step : step);
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = tabs.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    if (target) choose(target, true);
  };
  return (
    <div className="customer-tabs">
      <div className="tabs" role="tablist" aria-label={t('customers.tabs')} onKeyDown={onKeyDown}>
        {tabs.map((key) => (
          <button
            key={key}
            ref={(el) => void (el ? refs.current.set(key, el) : refs.current.delete(key))}
            type="button"
            role="tab"
            id={`${base}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`${base}-panel-${key}`}
            tabIndex={tab === key ? 0 : -1}
            className="tab"
            onClick={() => choose(key)}
          >
            {t(tabLabels[key])}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${base}-panel-${tab}`}
        aria-labelledby={`${base}-tab-${tab}`}
        className="customer-panel"
        tabIndex={0}
      >
        {tab === 'profile' && <ProfilePanel c={c} />}
        {tab === 'kyc' && <KycPanel c={c} />}
        {tab === 'money' && <MoneyPanel c={c} />}
        {tab === 'products' && <ProductsPanel c={c} />}
        {tab === 'network' && <NetworkPanel c={c} />}
        {tab === 'security' && <SecurityPanel admin={admin} c={c} onDone={onDone} />}
      </div>
    </div>
  );
}
