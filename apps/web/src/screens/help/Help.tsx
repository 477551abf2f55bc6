// Help centre: FAQ, notices, online support and the company pages.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useParam } from '../../api/content.ts';
import { DocIcon, HelpIcon, InfoIcon, MegaphoneIcon, SupportIcon } from '../../ui/icons.tsx';
import { Page } from '../../ui/kit.tsx';

export default function Help() {
  const { t } = useTranslation();
  const support = useParam('support_chat_url').data ?? null;
  const cards = [
    { to: '/help/faq', Icon: HelpIcon, title: t('help.faq'), text: t('help.faqText') },
    { to: '/help/notice', Icon: MegaphoneIcon, title: t('help.notices'), text: t('help.noticesText') },
    { to: '/about', Icon: InfoIcon, title: t('titles.about'), text: t('help.aboutText') },
    { to: '/legal', Icon: DocIcon, title: t('titles.legal'), text: t('help.legalText') },
  ];
  return (
    <Page title={t('titles.help')} intro={t('help.intro')}>
      <div className="card-grid">
        {cards.map(({ to, Icon, title, text }) => (
          <Link key={to} to={to} className="feature-card compact">
            <span className="feature-icon">
              <Icon size={22} />
            </span>
            <span className="feature-title">{title}</span>
            <span className="feature-text">{text}</span>
          </Link>
        ))}
        {support && (
          <a href={support} target="_blank" rel="noopener noreferrer" className="feature-card compact">
            <span className="feature-icon">
              <SupportIcon size={22} />
            </span>
            <span className="feature-title">{t('help.contact')}</span>
            <span className="feature-text">{t('help.contactText')}</span>
          </a>
        )}
      </div>
    </Page>
  );
}
