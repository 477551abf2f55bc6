// Who runs the platform and how to reach them, from the parameters: the legal entity (operator_name,
// operator_address, operator_registration, operator_licence — or "not licensed" said plainly — and
// operator_email) and the support contact (contact_email, contact_phone). Each line is shown only when an
// operator has set it, nothing at all while none is set, so no invented detail reaches a customer. Used by the
// footer, the About page and the legal pages.
import { useTranslation } from 'react-i18next';
import { operatorNotLicensed } from '@tradewind/contract';
import { useParam } from '../api/content.ts';
import './operator-contact.css';

export function useOperatorContact() {
  const email = useParam('contact_email').data ?? null;
  const phone = useParam('contact_phone').data ?? null;
  const company = useParam('operator_name').data ?? null;
  const address = useParam('operator_address').data ?? null;
  const registration = useParam('operator_registration').data ?? null;
  const licence = useParam('operator_licence').data ?? null;
  const legalEmail = useParam('operator_email').data ?? null;
  const any = [email, phone, company, address, registration, licence, legalEmail].some((v) => v !== null);
  return { email, phone, company, address, registration, licence, legalEmail, any };
}

function MailLine({ label, email }: { label: string; email: string }) {
  return (
    <p>
      {label}:{' '}
      <a href={`mailto:${email}`} dir="ltr">
        {email}
      </a>
    </p>
  );
}

export function OperatorContact({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { email, phone, company, address, registration, licence, legalEmail, any } = useOperatorContact();
  if (!any) return null;
  return (
    <address className={className} data-testid="operator-contact">
      {company && <p data-testid="operator-name">{t('contact.operator', { name: company })}</p>}
      {address && (
        <p>
          <span className="visually-hidden">{t('contact.address')}: </span>
          <bdi>{address}</bdi>
        </p>
      )}
      {registration && (
        <p>
          {t('contact.registration')}: <bdi>{registration}</bdi>
        </p>
      )}
      {licence && (
        <p data-testid="operator-licence">
          {licence === operatorNotLicensed ? (
            t('contact.notLicensed')
          ) : (
            <>
              {t('contact.licence')}: <bdi>{licence}</bdi>
            </>
          )}
        </p>
      )}
      {legalEmail && <MailLine label={t('contact.legalEmail')} email={legalEmail} />}
      {email && <MailLine label={t('contact.email')} email={email} />}
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
