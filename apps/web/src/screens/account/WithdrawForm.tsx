// The withdrawal form: amount against the available balance, the server's quote (fee rate, minimum fee, fee,
// net amount, minimum withdrawal) shown as the amount is typed, then a confirmation with the same terms and
// the login password. The confirmation sends back the fee it shows (DESIGN.md §1.7); if the server answers
// that the terms changed (10112), it shows the new quote for the customer to confirm again; an overdue loan's
// refusal (10172) comes with the way to My loans.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codes, type WithdrawalMethod, type WithdrawalQuote } from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import { useUserInfo } from '../../api/user.ts';
import {
  isSecondFactorRefusal,
  otpOf,
  SecondFactorField,
  useSecondFactorOn,
} from './security/SecondFactorField.tsx';
import { useWithdraw, useWithdrawalQuote } from '../../api/wallet.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { useInvalidFocus } from '../../ui/fieldErrors.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { isLoanRefusal, RefusalNote } from '../../ui/LoanRefusal.tsx';
import { toast } from '../../ui/toast.tsx';
import {
  decimalSeparatorOf,
  isLess,
  normalizeAmountInput,
  parseMinor,
  usdtScale,
} from '../../ui/wallet/decimal.ts';
import { formatRate } from '../../ui/wallet/format.ts';
import { useIntentKey } from '../../ui/wallet/intent.ts';
import { Amount, Dialog } from '../../ui/wallet/parts.tsx';
import { CardPayoutTerms } from './payout.tsx';

const quoteDelayMs = 350;
/** Codes that are about the password field rather than the whole request. */
const passwordCodes: ReadonlySet<string> = new Set([codes.passwordIncorrect, codes.enterLoginPassword]);
/** Characters per group when an address is shown for checking by eye. */
const addressGroup = 4;

