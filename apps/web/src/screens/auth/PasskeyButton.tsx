// "Sign in with a passkey" on the login screen (issue 25): the browser offers the passkeys it holds for this
// site; the one chosen signs in without a password and stands for both factors. Hidden where the browser has
// no WebAuthn.
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useTranslation } from 'react-i18next';
import { passkeyErrorMessage, usePasskeyLogin } from '../../api/passkeys.ts';
import { ErrorNote } from '../../ui/kit.tsx';

export function PasskeyButton({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = usePasskeyLogin();
  if (!browserSupportsWebAuthn()) return null;
  return (
    <div className="passkey-login">
      <div className="divider">
        <span>{t('auth.or')}</span>
      </div>
      {login.error && (
        <ErrorNote
          message={passkeyErrorMessage(login.error, t('passkeys.signInRefused', { ns: 'security' }))}
        />
      )}
      <button
        type="button"
        className="btn btn-secondary btn-block"
        disabled={login.isPending}
        aria-busy={login.isPending}
        onClick={() => login.mutate(undefined, { onSuccess: onSignedIn })}
      >
        {login.isPending ? t('common.pleaseWait') : t('passkeys.signIn', { ns: 'security' })}
      </button>
    </div>
  );
}
