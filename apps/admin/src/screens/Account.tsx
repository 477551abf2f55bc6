// My account: who I am and what my role may do, my password, my two-step sign-in (enrol, or move it to a
// new phone, with fresh recovery codes), the browsers where I am signed in (sign any of them out), sign out.
import { useState } from 'react';
import {
  signOut,
  useMe,
  useMySessions,
  useRevokeMySession,
  type Me,
  type SessionRow,
} from '../api/account.ts';
import { session, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Empty, FieldList, Text, Time } from '../ui/Fields.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { Badge, DecisionDialog, ErrorNote, LiveMessage } from '../ui/kit.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { RecoveryCodes, TotpEnrol } from './TotpSetup.tsx';
import './account.css';

export function Account({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  const me = useMe();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <section aria-labelledby="account-title">
      <header className="page-header">
        <div>
          <h1 id="account-title">{t('account.title')}</h1>
          <p className="page-intro">{t('account.intro')}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button" onClick={() => void signOut()}>
            {t('account.signOutHere')}
          </button>
        </div>
      </header>
      <LiveMessage message={message} />
      <div className="account-grid">
        <section className="card" aria-labelledby="account-profile">
          <h2 id="account-profile">{t('account.profile')}</h2>
          <FieldList
            fields={[
              { label: t('fields.userName'), value: <Text value={admin.userName} /> },
              { label: t('account.role'), value: t(`roles.${admin.role}`) },
              { label: t('account.mayDo'), value: t(`roleHints.${admin.role}`), wide: true },
            ]}
          />
        </section>
        <section className="card" aria-labelledby="account-password">
          <h2 id="account-password">{t('account.password')}</h2>
          <p className="muted">{t('account.passwordHint')}</p>
          <PasswordForm
            userName={admin.userName}
            submitLabel={t('password.submit')}
            onChanged={(_me, m) => setMessage(m)}
          />
        </section>
        <section className="card" aria-labelledby="account-totp">
          <h2 id="account-totp">{t('account.totp')}</h2>
          {me.error ? (
            <ErrorNote error={me.error} onRetry={() => void me.refetch()} />
          ) : me.data ? (
            <TwoStep me={me.data} onMessage={setMessage} onChanged={() => void me.refetch()} />
          ) : (
            <p className="muted">{t('common.loading')}</p>
          )}
        </section>
      </div>
      <Sessions onMessage={setMessage} />
    </section>
  );
}

/** The second factor: on or off, the recovery codes left, enrol (or move to a new phone). */
function TwoStep({
  me,
  onMessage,
  onChanged,
}: {
  me: Me;
  onMessage: (message: string) => void;
  onChanged: () => void;
}) {
  const { t, integer } = useT();
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  if (codes) {
    return (
      <RecoveryCodes
        codes={codes}
        userName={me.userName}
        doneLabel={t('common.close')}
        onDone={() => {
          setCodes(null);
          session.updateAdmin({ totpEnrolled: true });
          onChanged();
        }}
      />
    );
  }
  return (
    <div className="stack-form">
      <p>
        {me.totpEnrolled ? (
          <Badge tone="good">{t('account.totpOn')}</Badge>
        ) : (
          <Badge tone={me.totpRequired ? 'bad' : 'neutral'}>{t('account.totpOff')}</Badge>
        )}{' '}
        {me.totpRequired ? t('account.totpRequired') : t('account.totpOptional')}
      </p>
      {me.totpEnrolled && (
        <p className={me.recoveryCodesLeft <= 2 ? 'note note-warn' : 'muted'}>
          {t('account.codesLeft', { count: integer(me.recoveryCodesLeft) })}
        </p>
      )}
      {enrolling ? (
        <TotpEnrol
          userName={me.userName}
          replacing={me.totpEnrolled}
          onCancel={() => setEnrolling(false)}
          onConfirmed={(recoveryCodes) => {
            setEnrolling(false);
            setCodes(recoveryCodes);
            onMessage(t('totp.enrolled'));
          }}
        />
      ) : (
        <div>
          <button type="button" className="button" onClick={() => setEnrolling(true)}>
            {t(me.totpEnrolled ? 'account.totpMove' : 'totp.start')}
          </button>
        </div>
      )}
    </div>
  );
}

function Sessions({ onMessage }: { onMessage: (message: string) => void }) {
  const { t } = useT();
  const sessions = useMySessions();
  return (
    <section aria-labelledby="account-sessions">
      <header className="page-header">
        <div>
          <h2 id="account-sessions" className="section-title">
            {t('account.sessions')}
          </h2>
          <p className="page-intro">{t('account.sessionsIntro')}</p>
        </div>
        <button type="button" className="button button-small" onClick={() => void sessions.refetch()}>
          {t('common.refresh')}
        </button>
      </header>
      <ListTable
        query={sessions}
        columns={[
          { label: t('account.browser') },
          { label: t('account.address') },
          { label: t('account.signedIn') },
          { label: t('account.lastActive') },
          { label: t('account.expires') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('account.noSessions')}
        items={sessions.data}
        row={(row) => <SessionLine key={row.id} row={row} onMessage={onMessage} />}
      />
    </section>
  );
}

/** A browser as people name it ("Chrome on Windows"); the full user agent stays in the cell's title. */
export function browserOf(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  return [browser, system].filter(Boolean).join(' · ') || null;
}

function SessionLine({ row, onMessage }: { row: SessionRow; onMessage: (message: string) => void }) {
  const { t } = useT();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeMySession();
  return (
    <tr>
      <td title={row.userAgent ?? undefined}>
        <Text value={browserOf(row.userAgent) ?? row.userAgent} />{' '}
        {row.current && <Badge tone="info">{t('account.thisSession')}</Badge>}
      </td>
      <td className="num">{row.ip ? <span dir="ltr">{row.ip}</span> : <Empty />}</td>
      <td className="nowrap">
        <Time epochMs={row.createdAt} />
      </td>
      <td className="nowrap">
        <Time epochMs={row.lastSeenAt} />
      </td>
      <td className="nowrap">
        <Time epochMs={row.expiresAt} />
      </td>
      <td className="col-actions">
        {row.current ? (
          <button type="button" className="button button-small" onClick={() => void signOut()}>
            {t('app.signOut')}
          </button>
        ) : (
          <button
            type="button"
            className="button button-small button-danger-outline"
            onClick={() => setConfirming(true)}
          >
            {t('account.revoke')}
          </button>
        )}
        {confirming && (
          <DecisionDialog
            title={t('account.revokeTitle')}
            hint={t('account.revokeHint')}
            confirmLabel={t('account.revoke')}
            danger
            pending={revoke.isPending}
            error={revoke.error}
            onConfirm={() =>
              revoke.mutate(row.id, {
                onSuccess: () => {
                  setConfirming(false);
                  onMessage(t('account.revoked'));
                },
              })
            }
            onClose={() => {
              setConfirming(false);
              revoke.reset();
            }}
          />
        )}
      </td>
    </tr>
  );
}
