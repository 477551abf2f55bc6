// Sign-in of an operator (POST /admin/api/login); the token lives in sessionStorage until the tab closes.
import { useId, useState, type FormEvent } from 'react';
import { useLogin } from '../api/queries.ts';
import { session } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Brand } from '../layout/Brand.tsx';
import { LanguageSelect } from '../layout/LanguageSelect.tsx';
import { ErrorNote, Notice } from '../ui/kit.tsx';

export function Login() {
  const { t } = useT();
  const login = useLogin();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const [ended] = useState(session.wasEndedByServer);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ userName: userName.trim(), password });
  };

  return (
    <div className="login-page">
      <header className="login-header">
        <Brand />
        <LanguageSelect />
      </header>
      <main className="login-main">
        <form className="login-card" onSubmit={submit}>
          <h1>{t('login.title')}</h1>
          {ended && !login.isPending && !login.error && (
            <Notice tone="warn">{t('login.sessionEnded')}</Notice>
          )}
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
          {login.error ? <ErrorNote error={login.error} /> : null}
          <button type="submit" className="button button-primary button-block" disabled={login.isPending}>
            {login.isPending ? t('login.submitting') : t('login.submit')}
          </button>
          <p className="login-note">{t('login.note')}</p>
        </form>
      </main>
    </div>
  );
}
