// Legal pages: the policies (type 2) and statements (type 3) of the content list, then who they name: the
// operator and the charity (LegalParties).
import { useTranslation } from 'react-i18next';
import { contentTypes, useContentList } from '../../api/content.ts';
import { ContentLink } from '../../layout/ContentLink.tsx';
import { LegalParties } from '../../layout/LegalParties.tsx';
import { Card, EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';

export default function Legal() {
  const { t } = useTranslation();
  const list = useContentList();
  const groups = [
    { title: t('footer.policy'), type: contentTypes.policy },
    { title: t('footer.statements'), type: contentTypes.statement },
  ];
  return (
    <Page title={t('titles.legal')} intro={t('legal.intro')} narrow>
      {list.isPending && <Spinner />}
      {list.isError && <ErrorNote message={list.error.message} />}
      {groups.map((group) => {
        const items = (list.data ?? []).filter((item) => item.type === group.type);
        return (
          <Card key={group.type} title={group.title}>
            {list.data && items.length === 0 ? (
              <EmptyState title={t('legal.none')} />
            ) : (
              <ul className="link-list">
                {items.map((item) => (
                  <li key={item.id}>
                    <ContentLink id={item.id} title={item.title} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        );
      })}
      <LegalParties />
    </Page>
  );
}
