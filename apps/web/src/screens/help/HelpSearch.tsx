// The help centre's search box and its results: FAQ entries whose question or answer holds every word typed,
// with the words marked, each opening its answer in the FAQ.
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatInteger } from '../../i18n/format.ts';
import { EmptyState } from '../../ui/kit.tsx';
import { Highlight } from './Highlight.tsx';
import { matches, searchTerms, snippet } from './search.ts';
import { faqEntryHref, type FaqItem } from './faq-data.ts';
import { ContactLink } from './ContactLink.tsx';

export function HelpSearchBox({ query, onChange }: { query: string; onChange: (query: string) => void }) {
  const { t } = useTranslation('help');
  const id = useId();
  return (
    <form className="help-search" role="search" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={id}
        type="search"
        value={query}
        maxLength={100}
        placeholder={t('search.placeholder')}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
    </form>
  );
}

export function HelpSearchResults({ query, items }: { query: string; items: FaqItem[] }) {
  const { t } = useTranslation('help');
  const locale = currentLocale();
  const terms = searchTerms(query, locale);
  const found = items.filter((item) => matches(item, terms, locale));
  return (
    <section className="help-results" aria-labelledby="help-results-title">
      <h2 id="help-results-title" className="help-section-title" aria-live="polite">
        {t('search.found', { count: formatInteger(found.length, locale), query: query.trim() })}
      </h2>
      {found.length === 0 ? (
        <EmptyState title={t('search.none', { query: query.trim() })} text={t('search.noneText')}>
          <ContactLink className="btn btn-secondary" />
        </EmptyState>
      ) : (
        <ul className="help-result-list">
          {found.map((item) => (
            <li key={item.id}>
              <Link to={faqEntryHref(item.id)} className="help-result">
                <span className="help-result-title">
                  <Highlight text={item.title} terms={terms} />
                </span>
                <span className="help-result-snippet">
                  <Highlight text={snippet(item.text, terms, locale)} terms={terms} />
                </span>
                <span className="help-result-topic">{t(`topics.${item.topic}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
