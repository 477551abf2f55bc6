// The security page, /profile/security (issue 25): two-factor, passkeys, the signed-in devices and the
// anti-phishing phrase, each its own section.
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../../layout/RequireLogin.tsx';
import { Page } from '../../../ui/kit.tsx';
import { TwoFactorSection } from './TwoFactor.tsx';
import { PasskeysSection } from './Passkeys.tsx';
import { SessionsSection } from './Sessions.tsx';
import { AntiPhishingSection } from './AntiPhishing.tsx';
import './security.css';

export default function SecurityPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.security')} intro={t('page.intro', { ns: 'security' })} narrow>
      <RequireLogin>
        <div className="security-sections">
          <TwoFactorSection />
          <PasskeysSection />
          <SessionsSection />
          <AntiPhishingSection />
        </div>
      </RequireLogin>
    </Page>
  );
}
