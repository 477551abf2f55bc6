// Products (finance and superadmin, manageProducts): smart products with their plans and loan products, in
// two tabs. Each list shows the terms customers are offered and how many running plans or loans keep older
// terms; create, edit (ProductForms.tsx), and take off or put back on offer with a reason. Every change is
// audited; running plans and loans keep the terms they were agreed at.
import { useState, type ReactNode } from 'react';
import type { AdminLoanProduct, AdminSmartProduct } from '@tradewind/contract';
import { dailyRateScale } from '@tradewind/contract/smart-math';
import { loanRateScale } from '@tradewind/contract/loan-math';
import {
  useLoanProducts,
  useSaveLoanProduct,
  useSaveSmartProduct,
  useSmartProducts,
} from '../api/catalogue.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Amount, Badge, DecisionDialog, LiveMessage, Notice } from '../ui/kit.tsx';
import { ListTable, type Column } from '../ui/ListTable.tsx';
import { fractionToPercent } from './catalogue-parts.tsx';
import { LoanProductForm, SmartProductForm } from './ProductForms.tsx';
import './catalogue.css';

type Tab = 'smart' | 'loans';
const tabs: readonly Tab[] = ['smart', 'loans'];

/** What the two product kinds share on the list. */
type Product = { id: string; code: string; names: Record<string, string>; enabled: boolean };
type Answer<T> = { result: T; message: string };

const nameOf = (p: Product, locale: string) => p.names[locale] ?? p.names.en ?? p.code;

