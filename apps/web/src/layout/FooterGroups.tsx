// Footer link groups: products, then company / policy / statement items of the content list, and support.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contentTypes, useContentList, useParam } from '../api/content.ts';
import { ContentLink } from './ContentLink.tsx';
import { ContactLink } from '../screens/help/ContactLink.tsx';
import { DownloadIcon } from '../ui/icons.tsx';
import { OperatorContact, useOperatorContact } from './OperatorContact.tsx';

/** spec.md §2: Tradewind's copyright starts in 2023, its founding year. */
const foundingYear = 2023;

/**
 * "2023–2026": the founding year to the current one, read from the clock so it never goes stale. Isolated
 * (FSI … PDI) so that right-to-left text keeps the range in reading order.
 */
export function copyrightYears(now = new Date()): string {
  const year = now.getFullYear();
  return `\u2068${year > foundingYear ? `${foundingYear}–${year}` : String(foundingYear)}\u2069`;
}

export const copyrightYear = copyrightYears();

export function FooterGroups() {
  const { t } = useTranslation();
  const list = useContentList();
  const appUrl = useParam('app_download_url').data ?? null;
  const contact = useOperatorContact();
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
          <li>
            <ContactLink>{t('titles.support')}</ContactLink>
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
      {contact.any && (
        <section className="footer-group" aria-labelledby="footer-contact">
          <h2 id="footer-contact">{t('contact.title')}</h2>
          <OperatorContact className="footer-contact" />
        </section>
      )}
    </div>
  );
}
