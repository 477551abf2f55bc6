// Pieces shared by the sign-up, login and reset screens.
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useGoogleConfig, useSendCode } from '../../api/auth.ts';
import { useMarketStats } from '../../api/market.ts';
import { ApiError } from '../../api/client.ts';
import { LanguageSelect } from '../../layout/LanguageSelect.tsx';
import { BackIcon, Logo, MarketIcon, ShieldIcon, SmartIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast.tsx';
import { codeResendSeconds } from './constants.ts';
import { startGoogleSignIn } from './google-flow.ts';

/**
 * The promise about prices, as true as the feed (CONTRACT.md "Price status"): "live" only when no instrument
 * is priced by a simulated source (the home statistics' `source`), else that simulated prices are labelled;
 * while that is not known, only what holds either way.
 */
function PricesPromise() {
  const { t } = useTranslation();
  const source = useMarketStats().data?.source;
  const key =
    source === 'live'
      ? 'auth.aside.pricesLive'
      : source === 'simulated'
        ? 'auth.aside.pricesSimulated'
        : 'auth.aside.termsUpFront';
  return (
    <span data-testid="auth-prices" data-source={source ?? 'unknown'}>
      {t(key)}
    </span>
  );
}

/** The frame of the auth routes (no top or bottom bars): brand panel, form card, way back home. */
export function AuthFrame({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="auth">
      <aside className="auth-aside">
        <Logo />
        <h2>{t('auth.aside.title')}</h2>
        <ul>
          <li>
            <MarketIcon size={20} />
            {t('auth.aside.markets')}
          </li>
          <li>
            <SmartIcon size={20} />
            {t('auth.aside.demo')}
          </li>
          <li>
            <ShieldIcon size={20} />
            <PricesPromise />
          </li>
        </ul>
      </aside>
      <div className="auth-main">
        <div className="auth-top">
          <Link to="/" className="link-back">
            <BackIcon size={18} />
            {t('auth.backHome')}
          </Link>
          <LanguageSelect compact />
        </div>
        <div className="auth-card">
          <h1>{title}</h1>
          <p className="auth-subtitle">{subtitle}</p>
          {children}
        </div>
      </div>
    </div>
  );
}

/** Counts down the seconds before a new code may be requested. */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setRemaining((r) => r - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);
  return { remaining, start: () => setRemaining(codeResendSeconds) };
}

/** "Send code" with a resend countdown; validates the email first and shows the server's answer. */
export function SendCodeButton({
  email,
  purpose,
  onInvalidEmail,
  onRefused,
}: {
  email: string;
  purpose: 'register' | 'reset';
  /** Returns an error message when the email cannot receive a code yet. */
  onInvalidEmail: () => boolean;
  /** Puts a refusal that is about the email (already registered) at the field; true when it did. */
  onRefused?: (error: Error) => boolean;
}) {
  const { t } = useTranslation();
  const sendCode = useSendCode();
  const { remaining, start } = useCountdown();
  const busy = sendCode.isPending;
  return (
    <button
      type="button"
      className="btn btn-secondary btn-small field-btn"
      disabled={busy || remaining > 0}
      onClick={() => {
        if (onInvalidEmail()) return;
        sendCode.mutate(
          { email: email.trim(), purpose },
          {
            onSuccess: (message) => {
              toast(message, 'success');
              start();
            },
            onError: (error) => {
              if (onRefused?.(error)) return;
              toast(error.message, 'error');
              if (error instanceof ApiError && error.code === '10026') start();
            },
          },
        );
      }}
    >
      {remaining > 0
        ? t('auth.code.resendIn', { seconds: remaining })
        : busy
          ? t('auth.code.sending')
          : t('auth.code.send')}
    </button>
  );
}

export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn-text btn-small field-btn"
      onClick={onToggle}
      aria-pressed={shown}
    >
      {shown ? t('auth.password.hide') : t('auth.password.show')}
    </button>
  );
}

/** Google sign-in, shown only when the server has it configured. */
export function GoogleButton() {
  const { t } = useTranslation();
  const config = useGoogleConfig();
  const [starting, setStarting] = useState(false);
  if (!config.data?.enabled) return null;
  const start = () => {
    setStarting(true);
    startGoogleSignIn().catch((err: unknown) => {
      setStarting(false);
      toast(err instanceof Error ? err.message : String(err), 'error');
    });
  };
  return (
    <>
      <div className="divider">
        <span>{t('auth.or')}</span>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-block google-btn"
        onClick={start}
        disabled={starting}
        aria-busy={starting}
      >
        <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path
            fill="#FFC107"
            d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
          />
          <path
            fill="#FF3D00"
            d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
          />
          <path
            fill="#4CAF50"
            d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
          />
          <path
            fill="#1976D2"
            d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
          />
        </svg>
        {t('auth.google')}
      </button>
    </>
  );
}

// The mapping of failed calls to fields is shared with the wallet, loan and trade forms.
export { serverErrors } from '../../ui/fieldErrors.ts';
