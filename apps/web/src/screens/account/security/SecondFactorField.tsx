// The second factor a step-up form asks for once the customer has turned two-factor on (withdrawal, password
// change, payout method): a 6-digit code from the authenticator app or a recovery code. Nothing while it is off.
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { codes } from '@tradewind/contract';
import { ApiError } from '../../../api/client.ts';
import { useTotpStatus } from '../../../api/security.ts';
import { Field } from '../../../ui/kit.tsx';

/** Refusals about the code: missing (10113) or wrong or already used (10165); said at the field. */
const secondFactorCodes: ReadonlySet<string> = new Set([codes.totpRequired, codes.secondFactorInvalid]);

export function isSecondFactorRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && secondFactorCodes.has(error.code);
}

/** The code as the body carries it: omitted when empty (two-factor off, or not typed yet). */
export const otpOf = (typed: string): string | undefined => typed.trim() || undefined;

/**
 * Whether to ask for the code; after a refusal that asked for one (10113: two-factor was turned on in another
 * tab since the status was read) call `refresh` so the field appears.
 */
export function useSecondFactorOn() {
  const status = useTotpStatus();
  const queryClient = useQueryClient();
  return {
    on: status.data?.enabled === true,
    refresh: () => void queryClient.invalidateQueries({ queryKey: ['totpStatus'] }),
  };
}

type OtpFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
};

/** The code field itself: a 6-digit code or a recovery code, typed left to right in every language. */
export function OtpField({ value, onChange, error, autoFocus }: OtpFieldProps) {
  const { t } = useTranslation('security');
  return (
    <Field
      label={t('twoFactor.codeLabel')}
      name="otp"
      dir="ltr"
      autoComplete="one-time-code"
      spellCheck={false}
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={t('twoFactor.codeHint')}
      maxLength={32}
      data-testid="second-factor"
    />
  );
}

/** The code field of a step-up form: shown only while two-factor is on. */
export function SecondFactorField(props: OtpFieldProps) {
  const { on } = useSecondFactorOn();
  return on ? <OtpField {...props} /> : null;
}
