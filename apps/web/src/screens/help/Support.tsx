// Online support: the customer's conversation with Tradewind staff (the built-in inbox). Replies appear
// without a reload (the conversation is polled while this screen is open); one image may go with a message.
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codes, supportTextMax, type SupportMessage } from '@tradewind/contract';
import { ApiError } from '../../api/client.ts';
import {
  messagesOf,
  readAsDataUrl,
  useSendSupportMessage,
  useSupportConversation,
  useSupportImage,
} from '../../api/support.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { currentLocale } from '../../i18n/i18n.ts';
import { RequireLogin } from '../../layout/RequireLogin.tsx';
import { EmptyState, ErrorNote, Page, Spinner } from '../../ui/kit.tsx';
import { PaperclipIcon, SendIcon, SupportIcon } from '../../ui/icons.tsx';
import { toast } from '../../ui/toast.tsx';
import { canPreview, checkImage, imageAccept } from '../../ui/wallet/images.ts';
import './support.css';

export default function Support() {
  const { t } = useTranslation();
  return (
    <Page title={t('titles.support')} intro={t('support.intro')} narrow>
      <RequireLogin>
        <Conversation />
      </RequireLogin>
    </Page>
  );
}

function Conversation() {
  const { t } = useTranslation();
  const conversation = useSupportConversation();
  const pages = conversation.data?.pages ?? [];
  const messages = messagesOf(pages);
  const closed = pages[0]?.status === 'closed';
  const logRef = useRef<HTMLOListElement>(null);
  const lastId = messages.at(-1)?.id;

  // Follow the conversation: each new last message scrolls into view (loading older ones does not).
  useEffect(() => {
    const log = logRef.current;
    if (log && lastId) log.scrollTop = log.scrollHeight;
  }, [lastId]);

  return (
    <section className="card support-card" aria-label={t('titles.support')}>
      {conversation.isPending ? (
        <Spinner />
      ) : conversation.isError && pages.length === 0 ? (
        <div className="support-state">
          <ErrorNote message={conversation.error.message} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void conversation.refetch()}
          >
            {t('support.retry')}
          </button>
        </div>
      ) : messages.length === 0 ? (
        <EmptyState title={t('support.emptyTitle')} text={t('support.emptyText')} />
      ) : (
        <>
          {conversation.hasNextPage && (
            <button
              type="button"
              className="btn btn-text btn-small support-earlier"
              disabled={conversation.isFetchingNextPage}
              onClick={() => void conversation.fetchNextPage()}
            >
              {t('support.earlier')}
            </button>
          )}
          <ol className="support-log" ref={logRef} aria-live="polite" data-testid="support-log">
            {messages.map((m) => (
              <Bubble key={m.id} message={m} />
            ))}
          </ol>
        </>
      )}
      {closed && <p className="note support-closed">{t('support.closedNote')}</p>}
      <Composer />
    </section>
  );
}

function Bubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.author === 'customer';
  return (
    <li className={mine ? 'bubble bubble-mine' : 'bubble bubble-staff'} data-testid="support-message">
      <p className="bubble-author">
        {!mine && <SupportIcon size={14} />}
        {mine ? t('support.you') : t('support.staffName')}
      </p>
      <p className="bubble-text">{message.text}</p>
      {message.image && <AttachedImage url={message.image} />}
      <p className="bubble-meta">
        <time dateTime={new Date(message.createdAt).toISOString()}>
          {formatDateTime(message.createdAt, currentLocale())}
        </time>
        {mine && message.read && <span> · {t('support.seen')}</span>}
      </p>
    </li>
  );
}

function AttachedImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const image = useSupportImage(url);
  if (image.state === 'loading')
    return <p className="bubble-image-state muted small">{t('common.loading')}</p>;
  if (image.state === 'failed') return <p className="bubble-image-state small">{t('support.imageFailed')}</p>;
  return (
    <a className="bubble-image" href={image.objectUrl} target="_blank" rel="noopener noreferrer">
      {image.isImage ? (
        <img src={image.objectUrl} alt={t('support.imageAlt')} />
      ) : (
        <span className="small">{t('support.imageOpen')}</span>
      )}
    </a>
  );
}

