// FAQ: the content list's FAQ items (type 4); an answer is fetched when its question is opened.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@tradewind/contract';
import { contentTypes, useContent, useContentsOfType } from '../../api/content.ts';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';

function Answer({ id }: { id: string }) {
  const content = useContent(id);
  if (content.isError) return <ErrorNote message={content.error.message} />;
  if (!content.data) return <Spinner />;
  return <SafeHtml html={content.data.result} />;
}

function Question({ item }: { item: ContentItem }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="faq-item" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{item.title}</summary>
      <div className="faq-answer">{open && <Answer id={item.id} />}</div>
    </details>
  );
}

export default function Faq() {
  const { t } = useTranslation();
  const { items, isPending, isError, error } = useContentsOfType(contentTypes.faq);
  return (
    <Page title={t('titles.faq')} narrow>
      <div className="card">
        {isPending && <Spinner />}
        {isError && <ErrorNote message={error.message} />}
        {!isPending && !isError && items.length === 0 && <EmptyState title={t('help.noFaq')} />}
        {items.map((item) => (
          <Question key={item.id} item={item} />
        ))}
      </div>
    </Page>
  );
}
