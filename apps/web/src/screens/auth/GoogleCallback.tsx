// Return page of Google sign-in: the provider sends the browser here with ?code=&state= (and ?iss=). It
// accepts exactly this tab's own sign-in, once, however often React renders or mounts it (google-flow.ts).
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { useSignIn } from '../../api/auth.ts';
import { ApiError } from '../../api/client.ts';
import { ErrorNote, Spinner } from '../../ui/kit.tsx';
import { AuthFrame } from './parts.tsx';
import { exchangeGoogleCode, finishGoogleSignIn, isOwnGoogleState } from './google-flow.ts';
import { LoginSecondFactor } from './LoginSecondFactor.tsx';

export default function GoogleCallback() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [search] = useSearchParams();
  const code = search.get('code');
  const denied = search.get('error');
  const stateOk = isOwnGoogleState(search.get('state'));
  const [error, setError] = useState<string | null>(null);
  /** Two-factor on and a new device (10113): Google's answer is held on the server until the code comes. */
  const [secondStep, setSecondStep] = useState(false);
  const signedIn = () => navigate('/', { replace: true });

  useEffect(() => {
    if (!code || !stateOk) return;
    let live = true;
    exchangeGoogleCode(search).then(
      (answer) => {
        signIn(answer);
        if (live) navigate('/', { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.code === codes.totpRequired) setSecondStep(true);
        else setError(err instanceof Error ? err.message : String(err));
      },
    );
    return () => {
      live = false;
    };
  }, [code, stateOk, search, signIn, navigate]);

  const failure = !code
    ? denied
      ? t('auth.googleCallback.denied')
      : t('auth.googleCallback.missing')
    : stateOk
      ? error
      : t('auth.googleCallback.stateMismatch');
  return (
    <AuthFrame title={t('auth.googleCallback.title')} subtitle={t('auth.googleCallback.subtitle')}>
      {failure ? (
        <>
          <ErrorNote message={failure} />
          <Link to="/pass/login" className="btn btn-primary btn-block">
            {t('auth.reset.backToLogin')}
          </Link>
        </>
      ) : secondStep ? (
        <LoginSecondFactor
          send={async (otp) => signIn(await finishGoogleSignIn(search.get('state') ?? '', otp))}
          onSignedIn={signedIn}
          onBack={() => navigate('/pass/login', { replace: true })}
        />
      ) : (
        <Spinner label={t('auth.googleCallback.working')} />
      )}
    </AuthFrame>
  );
}
