// The Tradewind mark with the words "back office" in the operator's language.
import { useT } from '../i18n/i18n.ts';

export function Brand() {
  const { t } = useT();
  return (
    <span className="brand">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0f3d5e" />
        <path
          d="M6 20c5-7 10-7 14-3s6 3 6 3"
          fill="none"
          stroke="#5fd3c6"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path d="M6 13c5-5 9-5 12-2" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="brand-name">Tradewind</span>
      <span className="brand-product">{t('app.product')}</span>
    </span>
  );
}
