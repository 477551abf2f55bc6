// The home page's market parts: statistics tiles computed by the server from the data (DESIGN.md §1.5):
// Tradewind's own figures, with the feed's market volume beside them and said to be simulated when it is
// (§1.8); and the live market list by category (spec.md §2 "Home"); the mobile home gets the compact list.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMarkets, useMarketStats } from '../../api/market.ts';
import { layout } from '../../app/device.ts';
import { useDocumentTitle } from '../../app/documentTitle.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { EmptyState, ErrorNote } from '../../ui/kit.tsx';
import { ConnectionBadge } from '../../ui/market/FeedBadges.tsx';
import { formatCompactUsd, formatCount, formatRate } from '../../ui/market/format.ts';
import { WordBreaks } from '../../ui/WordBreaks.tsx';
import { categories, defaultCategory } from './categories.ts';
import { CategoryTabs } from './CategoryTabs.tsx';
import { MarketRows, MarketRowsSkeleton } from './MarketRows.tsx';
import '../../ui/market/market.css';

const homeRows = 8;
/** ETFs stay on the market page; the home strip shows the five categories of spec.md §1. */
const homeCategories = categories.filter((c) => c.id !== 'etfs');

/** The statistics tiles; on the mobile home a compact strip that scrolls sideways (`strip`). */
export function HomeStats({ strip = false }: { strip?: boolean }) {
  const { t } = useTranslation('market');
  const stats = useMarketStats();
  const locale = currentLocale();
  if (stats.isError) return null;
  const s = stats.data;
  const tiles = [
    {
      id: 'volume',
      label: t('home.stats.volume'),
      value: s && formatCompactUsd(s.platformVolume24h, locale),
      note:
        s &&
        t(s.source === 'simulated' ? 'home.stats.marketVolumeSimulated' : 'home.stats.marketVolume', {
          value: formatCompactUsd(s.marketVolume24h, locale),
        }),
    },
    {
      id: 'crypto',
      label: t('home.stats.crypto'),
      value: s && formatCount(s.cryptoCount, locale),
      note: s && t('home.stats.cryptoNote', { count: formatCount(s.instrumentCount, locale) }),
    },
    { id: 'users', label: t('home.stats.users'), value: s && formatCount(s.userCount, locale) },
    {
      id: 'fee',
      label: t('home.stats.fee'),
      value: s && formatRate(s.feeRateMax, locale),
      note: t('home.stats.feeNote'),
    },
  ];
  return (
    <dl
      className={strip ? 'stat-tiles stat-strip' : 'stat-tiles'}
      aria-label={t('home.stats.label')}
      data-testid="home-stats"
    >
      {tiles.map((tile) => (
        <div key={tile.id} className="stat-tile" data-testid={`stat-${tile.id}`}>
          <dt>
            <WordBreaks text={tile.label} locale={locale} />
          </dt>
          <dd className="num">{tile.value ?? <span className="skeleton" />}</dd>
          {tile.note && s && <dd className="stat-note">{tile.note}</dd>}
        </div>
      ))}
    </dl>
  );
}

export function HomeMarkets() {
  const { t } = useTranslation('market');
  const { t: tWeb } = useTranslation('web');
  useDocumentTitle(tWeb('titles.home'));
  const [active, setActive] = useState(defaultCategory);
  // Only the rows shown; a filtered category (stocks without ETFs) needs its whole list to find them.
  const markets = useMarkets(active.type, '', active.filter ? undefined : homeRows);
  const items = (markets.data ?? []).filter(active.filter ?? (() => true)).slice(0, homeRows);
  const variant = layout === 'mobile' ? 'compact' : 'full';
  const panelId = 'home-markets-panel';
  return (
    <section className="card home-markets" aria-labelledby="home-markets-title" data-testid="home-markets">
      <div className="section-head">
        <h2 id="home-markets-title" className="card-title with-icon">
          {t('home.title')} <ConnectionBadge />
        </h2>
        <Link to={`/market?type=${active.param}`} className="link-more">
          {t('home.viewAll')}
        </Link>
      </div>
      <CategoryTabs
        tabs={homeCategories.map((c) => ({ id: c.id, label: t(`categories.${c.id}`) }))}
        active={active.id}
        onSelect={(id) => setActive(homeCategories.find((c) => c.id === id) ?? defaultCategory)}
        label={t('categories.label')}
        panelId={panelId}
      />
      <div id={panelId} role="tabpanel" aria-labelledby={`${panelId}-tab-${active.id}`}>
        {markets.isPending ? (
          <MarketRowsSkeleton rows={homeRows} />
        ) : markets.isError && !markets.data ? (
          <ErrorNote message={t('common.loadFailed')} />
        ) : items.length === 0 ? (
          <EmptyState title={t('home.empty')} />
        ) : (
          <MarketRows items={items} fetchedAtMs={markets.dataUpdatedAt} variant={variant} />
        )}
      </div>
    </section>
  );
}
