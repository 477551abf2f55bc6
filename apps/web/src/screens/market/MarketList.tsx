// Market list by category (spec.md §1: 1 forex, 2 crypto, 3 stocks, 4 futures, 5 metals) with search and
// watchlist. Rows arrive with the market service; until then the table says so.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState, Page } from '../../ui/kit.tsx';

export const marketCategories = [
  { type: 'watch', key: 'market.categories.watchlist' },
  { type: '2', key: 'market.categories.crypto' },
  { type: '1', key: 'market.categories.forex' },
  { type: '3', key: 'market.categories.stocks' },
  { type: '4', key: 'market.categories.futures' },
  { type: '5', key: 'market.categories.metals' },
] as const;

export default function MarketList() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const active = marketCategories.find((c) => c.type === search.get('type'))?.type ?? '2';
  const [keyword, setKeyword] = useState('');
  return (
    <Page title={t('market.title')} intro={t('market.intro')}>
      <div className="toolbar">
        <div className="chips" role="tablist" aria-label={t('market.categoriesLabel')}>
          {marketCategories.map((c) => (
            <button
              key={c.type}
              type="button"
              role="tab"
              aria-selected={c.type === active}
              className={c.type === active ? 'chip chip-on' : 'chip'}
              onClick={() => setSearch({ type: c.type }, { replace: true })}
            >
              {t(c.key)}
            </button>
          ))}
        </div>
        <label className="search">
          <span className="visually-hidden">{t('market.search')}</span>
          <input
            type="search"
            className="input"
            placeholder={t('market.search')}
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
          />
        </label>
      </div>
      <div className="card table-card" role="tabpanel">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('market.columns.name')}</th>
              <th scope="col" className="end">
                {t('market.columns.price')}
              </th>
              <th scope="col" className="end">
                {t('market.columns.change')}
              </th>
              <th scope="col" className="end hide-narrow">
                {t('market.columns.chart')}
              </th>
            </tr>
          </thead>
        </table>
        <EmptyState
          title={active === 'watch' ? t('market.watchEmptyTitle') : t('market.emptyTitle')}
          text={active === 'watch' ? t('market.watchEmptyText') : t('market.emptyText')}
        />
      </div>
    </Page>
  );
}
