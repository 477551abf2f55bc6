// Account (spec.md §1 "account area"): user card, demo/real switch, balances, quick actions and the menu.
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../../api/auth.ts';
import { useRequireReal } from '../../app/book.ts';
import { useSession } from '../../app/session.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { LanguageSelect } from '../../layout/LanguageSelect.tsx';
import { ThemeToggle } from '../../layout/bits.tsx';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { formatDate } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import {
  ArrowDownIcon,
  ArrowUpIcon,
  BellIcon,
  ChevronIcon,
  DocIcon,
  GiftIcon,
  HelpIcon,
  InfoIcon,
  ListIcon,
  LockIcon,
  LogoutIcon,
  NftIcon,
  ShieldIcon,
  WalletIcon,
} from '../../ui/icons.tsx';
import { Page } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { BalanceTiles } from './BalanceTiles.tsx';
import { KycBadge } from './kyc.tsx';

type MenuItem = { to: string; label: string; Icon: ComponentType<{ size?: number }> };

function Menu({ items, label }: { items: readonly MenuItem[]; label: string }) {
  return (
    <nav className="menu card" aria-label={label}>
      <ul>
        {items.map(({ to, label: text, Icon }) => (
          <li key={to}>
            <Link to={to} className="menu-item">
              <Icon size={20} />
              <span>{text}</span>
              <ChevronIcon size={16} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An address that wraps after its "@" on a narrow card ("name@ / example.com"), never inside "co/m". */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  return (
    <bdi dir="ltr">
      {at < 0 ? (
        email
      ) : (
        <>
          {email.slice(0, at + 1)}
          <wbr />
          {email.slice(at + 1)}
        </>
      )}
    </bdi>
  );
}

function UserCard() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  return (
    <section className="card user-card">
      <span className="avatar" aria-hidden="true">
        {user.userName.slice(0, 1).toUpperCase()}
      </span>
      <div className="user-meta">
        <p className="user-name">{user.userName}</p>
        <p className="muted small">
          <EmailAddress email={user.email} />
        </p>
        <p className="muted small">
          {t('account.uid')}: <span className="num">{user.id}</span> ·{' '}
          {t('account.joined', { date: formatDate(user.createdAt, currentLocale()) })}
        </p>
      </div>
      <KycBadge status={user.kycStatus} />
    </section>
  );
}

function QuickActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireReal = useRequireReal();
  const actions = [
    { to: '/profile/recharge', label: t('titles.recharge'), Icon: ArrowDownIcon, realOnly: true },
    { to: '/profile/withdraw', label: t('titles.withdraw'), Icon: ArrowUpIcon, realOnly: true },
    { to: '/profile/balance', label: t('titles.balance'), Icon: WalletIcon, realOnly: false },
    { to: '/profile/invite', label: t('titles.invite'), Icon: GiftIcon, realOnly: false },
  ];
  return (
    <div className="quick-actions">
      {actions.map(({ to, label, Icon, realOnly }) => (
        <button
          key={to}
          type="button"
          className="quick"
          onClick={() => {
            if (!realOnly || requireReal()) navigate(to);
          }}
        >
          <span className="quick-icon">
            <Icon size={20} />
          </span>
          {label}
        </button>
      ))}
    </div>
  );
}

export default function Profile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { user } = useSession();
  const accountItems: MenuItem[] = [
    { to: '/profile/records', label: t('titles.records'), Icon: ListIcon },
    { to: '/profile/orders', label: t('titles.orders'), Icon: DocIcon },
    { to: '/nfts/mine', label: t('titles.myNfts'), Icon: NftIcon },
    { to: '/profile/notification', label: t('titles.notifications'), Icon: BellIcon },
    { to: '/profile/verification', label: t('titles.verification'), Icon: ShieldIcon },
    { to: '/profile/password', label: t('titles.changePassword'), Icon: LockIcon },
    { to: '/profile/security', label: t('titles.security'), Icon: ShieldIcon },
  ];
  const generalItems: MenuItem[] = [
    { to: '/help', label: t('titles.help'), Icon: HelpIcon },
    { to: '/about', label: t('titles.about'), Icon: InfoIcon },
    { to: '/legal', label: t('titles.legal'), Icon: DocIcon },
  ];
  return (
    <Page title={t('account.title')}>
      <RequireLogin>
        <div className="account-grid">
          <div className="account-main">
            <UserCard />
            <section className="card">
              <div className="section-head">
                <h2 className="card-title">{t('account.balance.title')}</h2>
                <BookSwitch />
              </div>
              <BalanceTiles />
              <QuickActions />
            </section>
          </div>
          <Menu items={accountItems} label={t('account.menuLabel')} />
        </div>
      </RequireLogin>
      <div className="account-general">
        <div className="card settings">
          <div className="setting-row">
            <span>{t('common.language')}</span>
            <LanguageSelect />
          </div>
          <div className="setting-row">
            <span>{t('common.theme')}</span>
            <ThemeToggle />
          </div>
        </div>
        <Menu items={generalItems} label={t('account.generalLabel')} />
      </div>
      {user && (
        <button
          type="button"
          className="btn btn-secondary btn-block logout-btn"
          disabled={logout.isPending}
          onClick={() =>
            logout.mutate(undefined, {
              onSettled: () => {
                toast(t('account.loggedOut'), 'info');
                navigate('/', { replace: true });
              },
            })
          }
        >
          <LogoutIcon size={18} />
          {t('account.logout')}
        </button>
      )}
    </Page>
  );
}
