// The root route: app-start work (footer list, user info), layout choice, onboarding, scroll reset, toasts.
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useContentList } from '../api/content.ts';
import { useUserInfo } from '../api/user.ts';
import { layout } from '../app/device.ts';
import { isBareRoute } from '../app/routeMeta.ts';
import { readIntroSeen } from '../app/storage.ts';
import { Toaster } from '../ui/toast.tsx';
import { TwoFactorOffer } from '../screens/account/security/TwoFactorOffer.tsx';
import { DesktopLayout } from './DesktopLayout.tsx';
import { MobileLayout } from './MobileLayout.tsx';
import { Onboarding } from './Onboarding.tsx';
import { noteSessionEnded } from './RequireLogin.tsx';
import { setSignedOutHandler } from '../api/client.ts';
import { queryClient } from '../app/queryClient.ts';

/** spec.md §2: after each navigation the page scrolls to the top. */
function useScrollToTop() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
}

/**
 * spec.md §4: a 401 (or a disabled user) ends the session. On an account page the customer goes to login and
 * comes back to the page afterwards; a public page (market, detail, help) stays where it is, signed out.
 */
function useSignedOutRedirect() {
  useEffect(() => {
    setSignedOutHandler(() => {
      queryClient.removeQueries({ queryKey: ['userInfo'] });
      // RequireLogin reads it: the account page goes to login (also when its chunk loads after the 401).
      noteSessionEnded(window.location.pathname + window.location.search);
    });
  }, []);
}

export function Shell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [introSeen, setIntroSeen] = useState(readIntroSeen);
  useScrollToTop();
  useSignedOutRedirect();
  useContentList();
  useUserInfo();
  // The Google return page must finish the login whatever else is pending.
  const showIntro = layout === 'mobile' && !introSeen && !pathname.startsWith('/api/');
  const bare = isBareRoute(pathname);
  return (
    <>
      {/* The onboarding has no main region to skip to. */}
      {!showIntro && (
        <a href="#main" className="skip-link">
          {t('common.skipToContent')}
        </a>
      )}
      {showIntro ? (
        <Onboarding onDone={() => setIntroSeen(true)} />
      ) : layout === 'mobile' ? (
        <MobileLayout bare={bare} />
      ) : (
        <DesktopLayout bare={bare} />
      )}
      {!showIntro && layout === 'desktop' && <TwoFactorOffer />}
      <Toaster />
    </>
  );
}
