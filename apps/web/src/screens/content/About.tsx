// About Tradewind: what the platform is and how it keeps trust, the company pages of the content list, then the
// operator's contact details when set.
import { useTranslation } from 'react-i18next';
import { contentTypes, useContentsOfType } from '../../api/content.ts';
import { ContentLink } from '../../layout/ContentLink.tsx';
import { OperatorContact, useOperatorContact } from '../../layout/OperatorContact.tsx';
import { Card, Page } from '../../ui/kit.tsx';

export default function About() {
  const { t } = useTranslation();
  const { items } = useContentsOfType(contentTypes.company);
  const principles = [t('about.p1'), t('about.p2'), t('about.p3'), t('about.p4')];
  const contact = useOperatorContact();
  return (
    <Page title={t('titles.about')} intro={t('about.intro')} narrow>
      <Card title={t('about.principlesTitle')}>
        <ul className="check-list">
          {principles.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </Card>
      {items.length > 0 && (
        <Card title={t('footer.company')}>
          <ul className="link-list">
            {items.map((item) => (
              <li key={item.id}>
                <ContentLink id={item.id} title={item.title} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      {contact.any && (
        <Card title={t('contact.title')}>
          <OperatorContact className="contact-details" />
        </Card>
      )}
    </Page>
  );
}
