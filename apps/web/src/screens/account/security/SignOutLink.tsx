// Where the "New sign-in to your account — was this you?" e-mail's link lands (/security/revoke?token=…,
// issue 25): one button signs that session out, signed in or not. A button rather than on load, so a mail
// scanner that opens links does not spend it.
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignOutLink } from '../../../api/sessions.ts';
import { Card, ErrorNote, Page } from '../../../ui/kit.tsx';
import './sessions.css';

export default function SignOutLink() {
  const { t } = useTranslation('security');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const signOut = useSignOutLink();
  return (
    <Page title={t('titles.signOutLink', { ns: 'web' })} narrow>
      <Card className="sign-out-link">
        {token === '' ? (
          <ErrorNote message={t('signOutLink.missing')} />
        ) : signOut.isSuccess ? (
          <p role="status" data-testid="sign-out-link-done">
            <strong>{t('signOutLink.done')}</strong>
          </p>
        ) : (
          <>
            <p>{t('signOutLink.intro')}</p>
            {signOut.error && <ErrorNote message={signOut.error.message} />}
            <div className="row-actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={signOut.isPending}
                onClick={() => signOut.mutate(token)}
              >
                {signOut.isPending ? t('common.pleaseWait', { ns: 'web' }) : t('signOutLink.confirm')}
              </button>
            </div>
          </>
        )}
        <p className="muted">{t('signOutLink.next')}</p>
        <div className="row-actions">
          <Link className="btn btn-secondary" to="/pass/reset">
            {t('signOutLink.reset')}
          </Link>
          <Link className="btn btn-ghost" to="/profile/security">
            {t('signOutLink.security')}
          </Link>
        </div>
      </Card>
    </Page>
  );
}
