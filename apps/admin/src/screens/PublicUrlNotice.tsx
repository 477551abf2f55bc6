// The dashboard's warning when PUBLIC_URL (where invite links and QR codes send customers) is not the address
// this back office is open at: the default http://localhost:3000 on a server reached elsewhere sends every
// invited customer to a dead address. Compared by origin (scheme, host, port); nothing shown when they match.
import { usePublicUrl } from '../api/public-url.ts';
import { useT } from '../i18n/i18n.ts';
import { Notice } from '../ui/kit.tsx';

/** The origin of `url`, or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function PublicUrlNotice({ origin = window.location.origin }: { origin?: string }) {
  const { t } = useT();
  const { data } = usePublicUrl();
  if (!data || originOf(data.publicUrl) === origin) return null;
  return (
    <div data-testid="public-url-warning">
      <Notice tone="warn">{t('dashboard.publicUrlMismatch', { publicUrl: data.publicUrl, origin })}</Notice>
    </div>
  );
}
