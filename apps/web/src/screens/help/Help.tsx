// Help centre (/help): search over the FAQ, topic cards, the latest notices, support, the company pages and
// the app download.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { faqTopics } from '@tradewind/contract';
import { contentTypes, useContentsOfType } from '../../api/content.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDate, formatInteger } from '../../i18n/format.ts';
import { detailHref } from '../../layout/ContentLink.tsx';
import { DocIcon, InfoIcon, MegaphoneIcon, SupportIcon } from '../../ui/icons.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { HelpSearchBox, HelpSearchResults } from './HelpSearch.tsx';
import { ContactLink } from './ContactLink.tsx';
import { AppDownload } from './AppDownload.tsx';
import { faqTopicHref, useFaqItems, type FaqItem } from './faq-data.ts';
import './help.css';

function Topics({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation('help');
  const locale = currentLocale();
  const topics = faqTopics.filter((topic) => items.some((item) => item.topic === topic));
  return (
    <ul className="help-topics">
      {topics.map((topic) => {
        const count = items.filter((item) => item.topic === topic).length;
        return (
          <li key={topic}>
            <Link to={faqTopicHref(topic)} className="help-topic">
              <span className="help-topic-name">{t(`topics.${topic}`)}</span>
              <span className="help-topic-count">
                {t('topicCount', { count: formatInteger(count, locale) })}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function LatestNotices() {
  const { t } = useTranslation('help');
  const locale = currentLocale();
  const { items, isPending, isError, error } = useContentsOfType(contentTypes.notice);
  return (
    <section className="help-section" aria-labelledby="help-notices">
      <div className="help-section-head">
        <h2 id="help-notices" className="help-section-title">
          {t('notices.latest')}
        </h2>
        <Link to="/help/notice">{t('notices.all')}</Link>
      </div>
      <div className="card">
        {isPending && <Spinner />}
        {isError && <ErrorNote message={error.message} />}
        {!isPending && !isError && items.length === 0 && <EmptyState title={t('notices.none')} />}
        <ul className="link-list">
          {items.slice(0, 3).map((notice) => (
            <li key={notice.id}>
              <MegaphoneIcon size={18} />
              <Link to={detailHref(notice.id, notice.title)} className="help-notice-link">
                <span>{notice.title}</span>
                {notice.publishedAt !== undefined && (
                  <time dateTime={new Date(notice.publishedAt).toISOString()} className="help-notice-date">
                    {formatDate(notice.publishedAt, locale)}
                  </time>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function MoreHelp() {
  const { t } = useTranslation('help');
  const cards = [
    { to: '/about', Icon: InfoIcon, title: t('about.title'), text: t('about.text') },
    { to: '/legal', Icon: DocIcon, title: t('legal.title'), text: t('legal.text') },
  ];
  return (
    <section className="help-section" aria-labelledby="help-more">
      <h2 id="help-more" className="help-section-title">
        {t('more')}
      </h2>
      <div className="card-grid">
        <ContactLink className="feature-card compact">
          <span className="feature-icon">
            <SupportIcon size={22} />
          </span>
          <span className="feature-title">{t('contact.title')}</span>
          <span className="feature-text">{t('contact.text')}</span>
        </ContactLink>
        {cards.map(({ to, Icon, title, text }) => (
          <Link key={to} to={to} className="feature-card compact">
            <span className="feature-icon">
              <Icon size={22} />
            </span>
            <span className="feature-title">{title}</span>
            <span className="feature-text">{text}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}

export default function Help() {
  const { t } = useTranslation('help');
  const { t: tWeb } = useTranslation();
  const [query, setQuery] = useState('');
  const faq = useFaqItems();
  const searching = query.trim() !== '';
  return (
    <Page title={tWeb('titles.help')} intro={t('intro')}>
      <HelpSearchBox query={query} onChange={setQuery} />
      {faq.isError && <ErrorNote message={faq.error.message} />}
      {searching && faq.isPending && <Spinner />}
      {searching && faq.data && <HelpSearchResults query={query} items={faq.items} />}
      {!searching && (
        <>
          <section className="help-section" aria-labelledby="help-topics">
            <div className="help-section-head">
              <h2 id="help-topics" className="help-section-title">
                {t('topicsTitle')}
              </h2>
              <Link to="/help/faq">{t('faq.all')}</Link>
            </div>
            {faq.isPending && <Spinner />}
            {faq.data && faq.items.length === 0 && <EmptyState title={t('faq.none')} />}
            {faq.data && <Topics items={faq.items} />}
          </section>
          <LatestNotices />
          <MoreHelp />
          <AppDownload />
        </>
      )}
    </Page>
  );
}
