// Footer link groups: products, then company / policy / statement items of the content list, and support.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contentTypes, useContentList, useParam } from '../api/content.ts';
import { ContentLink } from './ContentLink.tsx';
import { DownloadIcon } from '../ui/icons.tsx';

/** spec.md §2: the footer's copyright notice is for 2023. */
export const copyrightYear = 2023;

export function FooterGroups() {
  const { t } = useTranslation();
  const list = useContentList();
  const appUrl = useParam('app_download_url').data ?? null;
  const items = list.data ?? [];
  const group = (type: number) => items.filter((item) => item.type === type);
  const contentGroups = [
    { key: 'company', title: t('footer.company'), items: group(contentTypes.company) },
    { key: 'policy', title: t('footer.policy'), items: group(contentTypes.policy) },
    { key: 'statement', title: t('footer.statements'), items: group(contentTypes.statement) },
  ];
  return (
    <div className="footer-groups" data-testid="footer-groups">
      <nav className="footer-group" aria-label={t('footer.products')}>
        <h2>{t('footer.products')}</h2>
        <ul>
          <li>
            <Link to="/market">{t('nav.market')}</Link>
          </li>
          <li>
            <Link to="/trading">{t('nav.trading')}</Link>
          </li>
          <li>
            <Link to="/loan">{t('nav.loan')}</Link>
          </li>
          <li>
            <Link to="/nfts">{t('nav.nfts')}</Link>
          </li>
        </ul>
      </nav>
      {contentGroups.map((g) => (
        <nav key={g.key} className="footer-group" aria-label={g.title}>
          <h2>{g.title}</h2>
          <ul>
            {g.key === 'company' && (
              <li>
                <Link to="/about">{t('footer.about')}</Link>
              </li>
            )}
            {g.items.map((item) => (
              <li key={item.id}>
                <ContentLink id={item.id} title={item.title} />
              </li>
            ))}
            {g.key === 'policy' && (
              <li>
                <Link to="/legal">{t('footer.legal')}</Link>
              </li>
            )}
          </ul>
        </nav>
      ))}
      <nav className="footer-group" aria-label={t('footer.support')}>
        <h2>{t('footer.support')}</h2>
        <ul>
          <li>
            <Link to="/help">{t('nav.help')}</Link>
          </li>
          <li>
            <Link to="/help/faq">{t('help.faq')}</Link>
          </li>
          <li>
            <Link to="/help/notice">{t('help.notices')}</Link>
          </li>
          {appUrl && (
            <li>
              <a href={appUrl} target="_blank" rel="noopener noreferrer" className="with-icon">
                <DownloadIcon size={16} />
                {t('footer.appDownload')}
              </a>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
