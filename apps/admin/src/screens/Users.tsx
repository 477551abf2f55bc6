// Customers: search by user name or email, page through, disable or enable with a reason (audited).
import { useId, useState, type FormEvent } from 'react';
import { kycStatuses, userStatuses, type UserInfo } from '@tradewind/contract';
import { pageSize, useSetUserStatus, useUsers } from '../api/queries.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Badge, DecisionDialog, LiveMessage, Notice, Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';

const kycTones = {
  [kycStatuses.none]: 'neutral',
  [kycStatuses.pending]: 'warn',
  [kycStatuses.verified]: 'good',
  [kycStatuses.failed]: 'bad',
} as const;

export function Users({ admin }: { admin: AdminSession['admin'] }) {
  const tr = useT();
  const { t } = tr;
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [message, setMessage] = useState<string | null>(null);
  const users = useUsers(keyword, page);
  const searchId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setKeyword(draft.trim());
    setPage(1);
  };

  return (
    <section aria-labelledby="users-title">
      <header className="page-header">
        <h1 id="users-title">{t('users.title')}</h1>
      </header>
      <form className="toolbar" role="search" onSubmit={search}>
        <label htmlFor={searchId} className="visually-hidden">
          {t('users.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="search-input"
          placeholder={t('users.search')}
          maxLength={64}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="button button-primary button-small">
          {t('users.searchButton')}
        </button>
        {keyword && (
          <button
            type="button"
            className="button button-small"
            onClick={() => {
              setDraft('');
              setKeyword('');
              setPage(1);
            }}
          >
            {t('users.clear')}
          </button>
        )}
      </form>
      {!can(admin.role, 'setUserStatus') && (
        <Notice>{t('common.readOnly', { role: t(`roles.${admin.role}`) })}</Notice>
      )}
      <LiveMessage message={message} />
      <ListTable
        query={users}
        columns={[
          { label: t('fields.id') },
          { label: t('fields.userName') },
          { label: t('fields.email') },
          { label: t('fields.phone') },
          { label: t('fields.kycStatus') },
          { label: t('fields.status') },
          { label: t('fields.inviteCode') },
          { label: t('users.registered') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('users.noUsers')}
        items={users.data?.list}
        row={(user) => <UserRow key={user.id} user={user} onChanged={setMessage} />}
      />
      {users.data && <Pager page={page} size={pageSize} total={users.data.total} onPage={setPage} />}
    </section>
  );
}

function UserRow({ user, onChanged }: { user: UserInfo; onChanged: (message: string) => void }) {
  const { t, dateTimeShort } = useT();
  const [confirming, setConfirming] = useState(false);
  const setStatus = useSetUserStatus();
  const disabled = user.status === userStatuses.disabled;
  const next = disabled ? userStatuses.enabled : userStatuses.disabled;
  return (
    <tr className={disabled ? 'is-muted' : undefined}>
      <td className="num">{user.id}</td>
      <td className="strong">
        <bdi>{user.userName}</bdi>
      </td>
      <td>
        <bdi>{user.email}</bdi>
      </td>
      <td className="num nowrap">
        {user.phone ? (
          <span dir="ltr">{[user.areaCode, user.phone].filter(Boolean).join(' ')}</span>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <Badge tone={kycTones[user.kycStatus]}>{t(`kycStatus.${user.kycStatus}`)}</Badge>
      </td>
      <td>
        <Badge tone={disabled ? 'bad' : 'good'}>{t(`userStatus.${user.status}`)}</Badge>
      </td>
      <td className="mono">{user.inviteCode}</td>
      <td className="nowrap">
        <time dateTime={new Date(user.createdAt).toISOString()}>{dateTimeShort(user.createdAt)}</time>
      </td>
      <td className="col-actions">
        <button
          type="button"
          className={`button button-small ${disabled ? '' : 'button-danger-outline'}`}
          onClick={() => setConfirming(true)}
        >
          {disabled ? t('users.enable') : t('users.disable')}
        </button>
        {confirming && (
          <DecisionDialog
            title={t(disabled ? 'users.enableTitle' : 'users.disableTitle', { name: user.userName })}
            hint={t(disabled ? 'users.enableHint' : 'users.disableHint')}
            field={{ label: t('users.reasonLabel'), required: true }}
            confirmLabel={disabled ? t('users.enable') : t('users.disable')}
            danger={!disabled}
            pending={setStatus.isPending}
            error={setStatus.error}
            onConfirm={(reason) =>
              setStatus.mutate(
                { id: user.id, status: next, reason },
                {
                  onSuccess: (answer) => {
                    setConfirming(false);
                    onChanged(answer.message);
                  },
                },
              )
            }
            onClose={() => {
              setConfirming(false);
              setStatus.reset();
            }}
          />
        )}
      </td>
    </tr>
  );
}
