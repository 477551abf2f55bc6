// Notices (/help/notice): the platform's announcements, newest first, each opening its page (/detail).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { contentTypes, useContentsOfType } from '../../api/content.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { formatDate } from '../../i18n/format.ts';
import { detailHref } from '../../layout/ContentLink.tsx';
import { ChevronIcon, MegaphoneIcon } from '../../ui/icons.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import './help.css';

export default function Notices() {
  const { t } = useTranslation('help');
  const { t: tWeb } = useTranslation();
  const locale = currentLocale();
  const { items, isPending, isError, error } = useContentsOfType(contentTypes.notice);
  return (
    <Page title={tWeb('titles.notices')} narrow>
      <div className="card">
        {isPending && <Spinner />}
        {isError && <ErrorNote message={error.message} />}
        {!isPending && !isError && items.length === 0 && <EmptyState title={t('notices.none')} />}
        <ul className="notice-list">
          {items.map((notice) => (
            <li key={notice.id}>
              <Link to={detailHref(notice.id, notice.title)} className="notice-row">
                <MegaphoneIcon size={18} />
                <span className="notice-row-text">
                  <span className="notice-row-title">{notice.title}</span>
                  {notice.publishedAt !== undefined && (
                    <time dateTime={new Date(notice.publishedAt).toISOString()} className="help-notice-date">
                      {formatDate(notice.publishedAt, locale)}
                    </time>
                  )}
                </span>
                <span className="notice-row-chevron">
                  <ChevronIcon size={16} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Page>
  );
}
