// Products (finance and superadmin, manageProducts): smart products with their plans and loan products, in
// two tabs. Each list shows the terms customers are offered and how many running plans or loans keep older
// terms; create, edit (ProductForms.tsx), and take off or put back on offer with a reason. Every change is
// audited; running plans and loans keep the terms they were agreed at.
import { useState } from 'react';
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
import { ListTable } from '../ui/ListTable.tsx';
import { fractionToPercent } from './catalogue-parts.tsx';
import { LoanProductForm, SmartProductForm } from './ProductForms.tsx';
import './catalogue.css';

type Tab = 'smart' | 'loans';
const tabs: readonly Tab[] = ['smart', 'loans'];

const nameOf = (names: Record<string, string>, locale: string, code: string) =>
  names[locale] ?? names.en ?? code;

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

/** Take a product off offer (or back on), with the reason for the audit log. */
function OfferDialog({
  name,
  enabled,
  running,
  save,
  onClose,
}: {
  name: string;
  enabled: boolean;
  running: string;
  save: { mutate: (reason: string) => void; isPending: boolean; error: unknown };
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <DecisionDialog
      title={enabled ? t('products.disableTitle', { name }) : t('products.enableTitle', { name })}
      hint={enabled ? `${t('products.disableHint')} ${running}` : t('products.enableHint')}
      field={{ label: t('catalogue.reason'), required: true }}
      confirmLabel={enabled ? t('products.disable') : t('products.enable')}
      danger={enabled}
      pending={save.isPending}
      error={save.error}
      onConfirm={save.mutate}
      onClose={onClose}
    />
  );
}

function SmartList({ allowed, onMessage }: ListProps) {
  const { t, locale, integer } = useT();
  const products = useSmartProducts();
  const toggle = useSaveSmartProduct();
  const [editing, setEditing] = useState<AdminSmartProduct | 'new' | null>(null);
  const [switching, setSwitching] = useState<AdminSmartProduct | null>(null);
  const saved = (p: AdminSmartProduct, text: string) => {
    setEditing(null);
    setSwitching(null);
    onMessage(`${t('products.saved', { name: nameOf(p.names, locale, p.code) })} ${text}`);
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
          {t('products.newSmart')}
        </button>
      </div>
      <ListTable
        query={products}
        columns={[
          { label: t('products.product') },
          { label: t('products.amounts'), className: 'col-num' },
          { label: t('products.plans') },
          { label: t('products.penalty'), className: 'col-num' },
          { label: t('products.status') },
          { label: t('products.running'), className: 'col-num' },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('products.noneSmart')}
        items={products.data}
        row={(p) => {
          const name = nameOf(p.names, locale, p.code);
          return (
            <tr key={p.id} className={p.enabled ? undefined : 'is-muted'} data-testid="smart-row">
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
              <td>
                <Badge tone={p.enabled ? 'good' : 'neutral'}>
                  {p.enabled ? t('products.onOffer') : t('products.offOffer')}
                </Badge>
              </td>
              <td className="col-num num">{integer(p.earningOrders)}</td>
              <td className="col-actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={!allowed}
                    aria-label={t('products.editSmart', { name })}
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
      {editing && (
        <SmartProductForm
          product={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      {switching && (
        <OfferDialog
          name={nameOf(switching.names, locale, switching.code)}
          enabled={switching.enabled}
          running={t('products.smartRunning', { count: switching.earningOrders })}
          save={{
            mutate: (reason) =>
              toggle.mutate(
                { id: switching.id, body: { enabled: !switching.enabled, reason } },
                { onSuccess: (a) => saved(a.result, a.message) },
              ),
            isPending: toggle.isPending,
            error: toggle.error,
          }}
          onClose={() => setSwitching(null)}
        />
      )}
    </>
  );
}

function LoanList({ allowed, onMessage }: ListProps) {
  const { t, locale, integer } = useT();
  const products = useLoanProducts();
  const toggle = useSaveLoanProduct();
  const [editing, setEditing] = useState<AdminLoanProduct | 'new' | null>(null);
  const [switching, setSwitching] = useState<AdminLoanProduct | null>(null);
  const saved = (p: AdminLoanProduct, text: string) => {
    setEditing(null);
    setSwitching(null);
    onMessage(`${t('products.saved', { name: nameOf(p.names, locale, p.code) })} ${text}`);
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
          {t('products.newLoan')}
        </button>
      </div>
      <ListTable
        query={products}
        columns={[
          { label: t('products.product') },
          { label: t('products.amounts'), className: 'col-num' },
          { label: t('products.termDays'), className: 'col-num' },
          { label: t('products.freeDays'), className: 'col-num' },
          { label: t('products.dailyRate'), className: 'col-num' },
          { label: t('products.status') },
          { label: t('products.activeLoans'), className: 'col-num' },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('products.noneLoans')}
        items={products.data}
        row={(p) => {
          const name = nameOf(p.names, locale, p.code);
          return (
            <tr key={p.id} className={p.enabled ? undefined : 'is-muted'} data-testid="loan-row">
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
              <td className="col-num num">{integer(p.termDays)}</td>
              <td className="col-num num">{integer(p.freeDays)}</td>
              <td className="col-num num" dir="ltr">
                {fractionToPercent(p.dailyRate, loanRateScale) ?? p.dailyRate} %
              </td>
              <td>
                <Badge tone={p.enabled ? 'good' : 'neutral'}>
                  {p.enabled ? t('products.onOffer') : t('products.offOffer')}
                </Badge>
              </td>
              <td className="col-num num">{integer(p.activeLoans)}</td>
              <td className="col-actions">
                <div className="row-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={!allowed}
                    aria-label={t('products.editLoan', { name })}
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
      {editing && (
        <LoanProductForm
          product={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      )}
      {switching && (
        <OfferDialog
          name={nameOf(switching.names, locale, switching.code)}
          enabled={switching.enabled}
          running={t('products.loansRunning', { count: switching.activeLoans })}
          save={{
            mutate: (reason) =>
              toggle.mutate(
                { id: switching.id, body: { enabled: !switching.enabled, reason } },
                { onSuccess: (a) => saved(a.result, a.message) },
              ),
            isPending: toggle.isPending,
            error: toggle.error,
          }}
          onClose={() => setSwitching(null)}
        />
      )}
    </>
  );
}
