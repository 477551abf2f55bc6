// Transaction records: the selected book's fund records (every ledger line), deposits and withdrawals with
// their review status. The open tab is in the address (?tab=deposits), so a link can point at it.
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { Page } from '../../ui/kit.tsx';
import '../../ui/wallet/wallet.css';
import { DepositList, FundRecordList, WithdrawalList } from './lists.tsx';

const tabs = ['funds', 'deposits', 'withdrawals'] as const;
type Tab = (typeof tabs)[number];
const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab === value);

export default function Records() {
  const { t } = useTranslation('wallet');
  const { t: tw } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const requested = search.get('tab');
  const active: Tab = isTab(requested) ? requested : 'funds';
  return (
    <Page title={tw('titles.records')}>
      <RequireLogin>
        <div className="card">
          <div className="chips chips-wrap" role="tablist" aria-label={tw('titles.records')}>
            {tabs.map((tab) => (
              <button
                key={tab}
                type="button"
                role="tab"
                id={`records-tab-${tab}`}
                aria-selected={tab === active}
                aria-controls="records-panel"
                className={tab === active ? 'chip chip-on' : 'chip'}
                onClick={() => setSearch(tab === 'funds' ? {} : { tab }, { replace: true })}
              >
                {t(`recordsScreen.tabs.${tab}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel" id="records-panel" aria-labelledby={`records-tab-${active}`}>
            {active === 'funds' ? (
              <FundRecordList />
            ) : active === 'deposits' ? (
              <DepositList />
            ) : (
              <WithdrawalList />
            )}
          </div>
        </div>
      </RequireLogin>
    </Page>
  );
}
