// The mobile home's product shortcuts (issue 12): every product one tap away, as an icon grid under the
// market list. A product the server does not run yet stays in the grid, dimmed and said to be unavailable,
// so the grid keeps its shape; its screen explains.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useFeatures } from '../../api/features.ts';
import {
  ArrowDownIcon,
  GiftIcon,
  HelpIcon,
  LoanIcon,
  MarketIcon,
  NftIcon,
  SmartIcon,
} from '../../ui/icons.tsx';

export function ProductShortcuts() {
  const { t } = useTranslation();
  const flags = useFeatures().data;
  const shortcuts = [
    // Contracts open from an instrument's page; Bitcoin is the market every category list starts with.
    { id: 'contracts', to: '/cruuency?code=BTCUSDT', Icon: MarketIcon, open: true },
    { id: 'smart', to: '/trading', Icon: SmartIcon, open: flags?.smart === true },
    { id: 'loans', to: '/loan', Icon: LoanIcon, open: flags?.loans === true },
    { id: 'nfts', to: '/nfts', Icon: NftIcon, open: flags?.nft === true },
    { id: 'deposit', to: '/profile/recharge', Icon: ArrowDownIcon, open: true },
    { id: 'invite', to: '/profile/invite', Icon: GiftIcon, open: true },
    { id: 'help', to: '/help', Icon: HelpIcon, open: true },
  ] as const;
  return (
    <nav className="shortcuts" aria-label={t('home.shortcuts.label')} data-testid="home-shortcuts">
      {shortcuts.map(({ id, to, Icon, open }) => (
        <Link key={id} to={to} className="shortcut" data-open={open} data-testid={`shortcut-${id}`}>
          <span className="shortcut-icon">
            <Icon size={22} />
          </span>
          <span className="shortcut-label">{t(`home.shortcuts.${id}`)}</span>
          {!open && <span className="visually-hidden">{t('features.notAvailableTitle')}</span>}
        </Link>
      ))}
    </nav>
  );
}
