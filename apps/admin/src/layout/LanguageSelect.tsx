// The language of the back office: the 11 languages by their own names; Arabic turns the page right to left.
import { useId } from 'react';
import { isLocale, locales, nativeNames } from '@tradewind/i18n/locales';
import { loadLocaleFonts, setLocale, useT } from '../i18n/i18n.ts';

export function LanguageSelect() {
  const { t, locale } = useT();
  const id = useId();
  return (
    <span className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('app.language')}
      </label>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
        <path
          d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        />
      </svg>
      <select
        id={id}
        value={locale}
        // The list names each language in its own script: their fonts are fetched as the operator reaches
        // for it, not on every page.
        onPointerEnter={() => loadLocaleFonts(locales)}
        onFocus={() => loadLocaleFonts(locales)}
        onChange={(e) => {
          if (isLocale(e.target.value)) void setLocale(e.target.value);
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {nativeNames[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
