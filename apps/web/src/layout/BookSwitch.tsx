// Demo / real segmented switch, shown to logged-in users in the top bar and the account area.
import { useTranslation } from 'react-i18next';
import { useBookSwitch } from '../app/book.ts';

export function BookSwitch() {
  const { t } = useTranslation();
  const { isDemo, switchTo } = useBookSwitch();
  return (
    <div className="segmented book-switch" role="group" aria-label={t('book.label')}>
      <button
        type="button"
        className={isDemo ? 'seg seg-on seg-demo' : 'seg'}
        aria-pressed={isDemo}
        onClick={() => switchTo(true)}
      >
        {t('book.demo')}
      </button>
      <button
        type="button"
        className={isDemo ? 'seg' : 'seg seg-on seg-real'}
        aria-pressed={!isDemo}
        onClick={() => switchTo(false)}
      >
        {t('book.real')}
      </button>
    </div>
  );
}

/** The mobile top bar's compact form: one chip naming the current book; a tap switches to the other. */
export function BookChip() {
  const { t } = useTranslation();
  const { isDemo, switchTo } = useBookSwitch();
  const current = isDemo ? t('book.demo') : t('book.real');
  return (
    <button
      type="button"
      className={isDemo ? 'book-chip book-chip-demo' : 'book-chip book-chip-real'}
      onClick={() => switchTo(!isDemo)}
      aria-label={`${t('book.label')}: ${current}`}
    >
      {current}
    </button>
  );
}
