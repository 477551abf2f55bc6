// Staff (manageStaff, superadmin): who can sign in to the back office, in which role, whether they have set up
// two-step sign-in and when they last signed in. Add a colleague (the generated password is shown once),
// disable or enable, reset a password (shown once), sign a colleague out everywhere; each with a reason
// that the audit log keeps. One's own account is changed on My account, not here.
import { useId, useState, type FormEvent } from 'react';
import { adminRoles, adminRolesNeedingTotp, type AdminRole } from '@tradewind/contract';
import {
  isStaffUserName,
  staffPageSize,
  useCreateStaff,
  useResetStaffPassword,
  useSetStaffStatus,
  useSignOutStaff,
  useStaff,
  type StaffRow,
  type StaffWithPassword,
} from '../api/staff.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Link } from '../layout/Link.tsx';
import { CopyButton } from '../ui/CopyButton.tsx';
import { Empty, Text } from '../ui/Fields.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { SearchForm } from '../ui/SearchForm.tsx';
import { Badge, DecisionDialog, ErrorNote, LiveMessage, Modal, Notice, Pager } from '../ui/kit.tsx';
import './account.css';

/** A generated password to show once, and for whom. */
type Shown = { kind: 'created' | 'reset' } & StaffWithPassword;

export function Staff({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  if (!can(admin.role, 'manageStaff')) {
    return (
      <section aria-labelledby="staff-title">
        <header className="page-header">
          <h1 id="staff-title">{t('staff.title')}</h1>
        </header>
        <Notice tone="warn">{t('staff.forbidden')}</Notice>
      </section>
    );
  }
  return <StaffList admin={admin} />;
}

function StaffList({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const staff = useStaff(keyword, page);

  return (
    <section aria-labelledby="staff-title">
      <header className="page-header">
        <div>
          <h1 id="staff-title">{t('staff.title')}</h1>
          <p className="page-intro">{t('staff.intro')}</p>
        </div>
        <div className="page-actions">
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            {t('staff.add')}
          </button>
        </div>
      </header>
      <SearchForm
        label={t('staff.search')}
        button={t('users.searchButton')}
        onSearch={(next) => {
          setKeyword(next);
          setPage(1);
        }}
      />
      <LiveMessage message={message} />
      <ListTable
        query={staff}
        columns={[
          { label: t('fields.userName') },
          { label: t('staff.role') },
          { label: t('fields.status') },
          { label: t('staff.totp') },
          { label: t('staff.lastSignIn') },
          { label: t('staff.sessions'), className: 'col-num' },
          { label: t('staff.created') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={keyword ? t('staff.noMatch') : t('staff.empty')}
        items={staff.data?.list}
        row={(row) => (
          <StaffLine
            key={row.id}
            row={row}
            self={row.id === admin.id}
            onMessage={setMessage}
            onPassword={(result) => setShown({ kind: 'reset', ...result })}
          />
        )}
      />
      {staff.data && <Pager page={page} size={staffPageSize} total={staff.data.total} onPage={setPage} />}
      {creating && (
        <CreateDialog
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setShown({ kind: 'created', ...result });
            setMessage(t('staff.createdMessage', { name: result.staff.userName }));
          }}
        />
      )}
      {shown && <PasswordOnce shown={shown} onClose={() => setShown(null)} />}
    </section>
  );
}

function TotpBadge({ row }: { row: StaffRow }) {
  const { t } = useT();
  if (row.totpEnrolled) return <Badge tone="good">{t('staff.totpOn')}</Badge>;
  if ((adminRolesNeedingTotp as readonly AdminRole[]).includes(row.role))
    return <Badge tone="warn">{t('staff.totpPending')}</Badge>;
  return <Badge tone="neutral">{t('staff.totpOff')}</Badge>;
}

type Action = 'status' | 'reset' | 'signOut';

function StaffLine({
  row,
  self,
  onMessage,
  onPassword,
}: {
  row: StaffRow;
  self: boolean;
  onMessage: (message: string) => void;
  onPassword: (result: StaffWithPassword) => void;
}) {
  const { t, dateTimeShort, integer } = useT();
  const [action, setAction] = useState<Action | null>(null);
  const disabled = row.status === 'disabled';
  return (
    <tr className={disabled ? 'is-muted' : undefined}>
      <td className="strong">
        <bdi>{row.userName}</bdi> {self && <Badge tone="info">{t('staff.you')}</Badge>}
      </td>
      <td>{t(`roles.${row.role}`)}</td>
      <td>
        <span className="badge-stack">
          <Badge tone={disabled ? 'bad' : 'good'}>{t(disabled ? 'staff.disabled' : 'staff.enabled')}</Badge>
          {row.mustChangePassword && <Badge tone="warn">{t('staff.mustChange')}</Badge>}
        </span>
      </td>
      <td>
        <TotpBadge row={row} />
      </td>
      <td className="nowrap">
        {row.lastLoginAt === null ? (
          <span className="muted">{t('staff.never')}</span>
        ) : (
          <time dateTime={new Date(row.lastLoginAt).toISOString()}>{dateTimeShort(row.lastLoginAt)}</time>
        )}
      </td>
      <td className="col-num num">{integer(row.activeSessions)}</td>
      <td className="nowrap">
        <time dateTime={new Date(row.createdAt).toISOString()}>{dateTimeShort(row.createdAt)}</time>
      </td>
      <td className="col-actions">
        {self ? (
          <Link to={{ screen: 'account' }} className="button button-small">
            {t('nav.account')}
          </Link>
        ) : (
          <span className="staff-actions">
            <button
              type="button"
              className={`button button-small ${disabled ? '' : 'button-danger-outline'}`}
              onClick={() => setAction('status')}
            >
              {t(disabled ? 'staff.enable' : 'staff.disable')}
            </button>
            <button type="button" className="button button-small" onClick={() => setAction('reset')}>
              {t('staff.resetPassword')}
            </button>
            <button
              type="button"
              className="button button-small"
              disabled={row.activeSessions === 0}
              onClick={() => setAction('signOut')}
            >
              {t('staff.signOut')}
            </button>
          </span>
        )}
        {action === 'status' && (
          <StatusDialog row={row} onMessage={onMessage} onClose={() => setAction(null)} />
        )}
        {action === 'reset' && (
          <ResetDialog
            row={row}
            onClose={() => setAction(null)}
            onReset={(result) => {
              setAction(null);
              onPassword(result);
              onMessage(t('staff.resetMessage', { name: row.userName }));
            }}
          />
        )}
        {action === 'signOut' && (
          <SignOutDialog row={row} onMessage={onMessage} onClose={() => setAction(null)} />
        )}
      </td>
    </tr>
  );
}

function StatusDialog({
  row,
  onMessage,
  onClose,
}: {
  row: StaffRow;
  onMessage: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const setStatus = useSetStaffStatus();
  const disabled = row.status === 'disabled';
  return (
    <DecisionDialog
      title={t(disabled ? 'staff.enableTitle' : 'staff.disableTitle', { name: row.userName })}
      hint={t(disabled ? 'staff.enableHint' : 'staff.disableHint')}
      field={{ label: t('users.reasonLabel'), required: true }}
      confirmLabel={t(disabled ? 'staff.enable' : 'staff.disable')}
      danger={!disabled}
      pending={setStatus.isPending}
      error={setStatus.error}
      onConfirm={(reason) =>
        setStatus.mutate(
          { id: row.id, status: disabled ? 'enabled' : 'disabled', reason },
          {
            onSuccess: () => {
              onClose();
              onMessage(
                t(disabled ? 'staff.enabledMessage' : 'staff.disabledMessage', { name: row.userName }),
              );
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}

function SignOutDialog({
  row,
  onMessage,
  onClose,
}: {
  row: StaffRow;
  onMessage: (message: string) => void;
  onClose: () => void;
}) {
  const { t, integer } = useT();
  const signOut = useSignOutStaff();
  return (
    <DecisionDialog
      title={t('staff.signOutTitle', { name: row.userName })}
      hint={t('staff.signOutHint')}
      field={{ label: t('users.reasonLabel'), required: true }}
      confirmLabel={t('staff.signOut')}
      danger
      pending={signOut.isPending}
      error={signOut.error}
      onConfirm={(reason) =>
        signOut.mutate(
          { id: row.id, reason },
          {
            onSuccess: ({ result }) => {
              onClose();
              onMessage(t('staff.signedOutMessage', { name: row.userName, count: integer(result.revoked) }));
            },
          },
        )
      }
      onClose={onClose}
    />
  );
}

/** A reset needs a reason, and may also remove the authenticator (a lost phone). */
function ResetDialog({
  row,
  onClose,
  onReset,
}: {
  row: StaffRow;
  onClose: () => void;
  onReset: (result: StaffWithPassword) => void;
}) {
  const { t } = useT();
  const reset = useResetStaffPassword();
  const [resetTotp, setResetTotp] = useState(false);
  const id = useId();
  return (
    <DecisionDialog
      title={t('staff.resetTitle', { name: row.userName })}
      hint={t('staff.resetHint')}
      field={{ label: t('users.reasonLabel'), required: true }}
      confirmLabel={t('staff.resetPassword')}
      danger
      pending={reset.isPending}
      error={reset.error}
      onConfirm={(reason) =>
        reset.mutate({ id: row.id, reason, resetTotp }, { onSuccess: ({ result }) => onReset(result) })
      }
      onClose={onClose}
    >
      {row.totpEnrolled && (
        <label className="checkbox checkbox-start" htmlFor={`${id}-totp`}>
          <input
            id={`${id}-totp`}
            type="checkbox"
            checked={resetTotp}
            onChange={(e) => setResetTotp(e.target.checked)}
          />
          {t('staff.resetTotp')}
        </label>
      )}
    </DecisionDialog>
  );
}

function CreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (result: StaffWithPassword) => void;
}) {
  const { t } = useT();
  const create = useCreateStaff();
  const [userName, setUserName] = useState('');
  const [role, setRole] = useState<AdminRole | null>(null);
  const [problems, setProblems] = useState<{ userName?: string; role?: string }>({});
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = userName.trim();
    const found = {
      ...(name === ''
        ? { userName: t('common.required') }
        : isStaffUserName(name)
          ? {}
          : { userName: t('staff.userNameRule') }),
      ...(role ? {} : { role: t('staff.roleRequired') }),
    };
    setProblems(found);
    if (found.userName || !role) return;
    create.mutate({ userName: name, role }, { onSuccess: ({ result }) => onCreated(result) });
  };

  return (
    <Modal title={t('staff.addTitle')} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p className="dialog-hint">{t('staff.addHint')}</p>
        <div className="field">
          <label htmlFor={`${id}-user`}>
            {t('fields.userName')}
            <span className="required-mark"> *</span>
          </label>
          <input
            id={`${id}-user`}
            name="staff-user-name"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            dir="ltr"
            maxLength={32}
            required
            value={userName}
            aria-invalid={problems.userName ? true : undefined}
            aria-describedby={`${id}-user-hint${problems.userName ? ` ${id}-user-error` : ''}`}
            onChange={(e) => {
              setUserName(e.target.value);
              setProblems((p) => ({ ...p, userName: undefined }));
            }}
            autoFocus
          />
          <p id={`${id}-user-hint`} className="field-hint">
            {t('staff.userNameRule')}
          </p>
          {problems.userName && (
            <p id={`${id}-user-error`} className="field-error">
              {problems.userName}
            </p>
          )}
        </div>
        <fieldset
          className="role-choice"
          aria-invalid={problems.role ? true : undefined}
          aria-describedby={problems.role ? `${id}-role-error` : undefined}
        >
          <legend>
            {t('staff.role')}
            <span className="required-mark"> *</span>
          </legend>
          {adminRoles.map((r) => (
            <label key={r} className={`role-option${role === r ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name={`${id}-role`}
                value={r}
                checked={role === r}
                onChange={() => {
                  setRole(r);
                  setProblems((p) => ({ ...p, role: undefined }));
                }}
              />
              <span>
                <span className="strong">{t(`roles.${r}`)}</span>
                <span className="role-hint">{t(`roleHints.${r}`)}</span>
              </span>
            </label>
          ))}
          {problems.role && (
            <p id={`${id}-role-error`} className="field-error">
              {problems.role}
            </p>
          )}
        </fieldset>
        {create.error ? <ErrorNote error={create.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? t('staff.creating') : t('staff.create')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The generated password, this once: copy it, hand it over, it is not shown again. */
function PasswordOnce({ shown, onClose }: { shown: Shown; onClose: () => void }) {
  const { t } = useT();
  const name = shown.staff.userName;
  return (
    <Modal
      title={t(shown.kind === 'created' ? 'staff.createdTitle' : 'staff.resetDoneTitle', { name })}
      onClose={onClose}
    >
      <div className="stack-form">
        <Notice tone="warn">{t('staff.passwordOnce', { name })}</Notice>
        <dl className="field-list">
          <div className="field-item">
            <dt>{t('fields.userName')}</dt>
            <dd>
              <Text value={name} />
            </dd>
          </div>
          <div className="field-item">
            <dt>{t('staff.role')}</dt>
            <dd>{t(`roles.${shown.staff.role}`)}</dd>
          </div>
          <div className="field-item field-item-wide">
            <dt>{t('staff.generatedPassword')}</dt>
            <dd>
              {shown.password ? (
                <code className="secret" dir="ltr" data-testid="generated-password">
                  {shown.password}
                </code>
              ) : (
                <Empty />
              )}
            </dd>
          </div>
        </dl>
        <CopyButton text={shown.password} label={t('staff.copyPassword')} />
        <p className="muted">{t('staff.firstSignIn')}</p>
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={onClose}>
            {t('staff.noted')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
