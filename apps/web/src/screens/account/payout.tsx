// What a withdrawal's payout is, in the customer's words: a crypto payout's transaction with a link to the
// chain's public explorer and when it usually arrives (issue 23: withdrawals are traceable); and, before a
// bank-card withdrawal is confirmed, what the platform does with it (no rate of ours, paid by hand, timing).
import { useTranslation } from 'react-i18next';
import {
  explorerNames,
  explorerTxUrl,
  payoutArrivalMinutes,
  type Withdrawal,
  type WithdrawalMethod,
} from '@tradewind/contract';
import './payout.css';

/** Chains by their own names (brands: not translated). */
const chainNames = { tron: 'TRON', ethereum: 'Ethereum', bitcoin: 'Bitcoin' } as const;

/** An approved crypto withdrawal's payout: its transaction, the explorer link, the usual arrival. */
export function PayoutTx({ withdrawal }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation('wallet');
  const { payoutChain: chain, payoutTxHash: hash } = withdrawal;
  if (!chain || !hash) return null;
  const { min, max } = payoutArrivalMinutes[chain];
  return (
    <span className="payout-tx small" data-testid="withdrawal-payout">
      <span className="muted">{t('withdrawals.payoutTx')}</span>{' '}
      <bdi dir="ltr" className="num payout-hash" title={hash}>
        {hash}
      </bdi>{' '}
      <a href={explorerTxUrl(chain, hash)} target="_blank" rel="noreferrer noopener">
        {t('withdrawals.viewOnExplorer', { explorer: explorerNames[chain] })}
      </a>
      <span className="muted payout-arrival">
        {t('withdrawals.arrival', { min, max, network: chainNames[chain] })}
      </span>
    </span>
  );
}

/**
 * Before a bank-card withdrawal is confirmed: the currency, the rate and the timing, as the platform really
 * handles it. The withdrawal is a USDT amount on the ledger; nothing converts it (no rate or conversion fee
 * is ours), finance pays it to the card by hand after review, and the card's bank sets the currency credited.
 */
export function CardPayoutTerms({ method }: { method: WithdrawalMethod | null }) {
  const { t } = useTranslation('wallet');
  if (method?.type !== 'bank') return null;
  return (
    <div className="note note-info card-payout" data-testid="card-payout-terms">
      <p className="strong">{t('withdraw.cardTitle')}</p>
      <ul>
        <li>{t('withdraw.cardCurrency')}</li>
        <li>{t('withdraw.cardRate')}</li>
        <li>{t('withdraw.cardTiming')}</li>
      </ul>
    </div>
  );
}
