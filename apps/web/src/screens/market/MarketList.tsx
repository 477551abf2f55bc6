// The market page (/market): category tabs (spec.md §1, ETFs on their own tab), the watchlist tab, a
// keyword search that looks through every category from any tab ("gold" finds XAU/USD from Crypto) — on
// the watchlist tab through the watchlist, then all markets with a star to add when it holds no match —, rows
// sorted by a column header (a select on phones) and live prices. The tab lives in the URL (?type=2,
// ?type=etf, ?type=watch).
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MarketItem } from '@tradewind/contract';
import { useMarkets, useMarketSearch, useWatchlist } from '../../api/market.ts';
import { layout } from '../../app/device.ts';
import { useDocumentTitle } from '../../app/documentTitle.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useSession } from '../../app/session.ts';
import { LockIcon } from '../../ui/icons.tsx';
import { EmptyState, Page } from '../../ui/kit.tsx';
import { ConnectionBadge } from '../../ui/market/FeedBadges.tsx';
import { categories, categoryByParam, defaultCategory, watchParam, type Category } from './categories.ts';
import { CategoryTabs } from './CategoryTabs.tsx';
import { MarketRows, MarketRowsSkeleton } from './MarketRows.tsx';
import { nextSort, sortItems, sortKeys, type Sort, type SortKey } from './sort.ts';
import { WatchStar } from './WatchStar.tsx';
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

type Sorting = { sort: Sort | undefined; onSort: (key: SortKey) => void };

/** Shows a growing page of rows, or the loading, failure and empty states. */
function Rows({
  state,
  keyword,
  empty,
  sorting,
  rowAction,
}: {
  state: ListState;
  keyword: string;
  empty: { title: string; text?: string };
  sorting: Sorting;
  rowAction?: (item: MarketItem) => ReactNode;
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
  const items = sortItems(state.items ?? [], sorting.sort, currentLocale());
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
        sort={sorting.sort}
        onSort={sorting.onSort}
        {...(rowAction ? { rowAction } : {})}
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

/** A keyword typed on a category tab: matches from every category, best first. */
/** The matches for a keyword from every category, as a list's state. */
function useSearchState(keyword: string): ListState {
  const found = useMarketSearch(keyword);
  return {
    items: found.data,
    fetchedAtMs: found.dataUpdatedAt,
    pending: found.isPending,
    failed: found.isError,
    retry: () => void found.refetch(),
  };
}

function SearchPanel({ keyword, sorting }: { keyword: string; sorting: Sorting }) {
  const { t } = useTranslation('market');
  const state = useSearchState(keyword);
  return (
    <>
      <p className="sim-note muted small search-scope" data-testid="search-scope">
        {t('list.searchAll', { keyword: keyword.trim() })}
      </p>
      <Rows state={state} keyword={keyword} empty={{ title: t('list.emptyTitle') }} sorting={sorting} />
    </>
  );
}

function CategoryPanel({
  category,
  keyword,
  sorting,
}: {
  category: Category;
  keyword: string;
  sorting: Sorting;
}) {
  const { t } = useTranslation('market');
  const markets = useMarkets(category.type, keyword);
  const state: ListState = {
    items: markets.data?.filter(category.filter ?? (() => true)),
    fetchedAtMs: markets.dataUpdatedAt,
    pending: markets.isPending,
    failed: markets.isError,
    retry: () => void markets.refetch(),
  };
  return (
    <Rows
      key={category.id}
      state={state}
      keyword={keyword}
      empty={{ title: t('list.emptyTitle') }}
      sorting={sorting}
    />
  );
}

/**
 * Nothing in the watchlist matches the keyword: the matches from all markets instead, said to be from all
 * markets, each with its star to add it to the watchlist.
 */
function WatchFallback({ keyword, sorting }: { keyword: string; sorting: Sorting }) {
  const { t } = useTranslation('market');
  const state = useSearchState(keyword);
  return (
    <>
      <p className="sim-note muted small search-scope" data-testid="watch-fallback">
        {t('list.watchNoMatch', { keyword: keyword.trim() })}
      </p>
      <Rows
        state={state}
        keyword={keyword}
        empty={{ title: t('list.emptyTitle') }}
        sorting={sorting}
        rowAction={(item) => <WatchStar code={item.code} />}
      />
    </>
  );
}

function WatchPanel({
  keyword,
  debounced,
  sorting,
}: {
  keyword: string;
  /** The keyword once typing pauses: what the fallback search of all markets asks for. */
  debounced: string;
  sorting: Sorting;
}) {
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
  // The watch tab searches the watchlist only; what it does not hold comes from all markets, labelled so.
  const matching = watchlist.data?.filter((item) => matches(item, keyword));
  if (matching?.length === 0 && keyword.trim() !== '' && debounced.trim() !== '') {
    return <WatchFallback keyword={debounced} sorting={sorting} />;
  }
  const state: ListState = {
    items: matching,
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
      sorting={sorting}
    />
  );
}

/** Phones have no column headers: one select for the column and the direction. */
function SortSelect({
  sort,
  onChange,
}: {
  sort: Sort | undefined;
  onChange: (sort: Sort | undefined) => void;
}) {
  const { t } = useTranslation('market');
  const options = sortKeys.flatMap((key) =>
    (['desc', 'asc'] as const).map((dir) => ({
      value: `${key}-${dir}`,
      label: t(`list.sort.${key}-${dir}`),
    })),
  );
  return (
    <label className="mkt-sort-field">
      <span className="visually-hidden">{t('list.sort.label')}</span>
      <select
        className="input mkt-sort-select"
        data-testid="sort-select"
        value={sort ? `${sort.key}-${sort.dir}` : ''}
        onChange={(e) => {
          const [key, dir] = e.target.value.split('-');
          const picked = sortKeys.find((k) => k === key);
          onChange(picked && (dir === 'asc' || dir === 'desc') ? { key: picked, dir } : undefined);
        }}
      >
        <option value="">{t('list.sort.default')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
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
  const [sort, setSort] = useState<Sort | undefined>(undefined);
  const sorting: Sorting = { sort, onSort: (key) => setSort((now) => nextSort(now, key)) };
  const tabs = [
    { id: watchParam, label: t('categories.watchlist') },
    ...categories.map((c) => ({ id: c.id, label: t(`categories.${c.id}`) })),
  ];
  const tabLabel = tabs.find((tab) => tab.id === activeId)?.label;
  useDocumentTitle(tabLabel ? `${tabLabel} · ${t('list.title')}` : t('list.title'));
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
        <div className="mkt-filters">
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
          {layout === 'mobile' && <SortSelect sort={sort} onChange={setSort} />}
        </div>
      </div>
      <div
        className="card table-card"
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-tab-${activeId}`}
      >
        {category && debounced.trim() !== '' ? (
          <SearchPanel keyword={debounced} sorting={sorting} />
        ) : category ? (
          <CategoryPanel key={category.id} category={category} keyword="" sorting={sorting} />
        ) : (
          <WatchPanel keyword={keyword} debounced={debounced} sorting={sorting} />
        )}
      </div>
    </Page>
  );
}
