// The operator's contact details from the parameters (contact_email, contact_phone, company_name,
// company_address): each shown only when an operator has set it, nothing at all while none is set, so no
// invented address reaches a customer. Used by the footer and the About page.
import { useTranslation } from 'react-i18next';
import { useParam } from '../api/content.ts';
import './operator-contact.css';

export function useOperatorContact() {
  const email = useParam('contact_email').data ?? null;
  const phone = useParam('contact_phone').data ?? null;
  const company = useParam('company_name').data ?? null;
  const address = useParam('company_address').data ?? null;
  const any = email !== null || phone !== null || company !== null || address !== null;
  return { email, phone, company, address, any };
}

export function OperatorContact({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { email, phone, company, address, any } = useOperatorContact();
  if (!any) return null;
  return (
    <address className={className} data-testid="operator-contact">
      {company && <p>{t('contact.operator', { name: company })}</p>}
      {address && (
        <p>
          <span className="visually-hidden">{t('contact.address')}: </span>
          <bdi>{address}</bdi>
        </p>
      )}
      {email && (
        <p>
          {t('contact.email')}:{' '}
          <a href={`mailto:${email}`} dir="ltr">
            {email}
          </a>
        </p>
      )}
      {phone && (
        <p>
          {t('contact.phone')}:{' '}
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} dir="ltr">
            {phone}
          </a>
        </p>
      )}
    </address>
  );
}
