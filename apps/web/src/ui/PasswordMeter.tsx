// The strength meter under a new password: four steps (weak, fair, good, strong) and, when the policy would
// refuse it, the reason in words, so the customer learns why before sending.
import { useTranslation } from 'react-i18next';
import { passwordMinLength, type PasswordLevel, type PasswordVerdict } from '@tradewind/contract';
import './password-meter.css';

const steps: PasswordLevel[] = ['weak', 'fair', 'good', 'strong'];

export function PasswordMeter({ verdict }: { verdict: PasswordVerdict | undefined }) {
  const { t } = useTranslation('security');
  if (!verdict) return null;
  const reached = steps.indexOf(verdict.level) + 1;
  return (
    <div className={`pw-meter pw-meter-${verdict.level}`} data-testid="password-meter">
      <div
        className="pw-meter-bar"
        role="meter"
        aria-label={t('passwordStrength.label')}
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={reached}
        aria-valuetext={t(`passwordStrength.${verdict.level}`)}
      >
        {steps.map((step, i) => (
          <span key={step} className={i < reached ? 'pw-meter-step on' : 'pw-meter-step'} />
        ))}
      </div>
      <p className="pw-meter-text" aria-live="polite">
        <strong>{t(`passwordStrength.${verdict.level}`)}</strong>
        {verdict.refusal && (
          <span> · {t(`passwordStrength.${verdict.refusal}`, { min: passwordMinLength })}</span>
        )}
      </p>
    </div>
  );
}
