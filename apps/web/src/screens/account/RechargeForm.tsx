// The deposit claim: amount in USDT with the coin amount to send at the indicative rate (exact decimal
// arithmetic, rounded up as the server does), transaction hash in its chain's format, optional last six
// characters and the proof image. The claim sends the rate it showed; the answer names the rate it locked
// and the tick it came from. One idempotency key per claim, reused if the same claim is sent again.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { Deposit, DepositChannel } from '@tradewind/contract';
import { normalizeTxHash } from '@tradewind/contract/deposit-rules';
import { useRecharge } from '../../api/wallet.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { ErrorNote, Field } from '../../ui/kit.tsx';
import { toast } from '../../ui/toast.tsx';
import {
  coinEstimate,
  coinScales,
  decimalSeparatorOf,
  isLess,
  normalizeAmountInput,
  parseMinor,
  usdtScale,
  usdtValue,
} from '../../ui/wallet/decimal.ts';
import { formatMoney } from '@tradewind/contract/money-format';
import { useIntentKey } from '../../ui/wallet/intent.ts';
import { PhotoField } from '../../ui/wallet/PhotoField.tsx';
import { serverErrors, useInvalidFocus } from '../../ui/fieldErrors.ts';
import { LockedRate } from './RechargeRate.tsx';

/** "USDT (TRC20)": how a channel is named in the minimum-deposit messages (as the server names it). */
export const channelName = (channel: DepositChannel) => `${channel.asset} (${channel.network})`;

const last6Pattern = /^[0-9A-Za-z]{6}$/;
const fieldNames = ['amount', 'txHash', 'last6', 'proof'] as const;
type FieldName = (typeof fieldNames)[number];
type Errors = Partial<Record<FieldName, string>>;

type Values = { amount: string; txHash: string; last6: string };
const emptyValues: Values = { amount: '', txHash: '', last6: '' };

/** The amount as a wire decimal, or null while it is not a valid USDT amount. */
function amountOf(text: string): string | null {
  const normalized = normalizeAmountInput(text, decimalSeparatorOf(currentLocale()));
  const minor = parseMinor(normalized, usdtScale);
  return minor !== undefined && minor > 0n ? normalized : null;
}

function useMinimumText(channel: DepositChannel) {
  const { t } = useTranslation('wallet');
  const locale = currentLocale();
  const limit = `${formatMoney(channel.minAmount, locale, 'exact', { scale: coinScales[channel.asset] })} ${channel.asset}`;
  const hint = t('recharge.minHint', { name: channelName(channel), limit });
  const inUsdt =
    channel.asset === 'USDT' || channel.rate === null
      ? undefined
      : usdtValue(channel.minAmount, channel.rate, coinScales[channel.asset]);
  return {
    hint: inUsdt ? `${hint} ${t('recharge.minInUsdt', { amount: formatMoney(inUsdt, locale) })}` : hint,
    below: t('recharge.belowMinimum', { name: channelName(channel), limit }),
  };
}

function check(
  t: TFunction<'wallet'>,
  channel: DepositChannel,
  values: Values,
  proof: File | null,
  belowMessage: string,
): Errors {
  const errors: Errors = {};
  const amount = amountOf(values.amount);
  if (values.amount.trim() === '') errors.amount = t('recharge.errors.enterAmount');
  else if (amount === null) errors.amount = t('common.errors.amount');
  else if (channel.rate !== null) {
    const pay = coinEstimate(amount, channel.rate, coinScales[channel.asset]);
    if (pay && isLess(pay, channel.minAmount, coinScales[channel.asset])) errors.amount = belowMessage;
  }
  if (values.txHash.trim() === '') errors.txHash = t('recharge.errors.enterTxHash');
  else if (normalizeTxHash(channel.chain, values.txHash) === undefined) {
    errors.txHash =
      channel.chain === 'ethereum'
        ? t('recharge.errors.txHashFormat')
        : t('recharge.errors.txHashFormatNo0x');
  }
  if (values.last6.trim() !== '' && !last6Pattern.test(values.last6.trim()))
    errors.last6 = t('recharge.errors.last6Format');
  if (!proof) errors.proof = t('images.required');
  return errors;
}

