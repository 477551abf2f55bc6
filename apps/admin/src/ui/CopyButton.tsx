// Copies a text (a generated password, a TOTP key, recovery codes) to the clipboard and says so; where the
// browser refuses, it says to select and copy by hand (the text is on screen beside the button).
import { useEffect, useState } from 'react';
import { useT } from '../i18n/i18n.ts';

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      setState('failed');
      return;
    }
    clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <span className="copy-button">
      <button type="button" className="button button-small" onClick={copy}>
        {label}
      </button>
      <span role="status" className={state === 'failed' ? 'field-error' : 'muted'}>
        {state === 'copied' ? t('clipboard.copied') : state === 'failed' ? t('clipboard.failed') : ''}
      </span>
    </span>
  );
}
