// Content page (/detail?id&title): company, policy and statement pages and notices, sanitized HTML. A policy
// or statement (the Terms among them) is followed by the parties it names: the operator and the charity.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isIdString } from '@tradewind/contract';
import { contentTypes, useContent } from '../../api/content.ts';
import { LegalParties } from '../../layout/LegalParties.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { SafeHtml } from '../../ui/SafeHtml.tsx';

export default function Detail() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('id');
  const validId = id !== null && isIdString(id) ? id : null;
  const content = useContent(validId);
  const title = content.data?.title ?? search.get('title') ?? t('titles.detail');
  return (
    <Page title={title} narrow>
      <article className="card">
        {!validId && <EmptyState title={t('detail.missing')} />}
        {validId && content.isPending && <Spinner />}
        {content.isError && <ErrorNote message={content.error.message} />}
        {/* The text may be the fallback language while a translation is missing: `lang` says which. */}
        {content.data && (
          <div lang={content.data.locale}>
            <SafeHtml html={content.data.result} />
          </div>
        )}
      </article>
      {(content.data?.type === contentTypes.policy || content.data?.type === contentTypes.statement) && (
        <LegalParties />
      )}
    </Page>
  );
}
