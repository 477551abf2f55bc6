// Home (spec.md §2): headline with the statistics computed from the data, announcement bar, feature cards,
// the live market list. A product card says "not available yet" instead of "open" until the server runs the
// product (the `features` parameter). The mobile layout has its own order, like a trading app's home
// (issue 12): a compact statistics strip, the market list first, the products as an icon grid, then the
// headline and the footer groups.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHomeNotice } from '../api/content.ts';
import { useFeatures } from '../api/features.ts';
import { useSession } from '../app/session.ts';
import { layout } from '../app/device.ts';
import { detailHref } from '../layout/ContentLink.tsx';
import { copyrightYear, FooterGroups } from '../layout/FooterGroups.tsx';
import { ChevronIcon, MarketIcon, MegaphoneIcon, SmartIcon, LoanIcon, NftIcon } from '../ui/icons.tsx';
import { HomeMarkets, HomeStats } from './market/HomeMarkets.tsx';
import { ProductShortcuts } from './home/ProductShortcuts.tsx';
import { useLoanTerms, useOpenAuctionCount } from './home/productTerms.ts';
import { currentLocale } from '../i18n/i18n.ts';
import { formatCompact, formatCount, formatRate } from '../ui/market/format.ts';

function NoticeBar() {
  const { t } = useTranslation();
  const notice = useHomeNotice();
  // Its place is kept while it loads: a bar appearing above the headline would push the page down.
  if (notice === undefined) return <div className="notice-bar notice-bar-pending" aria-hidden="true" />;
  if (!notice) return null;
  return (
    <Link to={detailHref(notice.id, notice.title)} className="notice-bar" data-testid="notice-bar">
      <MegaphoneIcon size={18} />
      <span className="visually-hidden">{t('home.notice')}: </span>
      <span className="notice-text">{notice.title}</span>
      <ChevronIcon size={16} />
    </Link>
  );
}

/** The loan card's line: what the product is and its terms over every product (productTerms.ts). */
function LoanLine({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const terms = useLoanTerms(enabled).data;
  const locale = currentLocale();
  if (!terms) return null;
  const line = t('home.products.loan', {
    amount: formatCompact(terms.maxAmount, locale),
    days: formatCount(terms.termDays, locale),
    rate: formatRate(terms.dailyRate, locale),
  });
  return (
    <span className="mini-card-note" data-testid="home-loan-line">
      {line}
    </span>
  );
}

/** The NFT card's line: charity auctions, and how many are open now. */
function NftLine({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const count = useOpenAuctionCount(enabled).data;
  if (count === undefined) return null;
  return (
    <span className="mini-card-note" data-testid="home-nft-line">
      {t('home.products.nft', { open: formatCount(count, currentLocale()) })}
    </span>
  );
}

function HeroText() {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <div className="hero-text">
      <h1>{t('home.headline')}</h1>
      <p>{t('home.subline')}</p>
      <div className="hero-actions">
        {user ? (
          <Link to="/market" className="btn btn-primary">
            {t('home.ctaMarkets')}
          </Link>
        ) : (
          <>
            <Link to="/pass/register" className="btn btn-primary">
              {t('home.ctaSignUp')}
            </Link>
            <Link to="/market" className="btn btn-secondary">
              {t('home.ctaMarkets')}
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

function MobileHome() {
  const { t } = useTranslation();
  return (
    <div className="home home-mobile">
      <NoticeBar />
      <HomeStats strip />
      <HomeMarkets />
      <ProductShortcuts />
      <section className="hero hero-compact">
        <HeroText />
      </section>
      <section className="m-footer" aria-label={t('footer.label')}>
        <FooterGroups />
        <p className="copyright">{t('footer.copyright', { year: copyrightYear })}</p>
      </section>
    </div>
  );
}

export default function Home() {
  return layout === 'mobile' ? <MobileHome /> : <DesktopHome />;
}

function DesktopHome() {
  const { t } = useTranslation();
  // Until the server answers, no product is advertised as open.
  const flags = useFeatures().data;
  const features = [
    {
      to: '/market',
      Icon: MarketIcon,
      title: t('home.features.markets.title'),
      text: t('home.features.markets.text'),
      open: true,
    },
    {
      to: '/trading',
      Icon: SmartIcon,
      title: t('home.features.smart.title'),
      text: t('home.features.smart.text'),
      open: flags?.smart === true,
    },
  ];
  const more = [
    {
      to: '/loan',
      Icon: LoanIcon,
      title: t('nav.loan'),
      open: flags?.loans === true,
      text: <LoanLine enabled={flags?.loans === true} />,
    },
    {
      to: '/nfts',
      Icon: NftIcon,
      title: t('nav.nfts'),
      open: flags?.nft === true,
      text: <NftLine enabled={flags?.nft === true} />,
    },
  ];
  return (
    <div className="home">
      <NoticeBar />
      <section className="hero">
        <HeroText />
        <svg
          className="hero-art"
          viewBox="0 0 400 300"
          preserveAspectRatio="xMaxYMid slice"
          aria-hidden="true"
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <path
              key={i}
              d={`M-20 ${210 - i * 28}c80 0 100-${60 + i * 8} 180-${60 + i * 8}s90 ${40 + i * 6} 260 ${40 + i * 6}`}
              fill="none"
              stroke="currentColor"
              strokeWidth={2.5 - i * 0.35}
              strokeLinecap="round"
              opacity={1 - i * 0.17}
            />
          ))}
        </svg>
        <HomeStats />
      </section>
      <section className="features" aria-label={t('home.featuresLabel')}>
        {features.map(({ to, Icon, title, text, open }) => (
          <Link key={to} to={to} className="feature-card" data-testid="feature-card" data-open={open}>
            <span className="feature-icon">
              <Icon size={26} />
            </span>
            <span className="feature-title">{title}</span>
            <span className="feature-text">{text}</span>
            {open ? (
              <span className="feature-more">
                {t('common.open')} <ChevronIcon size={16} />
              </span>
            ) : (
              <span className="badge badge-neutral feature-soon">{t('features.notAvailableTitle')}</span>
            )}
          </Link>
        ))}
        <div className="feature-mini">
          {more.map(({ to, Icon, title, open, text }) => (
            <Link key={to} to={to} className="mini-card" data-testid="feature-card" data-open={open}>
              <Icon size={20} />
              <span className="mini-card-text">
                {title}
                {open ? text : <span className="mini-card-note">{t('features.notAvailableTitle')}</span>}
              </span>
            </Link>
          ))}
        </div>
      </section>
      <HomeMarkets />
    </div>
  );
}
