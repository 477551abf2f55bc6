// The confirm step of a bid (DESIGN.md §1.5): the book, the piece, the amount held from cash now, that it
// comes back in full when outbid, and that a winning bid goes to the charity and is not refunded. Errors
// keep the step open: 10016 (someone bid first) shows the new minimum, 10103 (demo book) the switch to
// the real book, 10171 (own funds only while a loan is owed) and 10172 (an overdue loan) the server's reason
// with the way to My loans; a request that got no answer is sent again under the same Idempotency-Key.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codes, type BuyNftBody, type Nft } from '@tradewind/contract';
import { compareDecimal } from '@tradewind/contract/money';
import { ApiError, clientCodes } from '../../api/client.ts';
import { useBidNft } from '../../api/nft.ts';
import { layout } from '../../app/device.ts';
import { useSession } from '../../app/session.ts';
import { BookSwitch } from '../../layout/BookSwitch.tsx';
import { BookBanner } from '../../ui/BookBanner.tsx';
import { isLoanRefusal, RefusalNote } from '../../ui/LoanRefusal.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../../ui/wallet/intent.ts';
import { Amount, Dialog } from '../../ui/wallet/parts.tsx';
import { usdtText } from './usdt-text.ts';
import '../trade/trade.css';

/** A sent bid that got no answer: the same body goes again under the same key (nothing is held twice). */
type Unanswered = { body: BuyNftBody; key: string };

export function BidConfirm({
  item,
  amount,
  onClose,
  onDone,
}: {
  item: Nft;
  amount: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('nft');
  const { isDemo } = useSession();
  const bid = useBidNft();
  const [error, setError] = useState<string | null>(null);
  const [demoRefused, setDemoRefused] = useState(false);
  const [loanRefused, setLoanRefused] = useState(false);
  const [tooLow, setTooLow] = useState(false);
  const [unanswered, setUnanswered] = useState<Unanswered | null>(null);

  const send = (attempt: Unanswered) => {
    setError(null);
    setDemoRefused(false);
    setLoanRefused(false);
    setTooLow(false);
    bid.mutate(
      { ...attempt.body, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          setUnanswered(null);
          toast(t('confirm.placed', { name: item.name }), 'success');
          onDone();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          setUnanswered(code === clientCodes.network || code === clientCodes.timeout ? attempt : null);
          setDemoRefused(code === codes.switchToReal);
          setLoanRefused(isLoanRefusal(failure));
          if (code === codes.purchaseAmountWrong) {
            // Someone bid first: the piece is fetched again and its new minimum shown under the amount.
            setTooLow(true);
            return;
          }
          const field = failure instanceof ApiError ? Object.values(failure.fields)[0] : undefined;
          setError(field ?? failure.message);
        },
      },
    );
  };

  const confirm = () => send(unanswered ?? { body: { nftId: item.id, amount }, key: newIdempotencyKey() });

  return (
    <Dialog
      open
      title={t('confirm.title')}
      onClose={onClose}
      className={layout === 'mobile' ? 'trade-sheet' : 'trade-dialog'}
    >
      <div className="trade-confirm nft-confirm" data-testid="nft-confirm">
        <BookBanner isDemo={isDemo} demoText={t('confirm.demoBook')} testId="nft-confirm-book" />
        <p className="trade-confirm-line">{t('confirm.line', { name: item.name })}</p>
        <dl className="facts">
          <div className="fact fact-strong">
            <dt>{t('confirm.held')}</dt>
            <dd data-testid="nft-confirm-amount">
              <Amount value={amount} context="exact" />
            </dd>
          </div>
        </dl>
        <ul className="nft-terms" data-testid="nft-confirm-terms">
          <li>{t('confirm.heldText')}</li>
          <li>{t('confirm.outbidReturn')}</li>
          <li>
            <strong>{t('confirm.winDonated')}</strong>
          </li>
          <li>{t('detail.antiSniping')}</li>
        </ul>
        {tooLow && (
          <p className="note note-warn" role="alert" data-testid="nft-too-low">
            {t('confirm.tooLow', { min: usdtText(item.minNextBid, 'exact') })}
          </p>
        )}
        {error && !tooLow && <RefusalNote message={error} byLoan={loanRefused} testId="nft-loan-refused" />}
        {demoRefused && (
          <div className="note note-warn with-action" data-testid="nft-demo-refused">
            <span>{t('bid.demoText')}</span>
            <BookSwitch />
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('confirm.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={bid.isPending || compareDecimal(amount, item.minNextBid) < 0}
            onClick={confirm}
            data-testid="nft-confirm-submit"
          >
            {bid.isPending ? '…' : t('confirm.submit')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
