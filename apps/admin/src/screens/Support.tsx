// The support inbox: customers' conversations (unread first, filtered by status) beside the chosen one, with
// its messages and images, a reply box and close/reopen. Both are polled, so new messages appear without a
// reload. Every role may answer (answerSupport); replies, close and reopen are audited by the server.
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  supportTextMax,
  supportThreadStatuses,
  type SupportStaffMessage,
  type SupportThread,
  type SupportThreadStatus,
} from '@tradewind/contract';
import { ApiError } from '../api/client.ts';
import { useUpload } from '../api/queries.ts';
import {
  messagePageSize,
  threadPageSize,
  useSupportReply,
  useSupportSetStatus,
  useSupportThread,
  useSupportThreads,
} from '../api/support.ts';
import type { AdminSession } from '../app/session.ts';
import { useT } from '../i18n/i18n.ts';
import { Badge, ErrorNote, LiveMessage, Notice, Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { StatusFilter } from '../ui/StatusFilter.tsx';
import './support.css';

export function Support(_props: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [status, setStatus] = useState<SupportThreadStatus | 'all'>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const threads = useSupportThreads(status, page);

  return (
    <section aria-labelledby="support-title">
      <header className="page-header">
        <div>
          <h1 id="support-title">{t('support.title')}</h1>
          <p className="page-intro">{t('support.intro')}</p>
        </div>
      </header>
      <LiveMessage message={message} />
      <div className="support-layout">
        <div className="support-threads">
          <div className="toolbar">
            <StatusFilter
              name="support-status"
              statuses={supportThreadStatuses}
              value={status}
              onChange={(s) => {
                setStatus(s);
                setPage(1);
              }}
            />
          </div>
          <ListTable
            query={threads}
            columns={[{ label: t('support.customer') }, { label: t('support.lastMessage') }]}
            empty={t('support.empty')}
            items={threads.data?.list}
            row={(thread) => (
              <ThreadRow
                key={thread.id}
                thread={thread}
                selected={thread.id === selected}
                onOpen={() => setSelected(thread.id)}
              />
            )}
          />
          {threads.data && threads.data.total > threadPageSize && (
            <Pager page={page} size={threadPageSize} total={threads.data.total} onPage={setPage} />
          )}
        </div>
        <div className="support-thread">
          {selected === null ? (
            <Notice tone="neutral">{t('support.noSelection')}</Notice>
          ) : (
            <ThreadView key={selected} id={selected} onDone={setMessage} />
          )}
        </div>
      </div>
    </section>
  );
}

function ThreadRow({
  thread,
  selected,
  onOpen,
}: {
  thread: SupportThread;
  selected: boolean;
  onOpen: () => void;
}) {
  const { t, dateTimeShort, integer } = useT();
  const last = thread.lastMessage;
  return (
    <tr className={selected ? 'is-selected' : undefined} data-testid="support-thread">
      <td>
        <button type="button" className="support-open" onClick={onOpen} aria-pressed={selected}>
          <bdi className="strong">{thread.userName}</bdi>
        </button>
        <div className="muted small">
          <bdi>{thread.email}</bdi>
        </div>
        <div className="support-badges">
          {thread.unread > 0 && (
            <Badge tone="warn">{t('support.unread', { count: integer(thread.unread) })}</Badge>
          )}
          {thread.status === 'closed' && <Badge tone="neutral">{t('status.closed')}</Badge>}
        </div>
      </td>
      <td>
        <div className="support-preview">
          {last && (
            <>
              <span className="muted">
                {last.author === 'staff' ? t('support.fromStaff') : t('support.fromCustomer')}:{' '}
              </span>
              <bdi>{last.text}</bdi>
              {last.hasImage && <span className="muted"> · {t('support.image')}</span>}
            </>
          )}
        </div>
        <time className="muted small" dateTime={new Date(thread.lastMessageAt).toISOString()}>
          {dateTimeShort(thread.lastMessageAt)}
        </time>
      </td>
    </tr>
  );
}

function ThreadView({ id, onDone }: { id: string; onDone: (message: string) => void }) {
  const { t } = useT();
  const [page, setPage] = useState(1);
  const detail = useSupportThread(id, page);
  const setStatus = useSupportSetStatus();
  if (detail.error && !detail.data) {
    return <ErrorNote error={detail.error} onRetry={() => void detail.refetch()} />;
  }
  if (!detail.data) return <p className="muted">{t('common.loading')}</p>;
  const { thread, list, total } = detail.data;
  const open = thread.status === 'open';
  const toggle = () =>
    setStatus.mutate(
      { id, action: open ? 'close' : 'reopen' },
      { onSuccess: () => onDone(open ? t('support.closedDone') : t('support.reopenedDone')) },
    );
  // The server pages newest first; a conversation reads oldest first.
  const messages = [...list].reverse();
  return (
    <article className="card support-view" aria-labelledby={`thread-${id}`}>
      <header className="support-view-head">
        <div>
          <h2 id={`thread-${id}`} className="section-title">
            <bdi>{thread.userName}</bdi>
          </h2>
          <p className="muted small">
            <bdi>{thread.email}</bdi> · {open ? t('status.open') : t('status.closed')}
          </p>
        </div>
        <button type="button" className="button button-small" disabled={setStatus.isPending} onClick={toggle}>
          {open ? t('support.close') : t('support.reopen')}
        </button>
      </header>
      {setStatus.error && <ErrorNote error={setStatus.error} />}
      {total > messagePageSize && <Pager page={page} size={messagePageSize} total={total} onPage={setPage} />}
      <ol className="support-log" aria-live="polite" data-testid="support-log">
        {messages.map((m) => (
          <Message key={m.id} message={m} />
        ))}
      </ol>
      {open ? (
        <ReplyBox id={id} onSent={() => onDone(t('support.sent'))} />
      ) : (
        <Notice tone="neutral">{t('support.closedNote')}</Notice>
      )}
    </article>
  );
}

function Message({ message }: { message: SupportStaffMessage }) {
  const { t, dateTime } = useT();
  const staff = message.author === 'staff';
  return (
    <li className={staff ? 'support-msg support-msg-staff' : 'support-msg'} data-testid="support-message">
      <p className="support-msg-author small">
        {staff ? <bdi>{message.staffName ?? t('support.fromStaff')}</bdi> : t('support.fromCustomer')}
      </p>
      <p className="support-msg-text">{message.text}</p>
      {message.image && <MessageImage url={message.image} />}
      <p className="muted small">
        <time dateTime={new Date(message.createdAt).toISOString()}>{dateTime(message.createdAt)}</time>
        {staff && message.read && <> · {t('support.seenByCustomer')}</>}
      </p>
    </li>
  );
}

/** Images need the admin token: fetched, shown through a blob: URL, opened full size in a new tab. */
function MessageImage({ url }: { url: string }) {
  const { t } = useT();
  const upload = useUpload(url);
  if (upload.state === 'loading') return <p className="muted small">{t('common.loading')}</p>;
  if (upload.state === 'failed') return <p className="small">{t('support.imageFailed')}</p>;
  return (
    <a href={upload.objectUrl} target="_blank" rel="noopener noreferrer" className="support-image">
      {upload.isImage ? <img src={upload.objectUrl} alt={t('support.image')} /> : t('support.image')}
    </a>
  );
}

function ReplyBox({ id, onSent }: { id: string; onSent: () => void }) {
  const { t } = useT();
  const reply = useSupportReply();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (reply.isPending) return;
    if (text.trim() === '') return setError(t('common.required'));
    setError(null);
    reply.mutate(
      { id, text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          onSent();
        },
        onError: (e) =>
          setError(e instanceof ApiError ? (e.fields.text ?? e.message) : t('common.unknownError')),
      },
    );
  };
  // Enter sends, Shift+Enter starts a new line (not while an input method is composing).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className="support-reply field" onSubmit={submit} noValidate>
      <label htmlFor={fieldId}>{t('support.replyLabel')}</label>
      <textarea
        id={fieldId}
        rows={3}
        maxLength={supportTextMax}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${fieldId}-note`}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      {error ? (
        <p className="field-error" id={`${fieldId}-note`} role="alert">
          {error}
        </p>
      ) : (
        <p className="field-hint" id={`${fieldId}-note`}>
          {t('support.replyHint')}
        </p>
      )}
      <div className="row-actions">
        <button type="submit" className="button button-primary" disabled={reply.isPending}>
          {reply.isPending ? t('support.sending') : t('support.send')}
        </button>
      </div>
    </form>
  );
}
