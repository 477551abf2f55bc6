// System parameters (superadmin, editParams): each value with what it may hold, edited one at a time in a
// form that checks the value as its reader will, with a reason kept in the audit log. Parameters the server
// computes from its own data (the deposit minimums, the products it runs) are shown, never edited.
import { useId, useState, type FormEvent } from 'react';
import type { AdminParam, EditableParamKey } from '@tradewind/contract';
import { editableParamKeys, operatorNotLicensed } from '@tradewind/contract';
import { ApiError } from '../api/client.ts';
import { useParams, useUpdateParam } from '../api/params.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT, type Translator } from '../i18n/i18n.ts';
import { Badge, ErrorNote, LiveMessage, Modal, Notice } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { checkValue } from './params-rules.ts';

const isEditable = (key: string): key is EditableParamKey =>
  (editableParamKeys as readonly string[]).includes(key);

const nameOf = ({ tMaybe }: Translator, key: string) => tMaybe(`params.keys.${key}`) ?? key;

/** What a parameter may hold, in words. */
function ruleOf({ t }: Translator, p: AdminParam): string {
  const bounds = { min: p.min ?? '', max: p.max ?? '', scale: p.scale ?? 0 };
  switch (p.kind) {
    case 'decimal':
      return t('params.rangeScale', bounds);
    case 'integer':
      return t('params.range', bounds);
    case 'url':
      return t('params.urlRule');
    case 'noticeId':
      return t('params.noticeRule');
    case 'email':
      return t('params.emailRule');
    case 'phone':
      return t('params.phoneRule');
    case 'text':
      return t('params.textRule');
    case 'licence':
      return t('params.licenceRule', { none: operatorNotLicensed });
    case 'derived':
      return t('params.derived');
  }
}

export function Params({ admin }: { admin: AdminSession['admin'] }) {
  const tr = useT();
  const { t, dateTimeShort } = tr;
  const params = useParams();
  const [editing, setEditing] = useState<AdminParam | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  return (
    <section aria-labelledby="params-title">
      <header className="page-header">
        <div>
          <h1 id="params-title">{t('params.title')}</h1>
          <p className="page-intro">{t('params.intro')}</p>
        </div>
      </header>
      {!can(admin.role, 'editParams') && <Notice>{t('common.forbidden')}</Notice>}
      <LiveMessage message={message} />
      <ListTable
        query={params}
        columns={[
          { label: t('params.key') },
          { label: t('params.value') },
          { label: t('params.rule') },
          { label: t('params.visibility') },
          { label: t('params.updated') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('params.none')}
        items={params.data}
        row={(p) => (
          <tr key={p.key} data-testid="param-row">
            <td>
              <div className="strong">
                <bdi>{nameOf(tr, p.key)}</bdi>
              </div>
              <code className="mono-break muted" dir="ltr">
                {p.key}
              </code>
            </td>
            <td>
              {p.value === '' ? (
                <span className="muted">{t('params.empty')}</span>
              ) : (
                <code className="mono-break" dir="ltr">
                  {p.value}
                </code>
              )}
            </td>
            <td>{ruleOf(tr, p)}</td>
            <td>
              <Badge tone={p.public ? 'info' : 'neutral'}>
                {p.public ? t('params.public') : t('params.internal')}
              </Badge>
            </td>
            <td className="nowrap">
              {p.updatedAt !== null && (
                <time dateTime={new Date(p.updatedAt).toISOString()}>{dateTimeShort(p.updatedAt)}</time>
              )}
            </td>
            <td className="col-actions">
              {isEditable(p.key) && (
                <button
                  type="button"
                  className="button button-small"
                  aria-label={t('params.editTitle', { name: nameOf(tr, p.key) })}
                  onClick={() => setEditing(p)}
                >
                  {t('params.edit')}
                </button>
              )}
            </td>
          </tr>
        )}
      />
      {editing && isEditable(editing.key) && (
        <EditParam
          param={editing}
          paramKey={editing.key}
          onClose={() => setEditing(null)}
          onSaved={(saved, text) => {
            setEditing(null);
            setMessage(`${t('params.saved', { name: nameOf(tr, saved.key) })} ${text}`);
          }}
        />
      )}
    </section>
  );
}

function EditParam({
  param,
  paramKey,
  onClose,
  onSaved,
}: {
  param: AdminParam;
  paramKey: EditableParamKey;
  onClose: () => void;
  onSaved: (saved: AdminParam, message: string) => void;
}) {
  const tr = useT();
  const { t } = tr;
  const id = useId();
  const update = useUpdateParam();
  const [value, setValue] = useState(param.value);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const problem = checkValue(param, value);
  const serverError = update.error instanceof ApiError ? update.error.fields.value : undefined;
  const bounds = { min: param.min ?? '', max: param.max ?? '', scale: param.scale ?? 0 };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setUnchanged(false);
    if (problem || reason.trim() === '') return;
    if (value.trim() === param.value) {
      setUnchanged(true);
      return;
    }
    update.mutate(
      { key: paramKey, body: { value: value.trim(), reason: reason.trim() } },
      { onSuccess: (answer) => onSaved(answer.result, answer.message) },
    );
  };

  const numeric = param.kind === 'decimal' || param.kind === 'integer' || param.kind === 'noticeId';
  return (
    <Modal title={t('params.editTitle', { name: nameOf(tr, param.key) })} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-value`}>{nameOf(tr, param.key)}</label>
          <input
            id={`${id}-value`}
            dir={param.kind === 'text' || param.kind === 'licence' ? 'auto' : 'ltr'}
            type={
              param.kind === 'url'
                ? 'url'
                : param.kind === 'email'
                  ? 'email'
                  : param.kind === 'phone'
                    ? 'tel'
                    : 'text'
            }
            inputMode={param.kind === 'decimal' ? 'decimal' : numeric ? 'numeric' : undefined}
            className={numeric ? 'num' : undefined}
            value={value}
            maxLength={2000}
            aria-invalid={(touched && problem !== null) || Boolean(serverError) || undefined}
            aria-describedby={`${id}-hint`}
            onChange={(e) => setValue(e.target.value)}
          />
          <p className="field-hint" id={`${id}-hint`}>
            {ruleOf(tr, param)}
          </p>
          {touched && problem ? (
            <p className="field-error">{t(`params.${problem.key}`, bounds)}</p>
          ) : (
            serverError && <p className="field-error">{serverError}</p>
          )}
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>
            {t('params.reasonLabel')}
            <span className="required-mark"> *</span>
          </label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={(touched && reason.trim() === '') || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {touched && reason.trim() === '' && <p className="field-error">{t('common.required')}</p>}
        </div>
        {unchanged && <Notice tone="warn">{t('params.noChanges')}</Notice>}
        {update.error && !serverError ? <ErrorNote error={update.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {t('params.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
