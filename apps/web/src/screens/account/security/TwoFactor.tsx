// Two-factor sign-in (TOTP) on the security page (issue 25): turn it on (scan a QR code or type the key,
// confirm a code), the ten recovery codes shown this once to copy or download, and turn it off with the
// password and a code. Once on, sign-in from a new device, withdrawals, payout methods and password changes
// ask for a code.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerTotpEnrolResult } from '@tradewind/contract';
import { useConfirmTotp, useDisableTotp, useEnrolTotp, useTotpStatus } from '../../../api/security.ts';
import { useSession } from '../../../app/session.ts';
import { currentLocale } from '../../../i18n/i18n.ts';
import { formatDate, formatDateTime } from '../../../i18n/format.ts';
import { useFieldErrors } from '../../../ui/fieldErrors.ts';
import { Card, ErrorNote, Field, Spinner } from '../../../ui/kit.tsx';
import { toast } from '../../../ui/toast.tsx';
import { CopyButton, useQrDataUrl } from '../../../ui/wallet/parts.tsx';
import { isSecondFactorRefusal, OtpField } from './SecondFactorField.tsx';
import './two-factor.css';

/** The key in groups of four, as authenticator apps show it for typing. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function TwoFactorSection() {
  const { t } = useTranslation('security');
  const status = useTotpStatus();
  const [enrolment, setEnrolment] = useState<CustomerTotpEnrolResult | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <Card title={t('twoFactor.title')} className="two-factor">
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
      ) : enrolment ? (
        <Enrol
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(codes) => {
            setEnrolment(null);
            setRecoveryCodes(codes);
          }}
        />
      ) : status.isPending ? (
        <Spinner />
      ) : status.isError ? (
        <div className="two-factor-state">
          <ErrorNote message={status.error.message} />
          <button type="button" className="btn btn-secondary" onClick={() => void status.refetch()}>
            {t('twoFactor.retry')}
          </button>
        </div>
      ) : status.data.enabled ? (
        <TurnedOn since={status.data.enabledAt} codesLeft={status.data.recoveryCodesLeft} />
      ) : (
        <TurnedOff onStarted={setEnrolment} />
      )}
    </Card>
  );
}

function TurnedOff({ onStarted }: { onStarted: (enrolment: CustomerTotpEnrolResult) => void }) {
  const { t } = useTranslation('security');
  const enrol = useEnrolTotp();
  return (
    <div className="two-factor-state">
      <p className="two-factor-badge" data-state="off">
        {t('twoFactor.off')}
      </p>
      <p>{t('twoFactor.intro')}</p>
      {enrol.error && <ErrorNote message={enrol.error.message} />}
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="totp-turn-on"
          disabled={enrol.isPending}
          onClick={() => enrol.mutate(undefined, { onSuccess: onStarted })}
        >
          {enrol.isPending ? t('common.pleaseWait', { ns: 'web' }) : t('twoFactor.turnOn')}
        </button>
      </div>
    </div>
  );
}

function Enrol({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: CustomerTotpEnrolResult;
  onCancel: () => void;
  onConfirmed: (recoveryCodes: string[]) => void;
}) {
  const { t } = useTranslation('security');
  const confirm = useConfirmTotp();
  const qr = useQrDataUrl(enrolment.otpauthUrl);
  const [code, setCode] = useState('');
  const form = useFieldErrors(['code'] as const, { '10165': 'code' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!form.check({ code: /^\d{6}$/.test(typed) ? undefined : t('twoFactor.codeFormat') })) return;
    confirm.mutate(typed, {
      onSuccess: (result) => onConfirmed(result.recoveryCodes),
      onError: (error) => {
        setCode('');
        form.refused(error);
      },
    });
  };

  return (
    <ol className="two-factor-steps">
      <li>
        <p>{t('twoFactor.scan')}</p>
        <div className="two-factor-scan">
          {qr ? (
            <img className="qr" src={qr} width={200} height={200} alt={t('twoFactor.qrAlt')} />
          ) : (
            <span className="skeleton two-factor-qr-wait" aria-label={t('common.loading', { ns: 'web' })} />
          )}
          <div className="two-factor-key">
            <p className="muted small">{t('twoFactor.manual')}</p>
            <code dir="ltr" data-testid="totp-secret" data-secret={enrolment.secret}>
              {grouped(enrolment.secret)}
            </code>
            <CopyButton value={enrolment.secret} label={t('twoFactor.copyKey')} />
          </div>
        </div>
      </li>
      <li>
        <form className="form" onSubmit={submit} noValidate ref={form.formRef}>
          <Field
            label={t('twoFactor.confirmLabel')}
            name="code"
            dir="ltr"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              form.changed('code');
            }}
            error={form.errors.code}
            data-testid="totp-code"
          />
          {form.formError && <ErrorNote message={form.formError} />}
          <div className="row-actions">
            <button type="button" className="btn btn-secondary" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              data-testid="totp-confirm"
              disabled={confirm.isPending}
            >
              {confirm.isPending ? t('common.pleaseWait', { ns: 'web' }) : t('twoFactor.confirm')}
            </button>
          </div>
        </form>
      </li>
    </ol>
  );
}

/** The recovery codes, this once: copy, download, and an explicit "saved" before the section moves on. */
function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('security');
  const { user } = useSession();
  const [saved, setSaved] = useState(false);
  const name = user?.userName ?? '';

  const download = () => {
    const text = [
      t('twoFactor.fileHeading', { name }),
      formatDateTime(Date.now(), currentLocale()),
      '',
      ...codes,
      '',
      t('twoFactor.fileNote'),
      '',
    ].join('\n');
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `tradewind-recovery-codes-${name}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="two-factor-state" data-testid="recovery-codes">
      <p className="note note-warn" role="status">
        {t('twoFactor.codesOnce')}
      </p>
      <p>{t('twoFactor.codesIntro')}</p>
      <ol className="two-factor-codes" dir="ltr" aria-label={t('twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="row-actions">
        <CopyButton value={codes.join('\n')} label={t('twoFactor.copyCodes')} />
        <button type="button" className="btn btn-secondary btn-small" onClick={download}>
          {t('twoFactor.download')}
        </button>
      </div>
      <label className="two-factor-saved">
        <input
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          data-testid="totp-saved"
        />
        <span>{t('twoFactor.saved')}</span>
      </label>
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="totp-done"
          disabled={!saved}
          onClick={() => {
            toast(t('twoFactor.turnedOn'), 'success');
            onDone();
          }}
        >
          {t('twoFactor.done')}
        </button>
      </div>
    </div>
  );
}

function TurnedOn({ since, codesLeft }: { since: number | null; codesLeft: number }) {
  const { t } = useTranslation('security');
  const [disabling, setDisabling] = useState(false);
  return (
    <div className="two-factor-state">
      <p className="two-factor-badge" data-state="on">
        {since === null
          ? t('twoFactor.on')
          : t('twoFactor.onSince', { date: formatDate(since, currentLocale()) })}
      </p>
      <p>{t('twoFactor.onText')}</p>
      <p className={codesLeft <= 2 ? 'note note-warn' : 'muted'}>
        {t('twoFactor.codesLeft', { count: codesLeft })}
      </p>
      {disabling ? (
        <TurnOff onClose={() => setDisabling(false)} />
      ) : (
        <div className="row-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setDisabling(true)}>
            {t('twoFactor.turnOff')}
          </button>
        </div>
      )}
    </div>
  );
}

const offFields = ['password', 'otp'] as const;

function TurnOff({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('security');
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const form = useFieldErrors(offFields, { '10143': 'password', '10165': 'otp' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      password: password === '' ? t('validation.enterPassword', { ns: 'web' }) : undefined,
      otp: otp.trim() === '' ? t('twoFactor.enterCode') : undefined,
    };
    if (!form.check(found)) return;
    disable.mutate(
      { password, otp: otp.trim() },
      {
        onSuccess: () => {
          toast(t('twoFactor.turnedOff'), 'success');
          onClose();
        },
        onError: (error) => {
          if (isSecondFactorRefusal(error)) setOtp('');
          form.refused(error);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate ref={form.formRef} data-testid="totp-disable">
      <p className="note note-warn">{t('twoFactor.offWarning')}</p>
      <Field
        label={t('auth.fields.password', { ns: 'web' })}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        maxLength={128}
        onChange={(event) => {
          setPassword(event.target.value);
          form.changed('password');
        }}
        error={form.errors.password}
      />
      <OtpField
        value={otp}
        onChange={(value) => {
          setOtp(value);
          form.changed('otp');
        }}
        error={form.errors.otp}
      />
      {form.formError && <ErrorNote message={form.formError} />}
      <div className="row-actions">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          {t('twoFactor.cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={disable.isPending}>
          {disable.isPending ? t('common.pleaseWait', { ns: 'web' }) : t('twoFactor.turnOffConfirm')}
        </button>
      </div>
    </form>
  );
}