export function Products({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [tab, setTab] = useState<Tab>('smart');
  const [message, setMessage] = useState<string | null>(null);
  const allowed = can(admin.role, 'manageProducts');
  return (
    <section aria-labelledby="products-title" className="catalogue">
      <header className="page-header">
        <div>
          <h1 id="products-title">{t('products.title')}</h1>
          <p className="page-intro">{t('products.intro')}</p>
        </div>
      </header>
      {!allowed && <Notice>{t('common.forbidden')}</Notice>}
      <nav className="tabs" aria-label={t('products.tabs')}>
        {tabs.map((x) => (
          <button
            key={x}
            type="button"
            className="tab"
            aria-current={tab === x ? 'page' : undefined}
            onClick={() => setTab(x)}
          >
            {t(`products.tab.${x}`)}
          </button>
        ))}
      </nav>
      <LiveMessage message={message} />
      {tab === 'smart' ? (
        <SmartList allowed={allowed} onMessage={setMessage} />
      ) : (
        <LoanList allowed={allowed} onMessage={setMessage} />
      )}
    </section>
  );
}

type ListProps = { allowed: boolean; onMessage: (text: string) => void };

/**
 * One product list: the "new" button, the table with each row's name, amounts and status around the kind's
 * own columns, edit and take off (or put back on) offer with a reason; the kind brings its form.
 */
function ProductList<P extends Product & { minAmount: string; maxAmount: string }>({
  allowed,
  onMessage,
  query,
  toggle,
  newLabel,
  empty,
  testId,
  columns,
  cells,
  editLabel,
  running,
  form,
}: ListProps & {
  query: { data: P[] | undefined; error: unknown; isPending: boolean; refetch: () => unknown };
  toggle: {
    mutate: (
      v: { id: string; body: { enabled: boolean; reason: string } },
      h: { onSuccess: (a: Answer<P>) => void },
    ) => void;
    reset: () => void;
    isPending: boolean;
    error: unknown;
  };
  newLabel: string;
  empty: string;
  testId: string;
  /** The kind's own columns, between amounts and status. */
  columns: Column[];
  cells: (p: P) => ReactNode;
  editLabel: (name: string) => string;
  /** What keeps its terms when the product leaves the offer. */
  running: (p: P) => string;
  form: (p: P | undefined, close: () => void, saved: (p: P, text: string) => void) => ReactNode;
}) {
  const { t, locale } = useT();
  const [editing, setEditing] = useState<P | 'new' | null>(null);
  const [switching, setSwitching] = useState<P | null>(null);
  const saved = (p: P, text: string) => {
    setEditing(null);
    setSwitching(null);
    onMessage(`${t('products.saved', { name: nameOf(p, locale) })} ${text}`);
  };
  return (
    <>
      <div className="page-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!allowed}
          onClick={() => setEditing('new')}
        >
          {newLabel}
        </button>
      </div>
      <ListTable
        query={query}
        columns={[
          { label: t('products.product') },
          { label: t('products.amounts'), className: 'col-num' },
          ...columns,
          { label: t('products.status') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={empty}
        items={query.data}
        row={(p) => {
          const name = nameOf(p, locale);
          return (
            <tr key={p.id} className={p.enabled ? undefined : 'is-muted'} data-testid={testId}>
              <td>
                <div className="strong">
                  <bdi>{name}</bdi>
                </div>
                <code className="muted" dir="ltr">
                  {p.code}
                </code>
              </td>
              <td className="col-num">
                <Amount value={p.minAmount} /> – <Amount value={p.maxAmount} asset="USDT" />
              </td>
              {cells(p)}
              <td>
                <Badge tone={p.enabled ? 'good' : 'neutral'}>
                  {p.enabled ? t('products.onOffer') : t('products.offOffer')}
                </Badge>
              </td>
              <td className="col-actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={!allowed}
                    aria-label={editLabel(name)}
                    onClick={() => setEditing(p)}
                  >
                    {t('products.edit')}
                  </button>
                  <button
                    type="button"
                    className={`button button-small${p.enabled ? ' button-danger-outline' : ''}`}
                    disabled={!allowed}
                    onClick={() => {
                      toggle.reset();
                      setSwitching(p);
                    }}
                  >
                    {p.enabled ? t('products.disable') : t('products.enable')}
                  </button>
                </div>
              </td>
            </tr>
          );
        }}
      />
      {editing && form(editing === 'new' ? undefined : editing, () => setEditing(null), saved)}
      {switching && (
        <DecisionDialog
          title={
            switching.enabled
              ? t('products.disableTitle', { name: nameOf(switching, locale) })
              : t('products.enableTitle', { name: nameOf(switching, locale) })
          }
          hint={
            switching.enabled
              ? `${t('products.disableHint')} ${running(switching)}`
              : t('products.enableHint')
          }
          field={{ label: t('catalogue.reason'), required: true }}
          confirmLabel={switching.enabled ? t('products.disable') : t('products.enable')}
          danger={switching.enabled}
          pending={toggle.isPending}
          error={toggle.error}
          onConfirm={(reason) =>
            toggle.mutate(
              { id: switching.id, body: { enabled: !switching.enabled, reason } },
              { onSuccess: (a) => saved(a.result, a.message) },
            )
          }
          onClose={() => setSwitching(null)}
        />
      )}
    </>
  );
}

function SmartList(props: ListProps) {
  const { t, integer } = useT();
  const save = useSaveSmartProduct();
  return (
    <ProductList<AdminSmartProduct>
      {...props}
      query={useSmartProducts()}
      toggle={{
        mutate: (v, h) => save.mutate(v, h),
        reset: save.reset,
        isPending: save.isPending,
        error: save.error,
      }}
      newLabel={t('products.newSmart')}
      empty={t('products.noneSmart')}
      testId="smart-row"
      columns={[
        { label: t('products.plans') },
        { label: t('products.penalty'), className: 'col-num' },
        { label: t('products.running'), className: 'col-num' },
      ]}
      cells={(p) => (
        <>
          <td>
            <ul className="plain-list">
              {p.plans.map((x) => (
                <li key={x.days}>
                  {t('products.planLine', {
                    days: x.days,
                    rate: fractionToPercent(x.dailyRate, dailyRateScale) ?? x.dailyRate,
                  })}
                </li>
              ))}
            </ul>
          </td>
          <td className="col-num num" dir="ltr">
            {p.earlyExitPenaltyPct} %
          </td>
          <td className="col-num num">{integer(p.earningOrders)}</td>
        </>
      )}
      editLabel={(name) => t('products.editSmart', { name })}
      running={(p) => t('products.smartRunning', { count: p.earningOrders })}
      form={(p, close, saved) => <SmartProductForm product={p} onClose={close} onSaved={saved} />}
    />
  );
}

function LoanList(props: ListProps) {
  const { t, integer } = useT();
  const save = useSaveLoanProduct();
  return (
    <ProductList<AdminLoanProduct>
      {...props}
      query={useLoanProducts()}
      toggle={{
        mutate: (v, h) => save.mutate(v, h),
        reset: save.reset,
        isPending: save.isPending,
        error: save.error,
      }}
      newLabel={t('products.newLoan')}
      empty={t('products.noneLoans')}
      testId="loan-row"
      columns={[
        { label: t('products.termDays'), className: 'col-num' },
        { label: t('products.freeDays'), className: 'col-num' },
        { label: t('products.dailyRate'), className: 'col-num' },
        { label: t('products.activeLoans'), className: 'col-num' },
      ]}
      cells={(p) => (
        <>
          <td className="col-num num">{integer(p.termDays)}</td>
          <td className="col-num num">{integer(p.freeDays)}</td>
          <td className="col-num num" dir="ltr">
            {fractionToPercent(p.dailyRate, loanRateScale) ?? p.dailyRate} %
          </td>
          <td className="col-num num">{integer(p.activeLoans)}</td>
        </>
      )}
      editLabel={(name) => t('products.editLoan', { name })}
      running={(p) => t('products.loansRunning', { count: p.activeLoans })}
      form={(p, close, saved) => <LoanProductForm product={p} onClose={close} onSaved={saved} />}
    />
  );
}
