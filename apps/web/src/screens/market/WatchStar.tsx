// The watchlist star of the currency detail and of search matches from all markets on the watchlist tab:
// visitors are sent to log in and come back here.
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWatchlist, useWatchToggle } from '../../api/market.ts';
import { useSession } from '../../app/session.ts';
import { toast } from '../../ui/toast.tsx';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function WatchStar({ code }: { code: string }) {
  const { t } = useTranslation('market');
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const watchlist = useWatchlist();
  const toggle = useWatchToggle();
  const watched = (watchlist.data ?? []).some((item) => item.code === code);
  const label = !user ? t('detail.watch.login') : watched ? t('detail.watch.remove') : t('detail.watch.add');
  const onClick = () => {
    if (!user) {
      const redirect = new URLSearchParams({ redirect: location.pathname + location.search }).toString();
      navigate(`/pass/login?${redirect}`);
      return;
    }
    toggle.mutate(
      { code, watch: !watched },
      {
        onSuccess: () => toast(watched ? t('detail.watch.removed') : t('detail.watch.added'), 'success'),
        onError: (error) => toast(error.message, 'error'),
      },
    );
  };
  return (
    <button
      type="button"
      className={
        watched ? 'btn btn-secondary btn-small watch-star watch-on' : 'btn btn-secondary btn-small watch-star'
      }
      aria-pressed={user ? watched : undefined}
      aria-label={label}
      title={label}
      disabled={toggle.isPending || (user !== null && watchlist.isPending)}
      onClick={onClick}
      data-testid="watch-star"
    >
      <StarIcon filled={watched} />
    </button>
  );
}
