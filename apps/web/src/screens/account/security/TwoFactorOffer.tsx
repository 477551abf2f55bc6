// Offered after sign-up (issue 25): a new customer is asked once to turn on two-factor sign-in, with a link
// to the security page; "Not now" or following the link puts it away for good.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { layout } from '../../../app/device.ts';
import { useSession } from '../../../app/session.ts';
import { ensureAllNamespaces } from '../../../i18n/i18n.ts';
import { ShieldIcon } from '../../../ui/icons.tsx';
import './two-factor.css';

/** The id of the customer who has just signed up and not yet answered the offer. */
const key = 'offerTwoFactor';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(userId: string | null): void {
  try {
    if (userId === null) localStorage.removeItem(key);
    else localStorage.setItem(key, userId);
  } catch {
    // Without storage the offer is simply not made: the security page still has the section.
  }
  for (const listener of listeners) listener();
}

/** Called by the sign-up form once the account exists. */
export const offerTwoFactor = (userId: string) => write(userId);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function TwoFactorOffer() {
  const { t } = useTranslation('security');
  const { user } = useSession();
  const offeredTo = useSyncExternalStore(subscribe, read, () => null);
  const offered = !!user && offeredTo === user.id;
  // The shell renders this on every screen, home too: its texts live in the security namespace, which home
  // does not load, so they are fetched only when the offer is made (if that fails, no offer: the security
  // page still has the section).
  const [textsLoaded, setTextsLoaded] = useState(false);
  useEffect(() => {
    if (offered)
      ensureAllNamespaces().then(
        () => setTextsLoaded(true),
        () => undefined,
      );
  }, [offered]);
  if (!offered || !textsLoaded) return null;
  const dismiss = () => write(null);
  return (
    <aside
      className={layout === 'mobile' ? 'two-factor-offer card is-mobile' : 'two-factor-offer card'}
      aria-labelledby="two-factor-offer-title"
      data-testid="two-factor-offer"
    >
      <ShieldIcon size={24} />
      <div className="two-factor-offer-text">
        <p id="two-factor-offer-title" className="two-factor-offer-title">
          {t('twoFactor.offerTitle')}
        </p>
        <p className="muted small">{t('twoFactor.offerText')}</p>
      </div>
      <div className="row-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={dismiss}>
          {t('twoFactor.notNow')}
        </button>
        <Link className="btn btn-primary btn-small" to="/profile/security" onClick={dismiss}>
          {t('twoFactor.setUp')}
        </Link>
      </div>
    </aside>
  );
}
