// Invite friends: the user's own invite code and link (with a QR code); invitees come with the invite service.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Card, EmptyState, Page } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';

function useQrSvg(text: string | null): string | null {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    let live = true;
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

function CopyRow({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className="copy-row">
      <span className="muted small">{label}</span>
      <code className="copy-value">{value}</code>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() =>
          navigator.clipboard
            .writeText(value)
            .then(() => toast(t('common.copied'), 'success'))
            .catch(() => toast(t('common.copyFailed'), 'error'))
        }
      >
        {t('common.copy')}
      </button>
    </div>
  );
}

export default function Invite() {
  const { t } = useTranslation();
  const { user } = useSession();
  const link = user
    ? `${window.location.origin}/pass/register?invite=${encodeURIComponent(user.inviteCode)}`
    : null;
  const qr = useQrSvg(link);
  return (
    <Page title={t('titles.invite')} intro={t('invite.intro')}>
      <RequireLogin>
        {user && link && (
          <Card className="invite-card">
            <div className="invite-codes">
              <CopyRow label={t('invite.code')} value={user.inviteCode} />
              <CopyRow label={t('invite.link')} value={link} />
            </div>
            {qr && <img className="qr" src={qr} alt={t('invite.qrAlt')} width={160} height={160} />}
          </Card>
        )}
        <Card title={t('invite.friends')}>
          <EmptyState title={t('invite.noFriends')} />
        </Card>
      </RequireLogin>
    </Page>
  );
}