/** The chosen attachment: the file and, where the browser can draw it, a preview URL. */
type Attachment = { file: File; previewUrl: string | null };

/** The one image a message may carry: checked as the server will check it, previewed, then cleared. */
function useAttachment() {
  const { t: tw } = useTranslation('wallet');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  useEffect(
    () => () => void (attachment?.previewUrl && URL.revokeObjectURL(attachment.previewUrl)),
    [attachment],
  );
  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = checkImage(file);
    if (problem) {
      setImageError(problem === 'format' ? tw('images.formatIncorrect') : tw('images.tooLarge'));
      return;
    }
    setImageError(null);
    setAttachment({ file, previewUrl: canPreview(file) ? URL.createObjectURL(file) : null });
  };
  const clear = () => {
    setAttachment(null);
    setImageError(null);
  };
  return { attachment, imageError, setImageError, choose, clear };
}

function AttachmentPreview({ attachment, onRemove }: { attachment: Attachment; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="support-attachment">
      {attachment.previewUrl ? (
        <img src={attachment.previewUrl} alt={t('support.previewAlt')} />
      ) : (
        <span className="small">{attachment.file.name}</span>
      )}
      <button type="button" className="btn btn-text btn-small" onClick={onRemove}>
        {t('support.removeImage')}
      </button>
    </div>
  );
}

function Composer() {
  const { t } = useTranslation();
  const send = useSendSupportMessage();
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const { attachment, imageError, setImageError, choose, clear } = useAttachment();
  const fileRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (send.isPending) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      setTextError(t('support.textRequired'));
      return;
    }
    setTextError(null);
    try {
      const image = attachment ? await readAsDataUrl(attachment.file) : undefined;
      await send.mutateAsync({ text: trimmed, ...(image ? { image } : {}) });
      setText('');
      clear();
    } catch (error) {
      if (!(error instanceof ApiError)) return void toast(t('support.sendFailed'), 'error');
      if (error.fields.text) setTextError(error.fields.text);
      else if (error.code === codes.imageFormat || error.code === codes.imageTooLarge)
        setImageError(error.message);
      else toast(error.message, 'error');
    }
  };

  // Enter sends, Shift+Enter starts a new line; never while an input method is composing (CJK).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className="support-composer" onSubmit={(e) => void submit(e)} noValidate>
      {attachment && <AttachmentPreview attachment={attachment} onRemove={clear} />}
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {t('support.messageLabel')}
      </label>
      <div className={textError ? 'support-input-row field-invalid' : 'support-input-row'}>
        <input
          ref={fileRef}
          id={`${id}-file`}
          type="file"
          accept={imageAccept}
          className="visually-hidden"
          tabIndex={-1}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            // The same file may be chosen again after removing it.
            e.target.value = '';
          }}
          data-testid="support-file"
        />
        <button
          type="button"
          className="icon-btn"
          onClick={() => fileRef.current?.click()}
          aria-label={t('support.attach')}
          title={t('support.attach')}
        >
          <PaperclipIcon />
        </button>
        <textarea
          id={`${id}-text`}
          className="input support-text"
          rows={2}
          maxLength={supportTextMax}
          value={text}
          placeholder={t('support.placeholder')}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-error` : `${id}-hint`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="btn btn-primary support-send"
          disabled={send.isPending}
          aria-label={t('support.send')}
        >
          <SendIcon size={18} />
          <span className="support-send-label">
            {send.isPending ? t('support.sending') : t('support.send')}
          </span>
        </button>
      </div>
      {textError ? (
        <p className="field-error" id={`${id}-error`}>
          {textError}
        </p>
      ) : (
        <p className="field-hint" id={`${id}-hint`}>
          {t('support.hint')}
        </p>
      )}
      {imageError && (
        <p className="field-error" role="alert">
          {imageError}
        </p>
      )}
    </form>
  );
}
