// The people who signed up with the customer's invite, masked by the server, with whether each has earned
// the reward yet, and the totals above them.
import { useTranslation } from 'react-i18next';
import type { InviteInfo } from '@tradewind/contract';
import { formatDate, formatInteger } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { Card, EmptyState, Money } from '../../ui/kit.tsx';

export function InviteTotals({ info }: { info: InviteInfo }) {
  const { t } = useTranslation('invite');
  return (
    <dl className="tiles invite-totals">
      <div className="tile" data-testid="invite-count">
        <dt>{t('totals.invited')}</dt>
        <dd className="num">{formatInteger(info.invitedCount, currentLocale())}</dd>
      </div>
      <div className="tile" data-testid="invite-earned">
        <dt>{t('totals.earned')}</dt>
        <dd>
          <Money value={info.rewardTotal} />
        </dd>
      </div>
    </dl>
  );
}

export function Invitees({ info }: { info: InviteInfo }) {
  const { t } = useTranslation('invite');
  const locale = currentLocale();
  const more = info.invitedCount - info.invitees.length;
  return (
    <Card title={t('friends.title')}>
      {info.invitees.length === 0 ? (
        <EmptyState title={t('friends.empty')} text={t('friends.emptyText')} />
      ) : (
        <ul className="invitees" data-testid="invitees">
          {info.invitees.map((friend) => (
            <li key={`${friend.name}-${friend.joinedAt}`} className="invitee">
              <bdi className="invitee-name">{friend.name}</bdi>
              <span className="muted small">
                {t('friends.joined', { date: formatDate(friend.joinedAt, locale) })}
              </span>
              <span className={friend.rewarded ? 'badge badge-up' : 'badge badge-neutral'}>
                {friend.rewarded ? t('friends.rewarded') : t('friends.waiting')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {more > 0 && (
        <p className="muted small">
          {t('friends.more', {
            shown: formatInteger(info.invitees.length, locale),
            total: formatInteger(info.invitedCount, locale),
          })}
        </p>
      )}
    </Card>
  );
}
