// The language dropdown with the 11 native names; choosing one saves it and switches the interface.
// The compact form (mobile top bar) shows a short tag over an invisible native select.
import { locales, nativeNames, isLocale, type Locale } from '@tradewind/i18n';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../ui/icons.tsx';
import { changeLanguage, currentLocale } from '../i18n/i18n.ts';
import { toast } from '../ui/toast.tsx';

const shortTags: Partial<Record<Locale, string>> = { 'zh-CN': '简', 'zh-TW': '繁' };

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLocale(i18n.language) ? i18n.language : currentLocale();
  return (
    <div className={compact ? 'lang-select lang-select-compact' : 'lang-select'}>
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <GlobeIcon size={18} />
      {compact && (
        <span className="lang-tag" aria-hidden="true">
          {shortTags[value] ?? value.slice(0, 2).toUpperCase()}
        </span>
      )}
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) changeLanguage(next).catch(() => toast(t('errors.network'), 'error'));
        }}
      >
        {locales.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {nativeNames[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
