// Home (spec.md §2): headline with the statistics computed from the data, announcement bar, feature cards,
// the live market list, and on mobile the footer groups.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHomeNotice } from '../api/content.ts';
import { useSession } from '../app/session.ts';
import { layout } from '../app/device.ts';
import { detailHref } from '../layout/ContentLink.tsx';
import { copyrightYear, FooterGroups } from '../layout/FooterGroups.tsx';
import { ChevronIcon, MarketIcon, MegaphoneIcon, SmartIcon, LoanIcon, NftIcon } from '../ui/icons.tsx';
import { HomeMarkets, HomeStats } from './market/HomeMarkets.tsx';

function NoticeBar() {
  const { t } = useTranslation();
  const notice = useHomeNotice();
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

export default function Home() {
  const { t } = useTranslation();
  const { user } = useSession();
  const features = [
    {
      to: '/market',
      Icon: MarketIcon,
      title: t('home.features.markets.title'),
      text: t('home.features.markets.text'),
    },
    {
      to: '/trading',
      Icon: SmartIcon,
      title: t('home.features.smart.title'),
      text: t('home.features.smart.text'),
    },
  ];
  const more = [
    { to: '/loan', Icon: LoanIcon, title: t('nav.loan') },
    { to: '/nfts', Icon: NftIcon, title: t('nav.nfts') },
  ];
  return (
    <div className="home">
      <NoticeBar />
      <section className="hero">
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
        {features.map(({ to, Icon, title, text }) => (
          <Link key={to} to={to} className="feature-card">
            <span className="feature-icon">
              <Icon size={26} />
            </span>
            <span className="feature-title">{title}</span>
            <span className="feature-text">{text}</span>
            <span className="feature-more">
              {t('common.open')} <ChevronIcon size={16} />
            </span>
          </Link>
        ))}
        <div className="feature-mini">
          {more.map(({ to, Icon, title }) => (
            <Link key={to} to={to} className="mini-card">
              <Icon size={20} />
              {title}
            </Link>
          ))}
        </div>
      </section>
      <HomeMarkets />
      {layout === 'mobile' && (
        <section className="m-footer" aria-label={t('footer.label')}>
          <FooterGroups />
          <p className="copyright">{t('footer.copyright', { year: copyrightYear })}</p>
        </section>
      )}
    </div>
  );
}