export function RechargeForm({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation('wallet');
  const locale = currentLocale();
  const recharge = useRecharge();
  const intent = useIntentKey();
  const [values, setValues] = useState<Values>(emptyValues);
  const [proof, setProof] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [claimed, setClaimed] = useState<Deposit | null>(null);
  const { formRef, focusFirst } = useInvalidFocus();
  const minimum = useMinimumText(channel);
  const scale = coinScales[channel.asset];
  const amount = amountOf(values.amount);
  const estimate =
    amount === null || channel.rate === null ? undefined : coinEstimate(amount, channel.rate, scale);

  const set = (name: keyof Values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const found = check(t, channel, values, proof, minimum.below);
    setErrors(found);
    if (Object.values(found).some(Boolean) || amount === null || !proof) {
      focusFirst();
      return;
    }
    if (channel.paused) return;
    if (channel.rate === null) {
      setFormError(t('recharge.rateUnavailable'));
      return;
    }
    const fields = {
      channelId: channel.id,
      amount,
      quotedRate: channel.rate,
      txHash: values.txHash.trim(),
      ...(values.last6.trim() ? { last6: values.last6.trim() } : {}),
    };
    const fingerprint = JSON.stringify([fields, proof.name, proof.size, proof.lastModified]);
    recharge.mutate(
      { ...fields, proof, proofName: proof.name, idempotencyKey: intent.keyFor(fingerprint) },
      {
        onSuccess: ({ message, result }) => {
          intent.done();
          toast(message, 'success');
          setClaimed(result);
          setValues(emptyValues);
          setProof(null);
        },
        onError: (error) => {
          intent.failed(error);
          const mapped = serverErrors(error, fieldNames);
          setErrors(mapped.fieldErrors);
          setFormError(mapped.formError);
          focusFirst();
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={onSubmit} noValidate ref={formRef}>
      {claimed && (
        <div className="note" role="status">
          <strong>{t('recharge.claimedTitle')}</strong>
          <LockedRate deposit={claimed} tick={claimed.rateTick} />
        </div>
      )}
      <Field
        label={t('recharge.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={values.amount}
        onChange={set('amount')}
        error={errors.amount}
        hint={minimum.hint}
        maxLength={28}
        trailing={<span className="field-unit">USDT</span>}
      />
      <div className="estimate" aria-live="polite" data-testid="coin-estimate">
        <span className="muted small">{t('recharge.youSend')}</span>
        <strong className="num">
          <bdi>
            {estimate ? formatMoney(estimate, locale, 'exact', { scale }) : '—'} {channel.asset}
          </bdi>
        </strong>
      </div>
      <Field
        label={t('recharge.txHash')}
        name="txHash"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={values.txHash}
        onChange={set('txHash')}
        error={errors.txHash}
        hint={t('recharge.txHashHint')}
        maxLength={66}
      />
      <Field
        label={`${t('recharge.last6')} ${t('common.optional')}`}
        name="last6"
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        value={values.last6}
        onChange={set('last6')}
        error={errors.last6}
        hint={t('recharge.last6Hint')}
        maxLength={6}
      />
      <PhotoField
        label={t('recharge.proof')}
        file={proof}
        onFile={(file) => {
          setProof(file);
          if (errors.proof) setErrors((e) => ({ ...e, proof: undefined }));
        }}
        error={errors.proof}
      />
      {formError && <ErrorNote message={formError} />}
      {channel.paused && (
        <p className="note note-warn" role="status" data-testid="claim-paused">
          {t('recharge.paused', { asset: channel.asset })}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={recharge.isPending || channel.paused}
      >
        {recharge.isPending ? t('common.working') : t('recharge.submit')}
      </button>
      <p className="fine-print">{t('recharge.reviewNote')}</p>
    </form>
  );
}
