// The market page (/market): category tabs (spec.md §1, ETFs on their own tab), the watchlist tab, a
// keyword search and live rows. The tab lives in the URL (?type=2, ?type=etf, ?type=watch).
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@tradewind/contract';
import { useMarkets, useWatchlist } from '../../api/market.ts';
import { layout } from '../../app/device.ts';
import { useSession } from '../../app/session.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';
import { ConnectionBadge } from '../../ui/market/FeedBadges.tsx';
import { categories, categoryByParam, defaultCategory, watchParam, type Category } from './categories.ts';
import { CategoryTabs } from './CategoryTabs.tsx';
import { MarketRows, MarketRowsSkeleton } from './MarketRows.tsx';
import '../../ui/market/market.css';

const pageSize = 50;
const searchDelayMs = 250;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function matches(item: MarketItem, keyword: string): boolean {
  const needle = keyword.trim().toLowerCase();
  return needle === '' || [item.code, item.appName, item.name].some((s) => s.toLowerCase().includes(needle));
}

type ListState = {
  items: readonly MarketItem[] | undefined;
  fetchedAtMs: number;
  pending: boolean;
  failed: boolean;
  retry: () => void;
};

/** Shows a growing page of rows, or the loading, failure and empty states. */
function Rows({
  state,
  keyword,
  empty,
}: {
  state: ListState;
  keyword: string;
  empty: { title: string; text?: string };
}) {
  const { t } = useTranslation('market');
  const [limit, setLimit] = useState(pageSize);
  if (state.pending) return <MarketRowsSkeleton rows={10} />;
  if (state.failed && !state.items) {
    return (
      <EmptyState title={t('common.loadFailed')}>
        <button type="button" className="btn btn-secondary btn-small" onClick={state.retry}>
          {t('common.retry')}
        </button>
      </EmptyState>
    );
  }
  const items = state.items ?? [];
  if (items.length === 0) {
    return keyword.trim() !== '' ? (
      <EmptyState title={t('list.noMatchTitle', { keyword: keyword.trim() })} text={t('list.noMatchText')} />
    ) : (
      <EmptyState title={empty.title} text={empty.text} />
    );
  }
  return (
    <>
      <MarketRows
        items={items.slice(0, limit)}
        fetchedAtMs={state.fetchedAtMs}
        variant={layout === 'mobile' ? 'compact' : 'full'}
        liveOnScreenOnly
      />
      {items.length > limit && (
        <div className="mkt-more">
          <span className="muted small">
            {t('list.shown', { shown: limit.toLocaleString(), total: items.length.toLocaleString() })}
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => setLimit(limit + pageSize)}
          >
            {t('list.showMore')}
          </button>
        </div>
      )}
    </>
  );
}

function CategoryPanel({ category, keyword }: { category: Category; keyword: string }) {
  const { t } = useTranslation('market');
  const markets = useMarkets(category.type, keyword);
  const state: ListState = {
    items: markets.data?.filter(category.filter ?? (() => true)),
    fetchedAtMs: markets.dataUpdatedAt,
    pending: markets.isPending,
    failed: markets.isError,
    retry: () => void markets.refetch(),
  };
  return <Rows key={category.id} state={state} keyword={keyword} empty={{ title: t('list.emptyTitle') }} />;
}

function WatchPanel({ keyword }: { keyword: string }) {
  const { t } = useTranslation('market');
  const { user } = useSession();
  const location = useLocation();
  const watchlist = useWatchlist();
  if (!user) {
    const redirect = new URLSearchParams({ redirect: location.pathname + location.search }).toString();
    return (
      <div className="login-prompt" data-testid="watch-login">
        <span className="empty-icon">
          <LockIcon size={28} />
        </span>
        <h2 className="card-title">{t('list.watchLoginTitle')}</h2>
        <p className="muted">{t('list.watchLoginText')}</p>
        <div className="row-actions">
          <Link to={`/pass/login?${redirect}`} className="btn btn-primary">
            {t('list.login')}
          </Link>
          <Link to="/pass/register" className="btn btn-secondary">
            {t('list.register')}
          </Link>
        </div>
      </div>
    );
  }
  const state: ListState = {
    items: watchlist.data?.filter((item) => matches(item, keyword)),
    fetchedAtMs: watchlist.dataUpdatedAt,
    pending: watchlist.isPending,
    failed: watchlist.isError,
    retry: () => void watchlist.refetch(),
  };
  return (
    <Rows
      state={state}
      keyword={keyword}
      empty={{ title: t('list.watchEmptyTitle'), text: t('list.watchEmptyText') }}
    />
  );
}

export default function MarketList() {
  const { t } = useTranslation('market');
  const [search, setSearch] = useSearchParams();
  const param = search.get('type');
  const category = categoryByParam(param) ?? (param === watchParam ? undefined : defaultCategory);
  const activeId = category?.id ?? watchParam;
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword, searchDelayMs);
  const panelId = useId();
  const tabs = [
    { id: watchParam, label: t('categories.watchlist') },
    ...categories.map((c) => ({ id: c.id, label: t(`categories.${c.id}`) })),
  ];
  const select = (id: string) => {
    const next =
      id === watchParam ? watchParam : (categories.find((c) => c.id === id)?.param ?? defaultCategory.param);
    setSearch({ type: next }, { replace: true });
  };
  return (
    <Page title={t('list.title')} intro={t('list.intro')} actions={<ConnectionBadge />}>
      <div className="toolbar">
        <CategoryTabs
          tabs={tabs}
          active={activeId}
          onSelect={select}
          label={t('categories.label')}
          panelId={panelId}
        />
        <label className="search">
          <span className="visually-hidden">{t('list.search')}</span>
          <input
            type="search"
            className="input"
            placeholder={t('list.search')}
            value={keyword}
            maxLength={32}
            enterKeyHint="search"
            onChange={(e) => setKeyword(e.target.value)}
          />
        </label>
      </div>
      <div
        className="card table-card"
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-tab-${activeId}`}
      >
        {category ? (
          <CategoryPanel key={category.id} category={category} keyword={debounced} />
        ) : (
          <WatchPanel keyword={keyword} />
        )}
      </div>
    </Page>
  );
}
