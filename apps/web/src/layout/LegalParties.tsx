// The parties the legal pages refer to: who operates the platform (the operator's parameters) and the
// charity the auctions donate to. Shown under the list of policies and under each policy or statement, so
// "the operator" and "the charity" in their text always name someone — or nothing is claimed.
import { useTranslation } from 'react-i18next';
import { Card } from '../ui/kit.tsx';
import { CharityNamed } from './CharityNamed.tsx';
import { OperatorContact, useOperatorContact } from './OperatorContact.tsx';

export function LegalParties() {
  const { t } = useTranslation();
  const contact = useOperatorContact();
  return (
    <>
      {contact.any && (
        <Card title={t('legal.operatorTitle')}>
          <OperatorContact className="contact-details" />
        </Card>
      )}
      <Card title={t('charityInfo.title')}>
        <CharityNamed className="contact-details" />
      </Card>
    </>
  );
}
