// Return page of Google sign-in: Google sends the browser here with ?code=&state=; the code is exchanged
// once for a session (it is single use, so React's double effect run in development must not repeat it).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLoginByGoogle } from '../../api/auth.ts';
import { ErrorNote, Spinner } from '../../ui/kit.tsx';
import { AuthFrame, takeGoogleState } from './parts.tsx';

export const googleRedirectPath = '/api/loginCallback/google';

export default function GoogleCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = search.get('code');
  const denied = search.get('error');
  const login = useLoginByGoogle();
  const started = useRef(false);
  // Read once: the stored state is single use, and React may render this page twice.
  const [stateOk] = useState(() => takeGoogleState(search.get('state')));

  useEffect(() => {
    if (!code || !stateOk || started.current) return;
    started.current = true;
    login.mutate(
      { code, redirectUri: `${window.location.origin}${googleRedirectPath}` },
      { onSuccess: () => navigate('/', { replace: true }) },
    );
  }, [code, stateOk, login, navigate]);

  const failure = !code
    ? denied
      ? t('auth.googleCallback.denied')
      : t('auth.googleCallback.missing')
    : stateOk
      ? null
      : t('auth.googleCallback.stateMismatch');
  return (
    <AuthFrame title={t('auth.googleCallback.title')} subtitle={t('auth.googleCallback.subtitle')}>
      {failure && <ErrorNote message={failure} />}
      {login.isError && <ErrorNote message={login.error.message} />}
      {code && stateOk && !login.isError && <Spinner label={t('auth.googleCallback.working')} />}
      {(failure || login.isError) && (
        <Link to="/pass/login" className="btn btn-primary btn-block">
          {t('auth.reset.backToLogin')}
        </Link>
      )}
    </AuthFrame>
  );
}