function amountOf(text: string): string | null {
  const normalized = normalizeAmountInput(text, decimalSeparatorOf(currentLocale()));
  const minor = parseMinor(normalized, usdtScale);
  return minor !== undefined && minor > 0n ? normalized : null;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A whole address in groups of four, left to right in every language: a transfer cannot be reversed, so the
 * confirmation shows every character, in a form the eye can compare group by group. The groups are spacing
 * only, so a copied address has none.
 */
function AddressBlocks({ address }: { address: string }) {
  const groups = address.match(new RegExp(`.{1,${addressGroup}}`, 'g')) ?? [];
  return (
    <bdi dir="ltr" className="address-blocks" data-testid="confirm-address">
      {groups.map((group, index) => (
        <span key={index}>{group}</span>
      ))}
    </bdi>
  );
}

/** Where the money goes, in full: network and address, or bank, holder and card. */
function Destination({ method }: { method: WithdrawalMethod }) {
  const { t } = useTranslation('wallet');
  if (method.type === 'usdt' && method.address)
    return (
      <>
        <div className="fact">
          <dt>{t('withdraw.network')}</dt>
          <dd>
            <bdi>{method.network}</bdi>
          </dd>
        </div>
        <div className="fact fact-address">
          <dt>{t('withdraw.address')}</dt>
          <dd>
            <AddressBlocks address={method.address} />
          </dd>
        </div>
      </>
    );
  return (
    <>
      <div className="fact">
        <dt>{t('withdraw.to')}</dt>
        <dd>
          <bdi>{method.bankName ?? method.label}</bdi>
        </dd>
      </div>
      {method.holderName && (
        <div className="fact">
          <dt>{t('withdraw.holderName')}</dt>
          <dd>
            <bdi>{method.holderName}</bdi>
          </dd>
        </div>
      )}
      {method.cardMasked && (
        <div className="fact">
          <dt>{t('withdraw.cardNumber')}</dt>
          <dd>
            <bdi dir="ltr" className="num">
              {method.cardMasked}
            </bdi>
          </dd>
        </div>
      )}
    </>
  );
}

/** The terms of this withdrawal before anything is confirmed: both minimums, fee rate, fee and what arrives. */
export function QuoteFacts({
  quote,
  withMinAmount = true,
}: {
  quote: WithdrawalQuote;
  /** The confirmation leaves it out: its amount already passed the minimum, and a phone has little room. */
  withMinAmount?: boolean;
}) {
  const { t } = useTranslation('wallet');
  return (
    <dl className="facts" data-testid="withdraw-quote">
      <div className="fact">
        <dt>{t('withdraw.amount')}</dt>
        <dd>
          <Amount value={quote.amount} context="exact" />
        </dd>
      </div>
      {withMinAmount && (
        <div className="fact">
          <dt>{t('withdraw.minAmount')}</dt>
          <dd data-testid="quote-min-amount">
            <Amount value={quote.minAmount} context="exact" />
          </dd>
        </div>
      )}
      <div className="fact">
        <dt>{t('withdraw.feeRate')}</dt>
        <dd data-testid="quote-fee-rate">
          <bdi>{formatRate(quote.feeRate, currentLocale())}</bdi>
        </dd>
      </div>
      <div className="fact">
        <dt>{t('withdraw.minFee')}</dt>
        <dd data-testid="quote-min-fee">
          <Amount value={quote.minFee} context="exact" />
        </dd>
      </div>
      <div className="fact">
        <dt>{t('withdraw.fee')}</dt>
        <dd data-testid="quote-fee">
          <Amount value={quote.fee} context="exact" />
        </dd>
      </div>
      <div className="fact fact-strong">
        <dt>{t('withdraw.net')}</dt>
        <dd data-testid="quote-net">
          <Amount value={quote.netAmount} context="exact" />
        </dd>
      </div>
    </dl>
  );
}

export function WithdrawForm({ method }: { method: WithdrawalMethod | null }) {
  const { t } = useTranslation('wallet');
  const info = useUserInfo();
  const balance = info.data?.book === 'real' ? info.data.balance : null;
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const amount = amountOf(text);
  const quoted = useDebounced(amount, quoteDelayMs);
  const quote = useWithdrawalQuote(quoted);
  const quoteError =
    quote.error instanceof ApiError ? (quote.error.fields.amount ?? quote.error.message) : null;
  const settledQuoteError = amount !== null && amount === quoted ? quoteError : null;
  const { formRef, focusFirst } = useInvalidFocus();

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    const problem = !method
      ? t('withdraw.errors.chooseMethod')
      : text.trim() === ''
        ? t('withdraw.errors.enterAmount')
        : amount === null
          ? t('common.errors.amount')
          : balance !== null && isLess(balance, amount, usdtScale)
            ? t('withdraw.errors.overBalance')
            : settledQuoteError; // e.g. below the minimum withdrawal (10120): no point confirming
    setError(problem);
    if (problem) focusFirst();
    else setConfirming(true);
  };

  return (
    <>
      <form className="form" onSubmit={onContinue} noValidate ref={formRef}>
        <Field
          label={t('withdraw.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          maxLength={28}
          trailing={
            balance !== null && (
              <button
                type="button"
                className="btn btn-text btn-small field-btn"
                onClick={() => setText(balance)}
              >
                {t('withdraw.all')}
              </button>
            )
          }
        />
        {balance !== null && (
          <p className="muted small" data-testid="withdraw-available">
            {t('withdraw.availableLabel')} <Amount value={balance} />
          </p>
        )}
        {amount !== null && amount === quoted && quote.data ? (
          <QuoteFacts quote={quote.data} />
        ) : settledQuoteError && settledQuoteError !== error ? (
          <ErrorNote message={settledQuoteError} />
        ) : (
          <p className="muted small">{t('withdraw.quoteHint')}</p>
        )}
        <p className="fine-print">{t('withdraw.arrivalNote')}</p>
        <CardPayoutTerms method={method} />
        <button type="submit" className="btn btn-primary btn-block">
          {t('withdraw.continue')}
        </button>
      </form>
      {method && amount !== null && (
        <ConfirmDialog
          open={confirming}
          method={method}
          amount={amount}
          onClose={() => setConfirming(false)}
          onDone={() => {
            setConfirming(false);
            setText('');
          }}
        />
      )}
    </>
  );
}

function ConfirmDialog({
  open,
  method,
  amount,
  onClose,
  onDone,
}: {
  open: boolean;
  method: WithdrawalMethod;
  amount: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('wallet');
  const quote = useWithdrawalQuote(open ? amount : null);
  const withdraw = useWithdraw();
  const intent = useIntentKey();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const secondFactor = useSecondFactorOn();
  const [formError, setFormError] = useState<string | null>(null);
  /** The refusal is an overdue loan's (10172): the reason comes with the way to My loans, to repay it. */
  const [loanRefused, setLoanRefused] = useState(false);
  /** Set when the server refused the fee shown (10112): the new quote is on screen to be confirmed. */
  const [termsChanged, setTermsChanged] = useState(false);
  // What is on screen is what is sent: never confirm while a newer quote is on its way.
  const shown = quote.isFetching || quote.isError ? undefined : quote.data;
  const { formRef, focusFirst } = useInvalidFocus();

  const close = () => {
    setPassword('');
    setPasswordError(null);
    setOtp('');
    setOtpError(null);
    setFormError(null);
    setLoanRefused(false);
    setTermsChanged(false);
    onClose();
  };

  const onConfirm = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setLoanRefused(false);
    if (password === '') {
      setPasswordError(t('withdraw.errors.enterPassword'));
      focusFirst();
      return;
    }
    if (secondFactor.on && otp.trim() === '') {
      setOtpError(t('twoFactor.enterCode', { ns: 'security' }));
      focusFirst();
      return;
    }
    if (!shown) return;
    const quotedFee = shown.fee;
    const idempotencyKey = intent.keyFor(JSON.stringify([method.id, amount, quotedFee]));
    withdraw.mutate(
      { methodId: method.id, amount, password, otp: otpOf(otp), quotedFee, idempotencyKey },
      {
        onSuccess: ({ message }) => {
          intent.done();
          toast(message, 'success');
          setPassword('');
          setOtp('');
          setTermsChanged(false);
          onDone();
        },
        onError: (error) => {
          intent.failed(error);
          if (error instanceof ApiError && error.code === codes.termsChanged) {
            // Not a dead end: fetch the terms in force and let the customer confirm them.
            setTermsChanged(true);
            void quote.refetch();
          } else if (error instanceof ApiError && passwordCodes.has(error.code)) {
            setPasswordError(error.message);
            focusFirst();
          } else if (isSecondFactorRefusal(error)) {
            if (error.code === codes.totpRequired) secondFactor.refresh();
            setOtp('');
            setOtpError(error.message);
            focusFirst();
          } else {
            setLoanRefused(isLoanRefusal(error));
            setFormError(error.message);
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} title={t('withdraw.confirmTitle')} onClose={close}>
      <form className="form" onSubmit={onConfirm} noValidate ref={formRef}>
        <dl className="facts">
          <Destination method={method} />
        </dl>
        {method.type === 'usdt' && <p className="fine-print">{t('withdraw.checkAddress')}</p>}
        <CardPayoutTerms method={method} />
        {termsChanged && (
          <p className="note note-warn" role="alert" data-testid="terms-changed">
            {t('withdraw.termsChanged')}
          </p>
        )}
        {quote.isError ? (
          <ErrorNote message={quote.error.message} />
        ) : quote.data ? (
          <QuoteFacts quote={quote.data} withMinAmount={false} />
        ) : (
          <span className="skeleton" aria-label={t('common.loading')} />
        )}
        <Field
          label={t('withdraw.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(null);
          }}
          error={passwordError ?? undefined}
          maxLength={128}
        />
        <SecondFactorField
          value={otp}
          onChange={(value) => {
            setOtp(value);
            setOtpError(null);
          }}
          error={otpError ?? undefined}
        />
        {formError && <RefusalNote message={formError} byLoan={loanRefused} testId="withdraw-loan-refused" />}
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={withdraw.isPending || !shown}>
            {withdraw.isPending ? t('common.working') : t('withdraw.confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
