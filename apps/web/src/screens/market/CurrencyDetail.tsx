// Currency detail (/cruuency?code&type&id): price header, chart area, contract panel and the risk warning.
// Prices and the K-line chart arrive with the market service; nothing is shown until then.
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../ui/kit.tsx';
import { marketCategories } from './MarketList.tsx';

const periods = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;

export default function CurrencyDetail() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const code = (search.get('code') ?? '').slice(0, 32);
  const type = search.get('type') ?? '';
  const category = marketCategories.find((c) => c.type === type);
  return (
    <Page
      title={code || t('currency.unknown')}
      intro={category ? t(category.key) : undefined}
      actions={
        <Link to="/market" className="btn btn-secondary btn-small">
          {t('currency.allMarkets')}
        </Link>
      }
    >
      <div className="detail-grid">
        <section className="card">
          <div className="price-head">
            <span className="price-big num" aria-label={t('currency.lastPrice')}>
              —
            </span>
            <span className="muted">{t('currency.change24h')}: —</span>
          </div>
          <div className="chips" role="group" aria-label={t('currency.period')}>
            {periods.map((p) => (
              <button key={p} type="button" className="chip" disabled>
                {p}
              </button>
            ))}
          </div>
          <div className="chart-box">
            <EmptyState title={t('currency.noDataTitle')} text={t('currency.noDataText')} />
          </div>
        </section>
        <aside className="card trade-panel" aria-label={t('currency.tradePanel')}>
          <h2 className="card-title">{t('currency.tradePanel')}</h2>
          <div className="trade-buttons">
            <button type="button" className="btn btn-up" disabled>
              {t('currency.buyUp')}
            </button>
            <button type="button" className="btn btn-down" disabled>
              {t('currency.buyDown')}
            </button>
          </div>
          <p className="muted small">{t('currency.notTradable')}</p>
          <p className="note note-warn">{t('currency.riskWarning')}</p>
        </aside>
      </div>
    </Page>
  );
}
