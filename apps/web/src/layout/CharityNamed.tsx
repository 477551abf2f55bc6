// The charity every winning bid goes to, from the parameters (charity_name, charity_registration,
// charity_website): named on the NFT pages, in the FAQ and on the legal pages. While an operator has not
// named it, the block says so rather than inventing one (no auction can be created until then).
import { useTranslation } from 'react-i18next';
import { useParam } from '../api/content.ts';
import './operator-contact.css';

export function CharityNamed({ className }: { className?: string }) {
  const { t } = useTranslation();
  const name = useParam('charity_name');
  const registration = useParam('charity_registration').data ?? null;
  const website = useParam('charity_website').data ?? null;
  if (name.isPending) return null;
  if (!name.data)
    return (
      <p className={className} data-testid="charity-named" data-named="false">
        {t('charityInfo.unnamed')}
      </p>
    );
  return (
    <div className={className} data-testid="charity-named" data-named="true">
      <p>{t('charityInfo.beneficiary', { name: name.data })}</p>
      {registration && (
        <p>
          {t('charityInfo.registration')}: <bdi>{registration}</bdi>
        </p>
      )}
      {website && (
        <p>
          {t('charityInfo.website')}:{' '}
          <a href={website} target="_blank" rel="noopener noreferrer" dir="ltr">
            {website.replace(/^https:\/\//, '').replace(/\/$/, '')}
          </a>
        </p>
      )}
    </div>
  );
}
