// Two-step sign-in (TOTP, RFC 6238) for the operator's own account: start an enrolment (POST me/totp/enrol;
// replacing an enrolled authenticator takes the password and a current code first),
// scan the QR code of its otpauth URL or type the key, confirm with a code (POST me/totp/confirm), then the
// 10 recovery codes, shown this once, to copy or download.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useConfirmTotp, useStartTotp, type TotpEnrolment } from '../api/account.ts';
import { useT } from '../i18n/i18n.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { ErrorNote, Notice } from '../ui/kit.tsx';
import { isRecoveryCode, isTotpCode, normalizeTotp } from '../ui/otp.ts';

/** The key in groups of four, as authenticator apps show it for typing. */
export const groupSecret = (secret: string) =>
  secret
    .replace(/=+$/, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? secret;

type QrState = { text: string; url: string | null };

/** A QR code of `text` as a PNG data URL; the qrcode library is loaded only when a code is drawn. */
function useQrCode(text: string): string | null | 'failed' {
  const [qr, setQr] = useState<QrState | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((lib) => lib.toDataURL(text, { margin: 1, width: 224, errorCorrectionLevel: 'M' }))
      .then(
        (url) => live && setQr({ text, url }),
        () => live && setQr({ text, url: null }),
      );
    return () => {
      live = false;
    };
  }, [text]);
  if (qr?.text !== text) return null;
  return qr.url ?? 'failed';
}

function QrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const { t } = useT();
  const qr = useQrCode(otpauthUrl);
  if (qr === null) return <div className="qr-box qr-state">{t('totp.qrLoading')}</div>;
  if (qr === 'failed') return <Notice tone="warn">{t('totp.qrFailed')}</Notice>;
  return <img className="qr-box" src={qr} width={224} height={224} alt={t('totp.qrAlt')} />;
}

/**
 * Start, scan, confirm. Starting is a button, not an effect: each start replaces the pending secret on the
 * server, so the one on screen must be the one the operator asked for last. Replacing an enrolled
 * authenticator starts from the password and a current code (or a recovery code): the server refuses a
 * session alone (10179).
 */
