// The early exit of an earning plan (issue 10): the principal, the interest already paid (kept), the penalty
// as an amount and what comes back, from the order's own figures; "Exit" sends the penalty shown as
// quotedPenalty. 10112 (the penalty changed, e.g. a day's interest was paid meanwhile) shows the new amount
// to confirm again. One Idempotency-Key per confirm, reused when a request got no answer.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { codes, type SmartOrder } from '@tradewind/contract';
import { ApiError, clientCodes } from '../../api/client.ts';
import { useRedeemSmart, useSmartOrdersKey } from '../../api/smart.ts';
import { layout } from '../../app/device.ts';
import { ErrorNote } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import { newIdempotencyKey } from '../../ui/wallet/intent.ts';
import { Amount, Dialog } from '../../ui/wallet/parts.tsx';
import { currentLocale } from '../../i18n/i18n.ts';
import { exitPenaltyOf, exitReturnOf } from './calculator.ts';
import { formatMoney } from '@tradewind/contract/money-format';

type Unanswered = { penalty: string; key: string };

export function ExitDialog({ order, onClose }: { order: SmartOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const ordersKey = useSmartOrdersKey();
  const redeem = useRedeemSmart();
  const [error, setError] = useState<string | null>(null);
  const [termsChanged, setTermsChanged] = useState(false);
  const [unanswered, setUnanswered] = useState<Unanswered | null>(null);
  const penalty = exitPenaltyOf(order);
  const returned = exitReturnOf(order, penalty);

  const send = (attempt: Unanswered) => {
    setError(null);
    redeem.mutate(
      { id: order.id, quotedPenalty: attempt.penalty, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          setUnanswered(null);
          const amount = formatMoney(exitReturnOf(order, attempt.penalty), currentLocale());
          toast(t('trading.exit.done', { amount }), 'success');
          onClose();
        },
        onError: (failure) => {
          const code = failure instanceof ApiError ? failure.code : undefined;
          setUnanswered(code === clientCodes.network || code === clientCodes.timeout ? attempt : null);
          if (code === codes.termsChanged) {
            setTermsChanged(true);
            void queryClient.invalidateQueries({ queryKey: ordersKey });
            return;
          }
          setError(failure.message);
        },
      },
    );
  };

  const confirm = () => {
    if (unanswered) return send(unanswered);
    setTermsChanged(false);
    send({ penalty, key: newIdempotencyKey() });
  };

  return (
    <Dialog
      open
      title={t('trading.exit.title')}
      onClose={onClose}
      className={layout === 'mobile' ? 'trade-sheet' : 'trade-dialog'}
    >
      <div className="trade-confirm smart-confirm" data-testid="smart-exit">
        <p className="trade-confirm-line">{order.productName}</p>
        {termsChanged && (
          <p className="note note-warn" role="alert" data-testid="exit-terms-changed">
            {t('trading.exit.termsChanged')}
          </p>
        )}
        <dl className="facts">
          <div className="fact">
            <dt>{t('trading.exit.principal')}</dt>
            <dd data-testid="exit-principal">
              <Amount value={order.amount} context="exact" />
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.exit.interestPaid')}</dt>
            <dd data-testid="exit-interest">
              <Amount value={order.interestPaid} context="exact" />
            </dd>
          </div>
          <div className="fact fact-strong">
            <dt>{t('trading.exit.penalty')}</dt>
            <dd data-testid="exit-penalty">
              <Amount value={penalty} context="exact" />
            </dd>
          </div>
          <div className="fact">
            <dt>{t('trading.exit.returned')}</dt>
            <dd data-testid="exit-returned">
              <Amount value={returned} context="exact" />
            </dd>
          </div>
        </dl>
        <p className="note note-warn">{t('trading.exit.forfeit')}</p>
        {error && <ErrorNote message={error} />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {t('trading.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-down"
            disabled={redeem.isPending}
            onClick={confirm}
            data-testid="exit-submit"
          >
            {redeem.isPending ? '…' : t('trading.exit.submit')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
