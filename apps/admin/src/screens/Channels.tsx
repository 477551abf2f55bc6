// Deposit channels (superadmin): the receiving address, minimum and disclosed spread customers see when they
// deposit. No one types a rate here: it comes from the market feed, less the spread (DESIGN.md §1.3). A
// channel is shown only with an address that passes its network's check; the server says which check
// failed. Edits are audited with a reason; only the fields that changed are sent.
import { useId, useState, type FormEvent } from 'react';
import { operatorContactKeys, type DepositChannelAdmin } from '@tradewind/contract';
import { depositSpreadBpsMax } from '@tradewind/contract/deposit-rules';
import { assets, parseAmount } from '@tradewind/contract/money';
import { ApiError } from '../api/client.ts';
import { useDepositChannels, useUpdateDepositChannel, type ChannelChanges } from '../api/queries.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Amount, Badge, ErrorNote, LiveMessage, Modal, Notice } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { SetupNotice } from './SetupNotice.tsx';

// The same rules as the contract's depositChannelUpdateBody, checked before sending; the network's own
// address check is the server's, and its message is shown under the field.
const addressPattern = /^[\x21-\x7e]{8,128}$/;
/** A minimum in the coin's units, read by the shared money module at the coin's scale. */
const isPositiveAmount = (text: string, asset: DepositChannelAdmin['asset']) =>
  (parseAmount(text, assets[asset].scale) ?? 0n) > 0n;
const spreadPattern = /^\d{1,3}$/;

/** The rate a claim would lock now: 1:1 for USDT, else the feed's price less the spread. */
function RateNow({ channel }: { channel: DepositChannelAdmin }) {
  const { t } = useT();
  if (channel.asset === 'USDT') return <span>{t('channels.oneToOne')}</span>;
  if (channel.paused) return <Badge tone="warn">{t('channels.paused', { asset: channel.asset })}</Badge>;
  if (channel.rate === null || channel.indicative === null)
    return <Badge tone="warn">{t('channels.noPrice')}</Badge>;
  return (
    <span>
      <Amount value={channel.rate} asset="USDT" />
      {channel.indicative.source === 'simulated' && (
        <>
          {' '}
          <Badge tone="warn">{t('channels.simulated')}</Badge>
        </>
      )}
    </span>
  );
}

export function Channels({ admin }: { admin: AdminSession['admin'] }) {
  const { t, dateTimeShort } = useT();
  const channels = useDepositChannels();
  const [editing, setEditing] = useState<DepositChannelAdmin | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const list = channels.data?.list;

  return (
    <section aria-labelledby="channels-title">
      <header className="page-header">
        <div>
          <h1 id="channels-title">{t('channels.title')}</h1>
          <p className="page-intro">{t('channels.intro')}</p>
        </div>
      </header>
      {!can(admin.role, 'manageCatalogue') && <Notice>{t('common.forbidden')}</Notice>}
      {list && !list.some((c) => c.enabled) && <Notice tone="warn">{t('channels.closedWarning')}</Notice>}
      <SetupNotice
        admin={admin}
        keys={operatorContactKeys}
        message="setup.channelsBlocked"
        testId="operator-setup"
      />
      <LiveMessage message={message} />
      <ListTable
        query={channels}
        columns={[
          { label: t('channels.channel') },
          { label: t('fields.address') },
          { label: t('channels.minAmount'), className: 'col-num' },
          { label: t('channels.spread'), className: 'col-num' },
          { label: t('channels.rateNow'), className: 'col-num' },
          { label: t('channels.enabled') },
          { label: t('fields.sort'), className: 'col-num' },
          { label: t('fields.updatedAt') },
          { label: t('common.actions'), className: 'col-actions' },
        ]}
        empty={t('channels.noChannels')}
        items={list}
        row={(c) => (
          <tr key={c.id} className={c.enabled ? undefined : 'is-muted'} data-testid="channel-row">
            <td className="strong nowrap">
              <bdi>{c.name}</bdi>
            </td>
            <td className="address-cell">
              <code className="mono-break" dir="ltr">
                {c.address}
              </code>
              {!c.addressValid && (
                <div>
                  <Badge tone="warn">{t('channels.addressFails', { network: c.network })}</Badge>
                </div>
              )}
            </td>
            <td className="col-num">
              <Amount value={c.minAmount} asset={c.asset} />
            </td>
            <td className="col-num num">{c.spreadBps}</td>
            <td className="col-num">
              <RateNow channel={c} />
            </td>
            <td>
              <Badge tone={c.enabled ? 'good' : 'neutral'}>
                {c.enabled ? t('channels.shown') : t('channels.hidden')}
              </Badge>
            </td>
            <td className="col-num num">{c.sort}</td>
            <td className="nowrap">
              <time dateTime={new Date(c.updatedAt).toISOString()}>{dateTimeShort(c.updatedAt)}</time>
            </td>
            <td className="col-actions">
              <button type="button" className="button button-small" onClick={() => setEditing(c)}>
                {t('channels.edit')}
              </button>
            </td>
          </tr>
        )}
      />
      {editing && (
        <EditChannel
          channel={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved, text) => {
            setEditing(null);
            setMessage(`${t('channels.saved', { name: saved.name })} ${text}`);
          }}
        />
      )}
    </section>
  );
}

/** The server's message for `field` of a refused save (the network's address check, the spread rules). */
const fieldError = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fields[field] : undefined;

