// The selected book's balances from getUserInfo: available cash, frozen (margin, plans, holds) and equity.
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user.ts';
import { useSession } from '../../app/session.ts';
import { ErrorNote, Money } from '../../ui/kit.tsx';

export function BalanceTiles() {
  const { t } = useTranslation();
  const { isDemo } = useSession();
  const info = useUserInfo();
  const tiles = [
    { key: 'equity', label: t('account.balance.equity'), value: info.data?.equity },
    { key: 'balance', label: t('account.balance.available'), value: info.data?.balance },
    { key: 'frozen', label: t('account.balance.frozen'), value: info.data?.frozen },
  ];
  return (
    <div className="balance">
      <p className="balance-book">
        <span className={isDemo ? 'badge badge-warn' : 'badge badge-up'}>
          {isDemo ? t('book.demo') : t('book.real')}
        </span>
        {isDemo && <span className="muted small">{t('account.balance.demoNote')}</span>}
      </p>
      {info.isError && <ErrorNote message={info.error.message} />}
      <dl className="tiles">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className={tile.key === 'equity' ? 'tile tile-main' : 'tile'}
            data-testid={`tile-${tile.key}`}
          >
            <dt>{tile.label}</dt>
            <dd>
              {tile.value === undefined ? (
                <span className="skeleton" aria-label={t('common.loading')} />
              ) : (
                <Money value={tile.value} />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
