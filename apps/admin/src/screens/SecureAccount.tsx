// "Secure your account": the guided first sign-in. Until the operator has replaced a generated or reset
// password and, in a role that decides money or identity checks, enrolled TOTP, the server answers every
// call but /me/* with 10114; so the shell is not shown: this flow is, step by step, and ends on the
// recovery codes, shown once.
import { useState } from 'react';
import { signOut, useMe, type Me } from '../api/account.ts';
import { session, type AdminSession } from '../app/session.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { Brand } from '../layout/Brand.tsx';
import { LanguageSelect } from '../layout/LanguageSelect.tsx';
import { ErrorNote, LiveMessage } from '../ui/kit.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { RecoveryCodes, TotpEnrol } from './TotpSetup.tsx';
import './account.css';

type Step = 'password' | 'totp' | 'codes';

const stepLabels: Record<Step, MessageKey> = {
  password: 'secure.stepPassword',
  totp: 'secure.stepTotp',
  codes: 'secure.stepCodes',
};

/** What this operator has left to do, fixed when the flow starts so the steps do not shift under them. */
function planOf(me: Me): Step[] {
  const steps: Step[] = [];
  if (me.mustChangePassword) steps.push('password');
  if (me.totpRequired && !me.totpEnrolled) steps.push('totp', 'codes');
  return steps;
}

export function SecureAccount({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  // The flags the tab holds may be stale (a 10114 brought the operator here): the server's count.
  const me = useMe();
  return (
    <div className="login-page">
      <header className="login-header">
        <Brand />
        <span className="secure-header-end">
          <LanguageSelect />
          <button type="button" className="button button-ghost" onClick={() => void signOut()}>
            {t('app.signOut')}
          </button>
        </span>
      </header>
      <main className="login-main" id="main">
        <section className="login-card secure-card" aria-labelledby="secure-title">
          <header className="secure-intro">
            <h1 id="secure-title">{t('secure.title')}</h1>
            <p>{t('secure.intro', { name: admin.userName })}</p>
          </header>
          {me.error ? (
            <ErrorNote error={me.error} onRetry={() => void me.refetch()} />
          ) : me.data ? (
            <Steps me={me.data} />
          ) : (
            <p className="muted">{t('common.loading')}</p>
          )}
        </section>
      </main>
    </div>
  );
}

function Steps({ me }: { me: Me }) {
  const { t, integer } = useT();
  const [plan] = useState(() => planOf(me));
  const [done, setDone] = useState<readonly Step[]>([]);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const current = plan.find((step) => !done.includes(step));

  // Nothing left (another tab finished, or the flags were stale): the server's flags let the shell in.
  if (!current) {
    return (
      <button
        type="button"
        className="button button-primary"
        onClick={() => session.updateAdmin({ mustChangePassword: false, totpEnrolled: me.totpEnrolled })}
      >
        {t('secure.finish')}
      </button>
    );
  }
  const index = plan.indexOf(current);
  const finish = (step: Step) => setDone((steps) => [...steps, step]);

  return (
    <>
      <ol className="stepper" aria-label={t('secure.progress')}>
        {plan.map((step, i) => {
          const state = done.includes(step) ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={step}
              className={`stepper-step is-${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="stepper-mark" aria-hidden="true">
                {state === 'done' ? '✓' : integer(i + 1)}
              </span>
              <span>
                {t(stepLabels[step])}
                {state === 'done' && <span className="visually-hidden"> ({t('secure.stepDone')})</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <LiveMessage message={message} />
      <section className="secure-step" aria-labelledby="secure-step-title">
        <p className="muted">
          {t('secure.stepOf', { step: integer(index + 1), steps: integer(plan.length) })}
        </p>
        <h2 id="secure-step-title">{t(stepLabels[current])}</h2>
        {current === 'password' && (
          <>
            <p>{t('secure.passwordWhy')}</p>
            <PasswordForm
              userName={me.userName}
              submitLabel={t('secure.passwordSubmit')}
              onChanged={(_me, answer) => {
                setMessage(answer);
                finish('password');
              }}
            />
          </>
        )}
        {current === 'totp' && (
          <>
            <p>{t('secure.totpWhy', { role: t(`roles.${me.role}`) })}</p>
            <TotpEnrol
              userName={me.userName}
              onConfirmed={(codes) => {
                setRecoveryCodes(codes);
                setMessage(t('totp.enrolled'));
                finish('totp');
              }}
            />
          </>
        )}
        {current === 'codes' && recoveryCodes && (
          <RecoveryCodes
            codes={recoveryCodes}
            userName={me.userName}
            doneLabel={t('secure.finish')}
            // Only now may the shell appear: the codes are not shown again.
            onDone={() => session.updateAdmin({ mustChangePassword: false, totpEnrolled: true })}
          />
        )}
      </section>
    </>
  );
}
