// The ways to pass an invite on: the code and the link with copy buttons, the system share sheet where the
// browser has one (Web Share API), and a QR code of the link to scan from another phone.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';

/** The link as an SVG QR code (a data: URL) made in the browser: null while it loads, false if it failed. */
function useQrSvg(text: string): string | null | false {
  const [svg, setSvg] = useState<string | null | false>(null);
  useEffect(() => {
    let live = true;
    // Imported here so the encoder loads with this lazy screen only.
    import('qrcode')
      .then((qr) => qr.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => {
        if (live) setSvg(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`);
      })
      .catch(() => {
        if (live) setSvg(false);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return svg;
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = () =>
    navigator.clipboard
      .writeText(value)
      .then(() => toast(t('common.copied'), 'success'))
      .catch(() => toast(t('common.copyFailed'), 'error'));
  return (
    <div className="copy-row">
      <span className="muted small">{label}</span>
      <code className="copy-value" data-testid={testId}>
        {value}
      </code>
      <button type="button" className="btn btn-secondary btn-small" onClick={copy}>
        {t('common.copy')}
        <span className="visually-hidden"> {label}</span>
      </button>
    </div>
  );
}

/** Whether the browser can hand a link to the system share sheet (mobile browsers mostly; not all desktops). */
function canShare(url: string): boolean {
  if (typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare({ url });
}

function ShareButton({ url }: { url: string }) {
  const { t } = useTranslation('invite');
  if (!canShare(url)) return null;
  const share = () =>
    navigator.share({ title: t('share.title'), text: t('share.text'), url }).catch((error: unknown) => {
      // Closing the share sheet is a choice, not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast(t('share.failed'), 'error');
    });
  return (
    <button type="button" className="btn btn-primary" onClick={share} data-testid="invite-share">
      {t('share.button')}
    </button>
  );
}

export function InviteShare({ code, url }: { code: string; url: string }) {
  const { t } = useTranslation('invite');
  const { t: tWeb } = useTranslation();
  const qr = useQrSvg(url);
  return (
    <Card className="invite-card">
      <div className="invite-codes">
        <CopyRow label={t('code')} value={code} testId="invite-code" />
        <CopyRow label={t('link')} value={url} testId="invite-link" />
        <ShareButton url={url} />
      </div>
      {qr !== false && (
        <figure className="invite-qr">
          {qr ? (
            <img className="qr" src={qr} alt={t('qrAlt')} width={168} height={168} data-testid="invite-qr" />
          ) : (
            <span className="qr qr-pending skeleton" aria-label={tWeb('common.loading')} />
          )}
          <figcaption className="muted small">{t('qrCaption')}</figcaption>
        </figure>
      )}
    </Card>
  );
}
