// Mobile onboarding (spec.md §2): title, text, Continue, Skip and a language picker; shown until one is used.
// A visitor who arrived on a deep link (a shared /cruuency?code=…) goes on to that link after either button.
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { writeIntroSeen } from '../app/storage.ts';
import { sameOriginPath } from '../app/routeMeta.ts';
import { useSession } from '../app/session.ts';
import { Logo, MarketIcon, ShieldIcon, SmartIcon } from '../ui/icons.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';

export function Onboarding({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [search] = useSearchParams();
  const { pathname, search: query, hash } = useLocation();
  // Shown over any page on a first visit: the page under it is where the visitor meant to go.
  const arrivedOn =
    pathname === '/introduction' || pathname === '/' ? null : sameOriginPath(pathname + query + hash);
  const finish = (to: string) => {
    writeIntroSeen();
    onDone?.();
    navigate(to, { replace: true });
  };
  const invite = search.get('invite');
  const registerPath = invite
    ? `/pass/register?${new URLSearchParams({ invite }).toString()}`
    : '/pass/register';
  const onContinue = () => finish(arrivedOn ?? (user ? '/' : registerPath));
  return (
    <div className="onboarding" role="dialog" aria-modal="true" aria-labelledby="onboarding-title">
      <div className="onboarding-top">
        <Logo />
        <LanguageSelect compact />
      </div>
      <div className="onboarding-art" aria-hidden="true">
        <span className="orb orb-1">
          <MarketIcon size={28} />
        </span>
        <span className="orb orb-2">
          <SmartIcon size={28} />
        </span>
        <span className="orb orb-3">
          <ShieldIcon size={28} />
        </span>
      </div>
      <div className="onboarding-body">
        <h1 id="onboarding-title">{t('onboarding.title')}</h1>
        <p>{t('onboarding.text')}</p>
      </div>
      <div className="onboarding-actions">
        <button type="button" className="btn btn-primary btn-block" onClick={onContinue}>
          {t('onboarding.continue')}
        </button>
        <button type="button" className="btn btn-ghost btn-block" onClick={() => finish(arrivedOn ?? '/')}>
          {t('onboarding.skip')}
        </button>
      </div>
    </div>
  );
}