function EditChannel({
  channel,
  onClose,
  onSaved,
}: {
  channel: DepositChannelAdmin;
  onClose: () => void;
  onSaved: (saved: DepositChannelAdmin, message: string) => void;
}) {
  const { t } = useT();
  const id = useId();
  const update = useUpdateDepositChannel();
  const [address, setAddress] = useState(channel.address);
  const [minAmount, setMinAmount] = useState(channel.minAmount);
  const [spread, setSpread] = useState(String(channel.spreadBps));
  const [enabled, setEnabled] = useState(channel.enabled);
  const [sort, setSort] = useState(String(channel.sort));
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [unchanged, setUnchanged] = useState(false);
  const usdt = channel.asset === 'USDT';

  const problems = {
    address: !addressPattern.test(address.trim()),
    minAmount: !isPositiveAmount(minAmount, channel.asset),
    spread: !spreadPattern.test(spread.trim()) || Number(spread) > depositSpreadBpsMax,
    sort: !/^\d{1,4}$/.test(sort.trim()) || Number(sort) > 1000,
    reason: reason.trim() === '',
  };
  const serverError = {
    address: fieldError(update.error, 'address'),
    minAmount: fieldError(update.error, 'minAmount'),
    spread: fieldError(update.error, 'spreadBps'),
    enabled: fieldError(update.error, 'enabled'),
  };
  const fieldsExplained = Object.values(serverError).some(Boolean);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (Object.values(problems).some(Boolean)) return;
    const changes: ChannelChanges = { reason: reason.trim() };
    if (address.trim() !== channel.address) changes.address = address.trim();
    if (minAmount.trim() !== channel.minAmount) changes.minAmount = minAmount.trim();
    if (Number(spread) !== channel.spreadBps) changes.spreadBps = Number(spread);
    if (enabled !== channel.enabled) changes.enabled = enabled;
    if (Number(sort) !== channel.sort) changes.sort = Number(sort);
    if (Object.keys(changes).length === 1) {
      setUnchanged(true);
      return;
    }
    update.mutate(
      { id: channel.id, changes },
      { onSuccess: (answer) => onSaved(answer.result, answer.message) },
    );
  };

  const show = (problem: boolean) => touched && problem;
  return (
    <Modal title={t('channels.editTitle', { name: channel.name })} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-address`}>{t('fields.address')}</label>
          <input
            id={`${id}-address`}
            dir="ltr"
            className="mono"
            value={address}
            maxLength={128}
            aria-invalid={show(problems.address) || Boolean(serverError.address) || undefined}
            aria-describedby={`${id}-address-hint`}
            onChange={(e) => setAddress(e.target.value)}
          />
          <p className="field-hint" id={`${id}-address-hint`}>
            {t('channels.enableHint')}
          </p>
          {show(problems.address) ? (
            <p className="field-error">{t('channels.addressInvalid')}</p>
          ) : (
            serverError.address && <p className="field-error">{serverError.address}</p>
          )}
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-min`}>{t('channels.minAmount')}</label>
            <input
              id={`${id}-min`}
              dir="ltr"
              inputMode="decimal"
              className="num"
              value={minAmount}
              aria-invalid={show(problems.minAmount) || undefined}
              onChange={(e) => setMinAmount(e.target.value)}
            />
            {show(problems.minAmount) ? (
              <p className="field-error">{t('channels.decimalInvalid')}</p>
            ) : (
              serverError.minAmount && <p className="field-error">{serverError.minAmount}</p>
            )}
          </div>
          <div className="field">
            <label htmlFor={`${id}-spread`}>{t('channels.spread')}</label>
            <input
              id={`${id}-spread`}
              dir="ltr"
              inputMode="numeric"
              className="num"
              value={spread}
              disabled={usdt}
              aria-invalid={show(problems.spread) || Boolean(serverError.spread) || undefined}
              aria-describedby={`${id}-spread-hint`}
              onChange={(e) => setSpread(e.target.value)}
            />
            <p className="field-hint" id={`${id}-spread-hint`}>
              {usdt ? t('channels.spreadUsdt') : t('channels.spreadHint', { max: depositSpreadBpsMax })}
            </p>
            {show(problems.spread) ? (
              <p className="field-error">{t('channels.spreadInvalid', { max: depositSpreadBpsMax })}</p>
            ) : (
              serverError.spread && <p className="field-error">{serverError.spread}</p>
            )}
          </div>
        </div>
        <div className="form-row">
          <div className="field">
            <label htmlFor={`${id}-sort`}>{t('fields.sort')}</label>
            <input
              id={`${id}-sort`}
              dir="ltr"
              inputMode="numeric"
              className="num"
              value={sort}
              aria-invalid={show(problems.sort) || undefined}
              onChange={(e) => setSort(e.target.value)}
            />
            {show(problems.sort) && <p className="field-error">{t('channels.sortInvalid')}</p>}
          </div>
          <div className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={enabled}
                aria-invalid={Boolean(serverError.enabled) || undefined}
                aria-describedby={serverError.enabled ? `${id}-enabled-error` : undefined}
                onChange={(e) => setEnabled(e.target.checked)}
              />
              {t('channels.enabled')}
            </label>
            {serverError.enabled && (
              <p className="field-error" id={`${id}-enabled-error`}>
                {serverError.enabled}
              </p>
            )}
          </div>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>
            {t('channels.reasonLabel')}
            <span className="required-mark"> *</span>
          </label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={show(problems.reason) || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {show(problems.reason) && <p className="field-error">{t('common.required')}</p>}
        </div>
        {unchanged && <Notice tone="warn">{t('channels.noChanges')}</Notice>}
        {update.error && !fieldsExplained ? <ErrorNote error={update.error} /> : null}
        <div className="dialog-actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {t('channels.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
