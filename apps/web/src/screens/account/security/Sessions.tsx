// The sessions section of the security page (issue 25): every device signed in now, with its browser, IP
// and when it signed in and was last active; this one marked; sign out one or all others, each confirmed.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecuritySession } from '@tradewind/contract';
import { useRevokeOtherSessions, useRevokeSession, useSecuritySessions } from '../../../api/sessions.ts';
import { currentLocale } from '../../../i18n/i18n.ts';
import { formatDateTime, isolate } from '../../../i18n/format.ts';
import { Card, ErrorNote, Spinner } from '../../../ui/kit.tsx';
import { toast } from '../../../ui/toast.tsx';
import './security.css';
import './sessions.css';

export function SessionsSection() {
  const { t } = useTranslation('security');
  const sessions = useSecuritySessions();
  return (
    <Card title={t('sessions.title')} className="sessions">
      <p className="muted">{t('sessions.intro')}</p>
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <div className="sessions-state">
          <ErrorNote message={sessions.error.message} />
          <button type="button" className="btn btn-secondary" onClick={() => void sessions.refetch()}>
            {t('sessions.retry')}
          </button>
        </div>
      ) : (
        <>
          <ul className="security-list" data-testid="sessions-list">
            {/* This device first, then the others by last activity, as the server lists them. */}
            {[...sessions.data]
              .sort((a, b) => Number(b.current) - Number(a.current))
              .map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
          </ul>
          {sessions.data.some((s) => !s.current) ? (
            <SignOutOthers />
          ) : (
            <p className="muted small">{t('sessions.onlyThis')}</p>
          )}
        </>
      )}
    </Card>
  );
}

function SessionRow({ session }: { session: SecuritySession }) {
  const { t } = useTranslation('security');
  const locale = currentLocale();
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeSession();
  const device = session.device ?? t('sessions.unknownDevice');
  return (
    <li className="security-row sessions-row" data-testid="session-row" data-current={session.current}>
      <div className="security-row-head">
        <div className="security-row-text">
          <strong className="sessions-device">
            <bdi>{device}</bdi>
            {session.current && <span className="sessions-this">{t('sessions.thisDevice')}</span>}
          </strong>
          <span className="muted small">
            <bdi>{session.browser ?? t('sessions.unknownBrowser')}</bdi>
            {session.ip && ` · ${t('sessions.ip', { ip: isolate(session.ip) })}`}
          </span>
          <span className="muted small">
            {t('sessions.firstSeen', { time: formatDateTime(session.createdAt, locale) })}
            {' · '}
            {t('sessions.lastSeen', { time: formatDateTime(session.lastSeenAt, locale) })}
          </span>
        </div>
        {!session.current && !confirming && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setConfirming(true)}>
            {t('sessions.signOut')}
          </button>
        )}
      </div>
      {confirming && (
        <Confirm
          text={t('sessions.signOutConfirm', { device })}
          pending={revoke.isPending}
          error={revoke.error?.message}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            revoke.mutate(session.id, { onSuccess: () => toast(t('sessions.signedOut'), 'success') })
          }
        />
      )}
    </li>
  );
}

function SignOutOthers() {
  const { t } = useTranslation('security');
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeOtherSessions();
  if (!confirming)
    return (
      <div className="row-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
          {t('sessions.signOutOthers')}
        </button>
      </div>
    );
  return (
    <Confirm
      text={t('sessions.signOutOthersConfirm')}
      pending={revoke.isPending}
      error={revoke.error?.message}
      onCancel={() => setConfirming(false)}
      onConfirm={() =>
        revoke.mutate(undefined, {
          onSuccess: () => {
            setConfirming(false);
            toast(t('sessions.othersSignedOut'), 'success');
          },
        })
      }
    />
  );
}

function Confirm({
  text,
  pending,
  error,
  onCancel,
  onConfirm,
}: {
  text: string;
  pending: boolean;
  error: string | undefined;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('security');
  return (
    <div className="sessions-confirm" role="group" aria-label={text}>
      <p className="note note-warn">{text}</p>
      {error && <ErrorNote message={error} />}
      <div className="row-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('sessions.cancel')}
        </button>
        <button type="button" className="btn btn-primary" disabled={pending} onClick={onConfirm}>
          {pending ? t('common.pleaseWait', { ns: 'web' }) : t('sessions.signOutYes')}
        </button>
      </div>
    </div>
  );
}
