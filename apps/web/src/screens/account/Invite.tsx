// Invite friends (/profile/invite; issue 11): the customer's code and link to pass on (copy, share, QR), the
// reward rule in plain words with the amount in force, the totals and the people invited so far.
import { useTranslation } from 'react-i18next';
import { useInviteInfo } from '../../api/invite.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { formatMoney } from '@tradewind/contract/money-format';
import { currentLocale } from '../../i18n/i18n.ts';
import { Card, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { InviteShare } from './InviteShare.tsx';
import { Invitees, InviteTotals } from './Invitees.tsx';
import './invite.css';

function RewardRule({ reward }: { reward: string }) {
  const { t } = useTranslation('invite');
  const amount = formatMoney(reward, currentLocale());
  return (
    <Card title={t('rule.title')}>
      <ol className="invite-steps" data-testid="invite-rule">
        <li>{t('rule.share')}</li>
        <li>{t('rule.signUp')}</li>
        <li>{t('rule.reward', { amount })}</li>
      </ol>
      <p className="muted small">{t('rule.fineprint')}</p>
    </Card>
  );
}

function InviteBody() {
  const { t } = useTranslation('invite');
  const info = useInviteInfo();
  if (info.isPending) return <Spinner />;
  if (info.isError)
    return (
      <div className="invite-error">
        <ErrorNote message={info.error.message} />
        <button type="button" className="btn btn-secondary" onClick={() => void info.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  const data = info.data;
  const reward = data.rewardPerInvite;
  return (
    <>
      <InviteShare code={data.inviteCode} url={data.inviteUrl} />
      {reward !== '0' && <RewardRule reward={reward} />}
      <InviteTotals info={data} />
      <Invitees info={data} />
    </>
  );
}

export default function Invite() {
  const { t } = useTranslation('invite');
  const { t: tWeb } = useTranslation();
  return (
    <Page title={tWeb('titles.invite')} intro={t('intro')}>
      <RequireLogin>
        <InviteBody />
      </RequireLogin>
    </Page>
  );
}