export function TotpEnrol({
  userName,
  replacing = false,
  onConfirmed,
  onCancel,
}: {
  userName: string;
  /** An authenticator is enrolled already: this moves it to a new phone. */
  replacing?: boolean;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}) {
  const { t } = useT();
  const start = useStartTotp();
  const enrolment = start.data;
  if (enrolment) {
    return (
      <ScanAndConfirm
        enrolment={enrolment}
        userName={userName}
        onConfirmed={onConfirmed}
        onCancel={onCancel}
      />
    );
  }
  if (replacing) return <ProveOwner start={start} onCancel={onCancel} />;
  return (
    <div className="stack-form">
      {start.error ? <ErrorNote error={start.error} /> : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-primary"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined)}
        >
          {start.isPending ? t('totp.starting') : t('totp.start')}
        </button>
        <CancelButton onCancel={onCancel} />
      </div>
    </div>
  );
}

function CancelButton({ onCancel }: { onCancel: (() => void) | undefined }) {
  const { t } = useT();
  if (!onCancel) return null;
  return (
    <button type="button" className="button" onClick={onCancel}>
      {t('common.cancel')}
    </button>
  );
}

/** A one-time code: six digits from the app, or (`recoveryToo`) a recovery code `xxxxx-xxxxx` as well. */
function CodeField({
  id,
  label,
  error,
  inputRef,
  value,
  recoveryToo = false,
  onChange,
}: {
  id: string;
  label: string;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  recoveryToo?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name="otp"
        className="code-input"
        dir="ltr"
        autoComplete="one-time-code"
        {...(recoveryToo
          ? { maxLength: 11, autoCapitalize: 'none' }
          : { inputMode: 'numeric' as const, maxLength: 7 })}
        spellCheck={false}
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The password and a code of the authenticator in use (or a recovery code), asked before replacing it. */
function ProveOwner({
  start,
  onCancel,
}: {
  start: ReturnType<typeof useStartTotp>;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useT();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = isTotpCode(code) || isRecoveryCode(code);
    setInvalid(!valid);
    if (!valid) {
      codeRef.current?.focus();
      return;
    }
    const otp = isTotpCode(code) ? normalizeTotp(code) : code.trim();
    // A refused code is spent or wrong either way: clear it for the next one.
    start.mutate({ password, otp }, { onError: () => setCode('') });
  };

  return (
    <form className="stack-form" onSubmit={submit} noValidate>
      <Notice tone="warn">{t('totp.replaceHint')}</Notice>
      <p>{t('totp.proveHint')}</p>
      <div className="field">
        <label htmlFor={`${id}-password`}>{t('totp.password')}</label>
        <input
          id={`${id}-password`}
          name="current-password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      <CodeField
        id={`${id}-code`}
        label={t('totp.currentCode')}
        error={invalid ? t('totp.currentCodeFormat') : null}
        inputRef={codeRef}
        value={code}
        recoveryToo
        onChange={(value) => {
          setCode(value);
          setInvalid(false);
        }}
      />
      {start.error ? <ErrorNote error={start.error} /> : null}
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={start.isPending || password === ''}>
          {start.isPending ? t('totp.starting') : t('totp.replace')}
        </button>
        <CancelButton onCancel={onCancel} />
      </div>
    </form>
  );
}

function ScanAndConfirm({
  enrolment,
  userName,
  onConfirmed,
  onCancel,
}: {
  enrolment: TotpEnrolment;
  userName: string;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useT();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const grouped = groupSecret(enrolment.secret);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = isTotpCode(code);
    setInvalid(!valid);
    if (!valid) {
      inputRef.current?.focus();
      return;
    }
    confirm.mutate(normalizeTotp(code), {
      onSuccess: (result) => onConfirmed(result.recoveryCodes),
      onError: () => {
        setCode('');
        inputRef.current?.focus();
      },
    });
  };

  return (
    <div className="totp-setup">
      <ol className="totp-steps">
        <li>
          <p>{t('totp.scan')}</p>
          <div className="totp-scan">
            <QrCode otpauthUrl={enrolment.otpauthUrl} />
            <div className="totp-manual">
              <p className="muted">{t('totp.manual')}</p>
              <dl className="field-list">
                <div className="field-item">
                  <dt>{t('totp.account')}</dt>
                  <dd>
                    <bdi>Tradewind:{userName}</bdi>
                  </dd>
                </div>
                <div className="field-item">
                  <dt>{t('totp.key')}</dt>
                  <dd>
                    <code className="secret" dir="ltr" data-testid="totp-secret">
                      {grouped}
                    </code>
                  </dd>
                </div>
                <div className="field-item">
                  <dt>{t('totp.type')}</dt>
                  <dd>{t('totp.typeValue')}</dd>
                </div>
              </dl>
              <CopyButton text={enrolment.secret} label={t('totp.copyKey')} />
            </div>
          </div>
        </li>
        <li>
          <form className="stack-form" onSubmit={submit} noValidate>
            <CodeField
              id={`${id}-code`}
              label={t('totp.code')}
              error={invalid ? t('login.codeFormat') : null}
              inputRef={inputRef}
              value={code}
              onChange={(value) => {
                setCode(value);
                setInvalid(false);
              }}
            />
            {confirm.error ? <ErrorNote error={confirm.error} /> : null}
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={confirm.isPending}>
                {confirm.isPending ? t('totp.confirming') : t('totp.confirm')}
              </button>
              <CancelButton onCancel={onCancel} />
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The recovery codes, this once: copy, download, and an explicit "saved" before going on. */
export function RecoveryCodes({
  codes,
  userName,
  doneLabel,
  onDone,
}: {
  codes: readonly string[];
  userName: string;
  doneLabel: string;
  onDone: () => void;
}) {
  const { t, dateTime } = useT();
  const [saved, setSaved] = useState(false);
  const id = useId();
  const fileText = [
    t('totp.fileHeading', { name: userName }),
    dateTime(Date.now()),
    '',
    ...codes,
    '',
    t('totp.fileNote'),
    '',
  ].join('\n');

  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `tradewind-admin-recovery-codes-${userName}.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div className="stack-form">
      <Notice tone="warn">{t('totp.codesOnce')}</Notice>
      <p>{t('totp.codesIntro')}</p>
      <ol className="recovery-codes" dir="ltr" aria-label={t('totp.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <CopyButton text={codes.join('\n')} label={t('totp.copyCodes')} />
        <button type="button" className="button" onClick={download}>
          {t('totp.download')}
        </button>
      </div>
      <label className="checkbox" htmlFor={`${id}-saved`}>
        <input
          id={`${id}-saved`}
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
        />
        {t('totp.saved')}
      </label>
      <div>
        <button type="button" className="button button-primary" disabled={!saved} onClick={onDone}>
          {doneLabel}
        </button>
      </div>
    </div>
  );
}
