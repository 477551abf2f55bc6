// Sign-in of an operator in two steps (POST /admin/api/login): user name and password, then, when the server
// answers 10113 (TOTP enrolled), the code from the authenticator app or one of the recovery codes, posted
// with the same user name and password. After too many failures the server answers a wait (10104) to all
// but a right password with a right code, so the code can be given at once. The token lives in sessionStorage
// until the tab closes.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { codes } from '@tradewind/contract';
import { useLogin } from '../api/account.ts';
import { ApiError } from '../api/client.ts';
import { session } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Brand } from '../layout/Brand.tsx';
import { LanguageSelect } from '../layout/LanguageSelect.tsx';
import { ErrorNote, Notice } from '../ui/kit.tsx';
import { isRecoveryCode, isTotpCode, normalizeTotp } from '../ui/otp.ts';
import './account.css';

type CodeKind = 'app' | 'recovery';

const isTotpRequired = (error: unknown) => error instanceof ApiError && error.code === codes.totpRequired;
/** 10104: failed sign-ins from here or for this name ask for a wait (retry-after). */
const isWait = (error: unknown) => error instanceof ApiError && error.code === codes.tooManyRequests;

export function Login() {
  const { t } = useT();
  const login = useLogin();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  /** Null on the first step; the kind of code asked for on the second. */
  const [codeKind, setCodeKind] = useState<CodeKind | null>(null);
  const id = useId();
  const [ended] = useState(session.wasEndedByServer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { userName: userName.trim(), password },
      {
        onError: (error) => {
          if (!isTotpRequired(error)) return;
          login.reset();
          setCodeKind('app');
        },
      },
    );
  };

  if (codeKind) {
    return (
      <LoginFrame>
        <CodeStep
          kind={codeKind}
          onKind={setCodeKind}
          userName={userName.trim()}
          password={password}
          onBack={() => {
            setCodeKind(null);
            setPassword('');
          }}
        />
      </LoginFrame>
    );
  }

  return (
    <LoginFrame>
      <form className="login-card" onSubmit={submit}>
        <h1>{t('login.title')}</h1>
        {ended && !login.isPending && !login.error && <Notice tone="warn">{t('login.sessionEnded')}</Notice>}
        <div className="field">
          <label htmlFor={`${id}-user`}>{t('login.userName')}</label>
          <input
            id={`${id}-user`}
            name="username"
            autoComplete="username"
            required
            maxLength={64}
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            autoFocus
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('login.password')}</label>
          <input
            id={`${id}-password`}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {login.error && !isTotpRequired(login.error) ? <ErrorNote error={login.error} /> : null}
        {isWait(login.error) && (
          // A wait never holds back the right password with a right code: the owner goes on with a code.
          <p className="login-hint">
            {t('login.waitHint')}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                login.reset();
                setCodeKind('app');
              }}
            >
              {t('login.waitUseCode')}
            </button>
          </p>
        )}
        <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </button>
        <p className="login-note">{t('login.note')}</p>
      </form>
    </LoginFrame>
  );
}

function LoginFrame({ children }: { children: ReactNode }) {
  return (
    <div className="login-page">
      <header className="login-header">
        <Brand />
        <LanguageSelect />
      </header>
      <main className="login-main">{children}</main>
    </div>
  );
}

/** The second step: the same user name and password again, with the one-time code. */
function CodeStep({
  kind,
  onKind,
  userName,
  password,
  onBack,
}: {
  kind: CodeKind;
  onKind: (kind: CodeKind) => void;
  userName: string;
  password: string;
  onBack: () => void;
}) {
  const { t } = useT();
  const login = useLogin();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const recovery = kind === 'recovery';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = recovery ? isRecoveryCode(code) : isTotpCode(code);
    setInvalid(!valid);
    if (!valid) {
      inputRef.current?.focus();
      return;
    }
    const otp = recovery ? code.trim() : normalizeTotp(code);
    login.mutate(
      { userName, password, otp },
      {
        // A refused code cannot be used again: clear it for the next one.
        onError: () => {
          setCode('');
          inputRef.current?.focus();
        },
      },
    );
  };

  const switchKind = () => {
    setCode('');
    setInvalid(false);
    login.reset();
    onKind(recovery ? 'app' : 'recovery');
  };

  const errorId = `${id}-error`;
  return (
    <form className="login-card" onSubmit={submit} noValidate>
      <h1>{t(recovery ? 'login.recoveryTitle' : 'login.codeTitle')}</h1>
      <p className="login-hint" id={`${id}-hint`}>
        {t(recovery ? 'login.recoveryHint' : 'login.codeHint')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t(recovery ? 'login.recoveryCode' : 'login.code')}</label>
        <input
          key={kind}
          ref={inputRef}
          id={`${id}-code`}
          name={recovery ? 'recovery-code' : 'otp'}
          className="code-input"
          dir="ltr"
          {...(recovery
            ? { autoComplete: 'off', maxLength: 11, autoCapitalize: 'none' }
            : { autoComplete: 'one-time-code', inputMode: 'numeric' as const, maxLength: 7 })}
          spellCheck={false}
          required
          value={code}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${id}-hint ${errorId}` : `${id}-hint`}
          onChange={(e) => {
            setCode(e.target.value);
            setInvalid(false);
          }}
          autoFocus
        />
        {invalid && (
          <p id={errorId} className="field-error">
            {t(recovery ? 'login.recoveryFormat' : 'login.codeFormat')}
          </p>
        )}
      </div>
      {isTotpRequired(login.error) ? (
        // The server's 10113 asks for a code; here it means this one was refused: say so in these words.
        <p className="note note-bad" role="alert">
          {t(recovery ? 'login.recoveryRefused' : 'login.codeRefused')}
        </p>
      ) : login.error ? (
        <ErrorNote error={login.error} />
      ) : null}
      <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
        {login.isPending ? t('login.verifying') : t('login.verify')}
      </button>
      <div className="login-links">
        <button type="button" className="link-button" onClick={switchKind}>
          {t(recovery ? 'login.useApp' : 'login.useRecovery')}
        </button>
        <button type="button" className="link-button" onClick={onBack}>
          {t('login.back')}
        </button>
      </div>
    </form>
  );
}
