// FAQ (/help/faq): an accordion of every entry, filtered by topic. `?topic=kyc` opens on a topic and
// `?entry=<id>` opens that answer and scrolls to it, so the help search and shared links land on it.
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { faqTopics, type FaqTopic } from '@tradewind/contract';
import { CharityNamed } from '../../layout/CharityNamed.tsx';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';
import { ChevronIcon } from '../../ui/icons.tsx';
import { useFaqItems, type FaqItem } from './faq-data.ts';
import { ContactLink } from './ContactLink.tsx';
import './help.css';

const isTopic = (value: string | null): value is FaqTopic =>
  (faqTopics as readonly (string | null)[]).includes(value);

function Entry({ item, open, onToggle }: { item: FaqItem; open: boolean; onToggle: () => void }) {
  const id = useId();
  return (
    <div className="faq-entry" id={`faq-${item.id}`}>
      <h3 className="faq-question">
        <button
          type="button"
          id={`${id}-q`}
          aria-expanded={open}
          aria-controls={`${id}-a`}
          onClick={onToggle}
        >
          <span>{item.title}</span>
          <ChevronIcon size={18} />
        </button>
      </h3>
      <div id={`${id}-a`} role="region" aria-labelledby={`${id}-q`} hidden={!open} className="faq-answer">
        <SafeHtml html={item.result} />
      </div>
    </div>
  );
}

function TopicChips({ topic, topics }: { topic: FaqTopic | null; topics: FaqTopic[] }) {
  const { t } = useTranslation('help');
  const [, setSearch] = useSearchParams();
  const choose = (next: FaqTopic | null) =>
    setSearch(next ? { topic: next } : {}, { replace: true, preventScrollReset: true });
  return (
    <div className="chips help-chips" role="group" aria-label={t('topicsTitle')}>
      <button
        type="button"
        className={topic === null ? 'chip chip-on' : 'chip'}
        aria-pressed={topic === null}
        onClick={() => choose(null)}
      >
        {t('faq.allTopics')}
      </button>
      {topics.map((each) => (
        <button
          key={each}
          type="button"
          className={topic === each ? 'chip chip-on' : 'chip'}
          aria-pressed={topic === each}
          onClick={() => choose(each)}
        >
          {t(`topics.${each}`)}
        </button>
      ))}
    </div>
  );
}

export default function Faq() {
  const { t } = useTranslation('help');
  const { t: tWeb } = useTranslation();
  const [search] = useSearchParams();
  const linked = search.get('entry');
  const wanted = search.get('topic');
  const { items, isPending, isError, error } = useFaqItems();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(linked ? [linked] : []));
  const linkedItem = items.find((item) => item.id === linked);
  const topic = isTopic(wanted) ? wanted : null;
  const topics = faqTopics.filter((each) => items.some((item) => item.topic === each));
  const shown = items.filter((item) => topic === null || item.topic === topic);

  useEffect(() => {
    if (!linkedItem) return;
    setOpen((current) => new Set([...current, linkedItem.id]));
    document.getElementById(`faq-${linkedItem.id}`)?.scrollIntoView({ block: 'start' });
  }, [linkedItem]);

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Page title={tWeb('titles.faq')} narrow>
      {topics.length > 1 && <TopicChips topic={topic} topics={topics} />}
      <div className="card faq-list">
        {isPending && <Spinner />}
        {isError && <ErrorNote message={error.message} />}
        {!isPending && !isError && shown.length === 0 && <EmptyState title={t('faq.none')} />}
        {shown.map((item) => (
          <Entry key={item.id} item={item} open={open.has(item.id)} onToggle={() => toggle(item.id)} />
        ))}
      </div>
      {(topic === null || topic === 'nfts') && (
        <Card title={tWeb('charityInfo.title')}>
          <CharityNamed className="contact-details" />
        </Card>
      )}
      <p className="help-still">
        {t('faq.still')} <ContactLink>{t('contact.action')}</ContactLink>
      </p>
    </Page>
  );
}
