// Notices: the content list's announcements (type 5), each opening its content page.
import { useTranslation } from 'react-i18next';
import { contentTypes, useContentsOfType } from '../../api/content.ts';
import { ContentLink } from '../../layout/ContentLink.tsx';
import { MegaphoneIcon } from '../../ui/icons.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';

export default function Notices() {
  const { t } = useTranslation();
  const { items, isPending, isError, error } = useContentsOfType(contentTypes.notice);
  return (
    <Page title={t('titles.notices')} narrow>
      <div className="card">
        {isPending && <Spinner />}
        {isError && <ErrorNote message={error.message} />}
        {!isPending && !isError && items.length === 0 && <EmptyState title={t('help.noNotices')} />}
        <ul className="link-list">
          {items.map((item) => (
            <li key={item.id}>
              <MegaphoneIcon size={18} />
              <ContentLink id={item.id} title={item.title} />
            </li>
          ))}
        </ul>
      </div>
    </Page>
  );
}
