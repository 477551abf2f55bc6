// One content item in its 11 languages: a tab per language (Arabic written right to left), a title and a rich
// text body (TipTap, loaded on first use), and beside it the preview as a customer reading that language sees
// it — the server's sanitized HTML, or the fallback language's text with the fallback named when the language
// has none. English is required (every missing language falls back to it). Saving sends only what changed,
// on the revision read, with a reason for the audit log.
import { lazy, Suspense, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  codes,
  contentTypeNames,
  contentTypes,
  faqTopics,
  pickTranslation,
  type AdminContentDetail,
  type ContentTranslationInput,
  type FaqTopic,
} from '@tradewind/contract';
import { locales, nativeNames, rtlLocales, type Locale } from '@tradewind/i18n/locales';
import { ApiError } from '../api/client.ts';
import { useContent, useContentPreview, useCreateContent, useUpdateContent } from '../api/contents.ts';
import { useLocaleFonts, useT } from '../i18n/i18n.ts';
import { Badge, ErrorNote, LiveMessage, Notice } from '../ui/kit.tsx';

const RichTextEditor = lazy(() => import('./RichTextEditor.tsx'));

/**
 * An item's title set into a translated sentence, in direction isolates (FSI … PDI): an English title ending in
 * '?' stays whole inside an Arabic sentence. Accessible names of buttons keep the plain title.
 */
export const isolate = (value: string): string => `\u2068${value}\u2069`;

type Text = { title: string; body: string };
/** A language's draft: undefined = as saved, null = removed, else the text being written. */
type Drafts = Partial<Record<Locale, Text | null>>;
type Problems = Partial<Record<Locale, { title?: string; body?: string }>>;

const dirOf = (l: Locale) => (rtlLocales.has(l) ? 'rtl' : 'ltr');
const typeNameOf = (type: number) => contentTypeNames.find((n) => contentTypes[n] === type) ?? 'faq';

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function ContentEditor({
  id,
  newType,
  onOpen,
  onClose,
}: {
  /** null: a new item of `newType`. */
  id: string | null;
  newType: number;
  onOpen: (id: string) => void;
  onClose: (message?: string) => void;
}) {
  const { t } = useT();
  const content = useContent(id);
  // Kept here: a save answers the item at its next revision, which starts a fresh form (drafts cleared) on
  // the same language tab with the server's message.
  const [active, setActive] = useState<Locale>('en');
  const [message, setMessage] = useState<string | null>(null);
  if (id !== null && !content.data)
    return (
      <section aria-labelledby="content-editor-title">
        <EditorHeader title={t('contents.editing')} onBack={() => onClose()} />
        {content.error ? (
          <ErrorNote error={content.error} onRetry={() => void content.refetch()} />
        ) : (
          <p className="table-state">{t('common.loading')}</p>
        )}
      </section>
    );
  return (
    <EditorForm
      key={content.data ? `${content.data.id}-${content.data.revision}` : 'new'}
      saved={content.data ?? null}
      type={content.data?.type ?? newType}
      active={active}
      onActive={setActive}
      message={message}
      onSaved={setMessage}
      onOpen={onOpen}
      onClose={onClose}
      onReload={() => void content.refetch()}
    />
  );
}

function EditorHeader({
  title,
  onBack,
  children,
}: {
  title: string;
  onBack: () => void;
  children?: ReactNode;
}) {
  const { t } = useT();
  return (
    <header className="page-header">
      <div>
        <button type="button" className="button button-ghost button-small" onClick={onBack}>
          <span aria-hidden="true" className="back-arrow">
            ←
          </span>{' '}
          {t('contents.backToList')}
        </button>
        <h1 id="content-editor-title">
          <bdi>{title}</bdi>
        </h1>
      </div>
      {children}
    </header>
  );
}

function EditorForm({
  saved,
  type,
  active,
  onActive: setActive,
  message,
  onSaved: setMessage,
  onOpen,
  onClose,
  onReload,
}: {
  saved: AdminContentDetail | null;
  type: number;
  active: Locale;
  onActive: (l: Locale) => void;
  message: string | null;
  onSaved: (message: string | null) => void;
  onOpen: (id: string) => void;
  onClose: (message?: string) => void;
  onReload: () => void;
}) {
  const tr = useT();
  const { t } = tr;
  const formId = useId();
  const create = useCreateContent();
  const update = useUpdateContent();
  const [drafts, setDrafts] = useState<Drafts>(saved ? {} : { en: { title: '', body: '' } });
  const [topic, setTopic] = useState<FaqTopic | ''>(saved?.topic ?? '');
  const [published, setPublished] = useState(saved?.published ?? false);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [other, setOther] = useState<{ topic?: boolean; reason?: boolean; unchanged?: boolean }>({});
  const [leaving, setLeaving] = useState(false);
  const mutation = saved ? update : create;

  const textOf = (l: Locale): Text | null => {
    const draft = drafts[l];
    if (draft !== undefined) return draft;
    const s = saved?.translations[l];
    return s ? { title: s.title, body: s.body } : null;
  };
  const changedLocales = locales.filter((l) => {
    const draft = drafts[l];
    if (draft === undefined) return false;
    const s = saved?.translations[l];
    if (draft === null) return s !== undefined;
    return !s || s.title !== draft.title || s.body !== draft.body;
  });
  const present = locales.flatMap((l) => (textOf(l) ? [{ locale: l }] : []));
  const fallbackOf = (l: Locale): Locale | null => pickTranslation(present, l)?.locale ?? null;
  const dirty =
    changedLocales.length > 0 ||
    (saved ? saved.published !== published || (saved.topic ?? '') !== topic : true);

  const setText = (l: Locale, patch: Partial<Text>) => {
    setDrafts((d) => {
      const base = d[l] ?? textOf(l) ?? { title: '', body: '' };
      return { ...d, [l]: { ...base, ...patch } };
    });
    setProblems((p) => ({
      ...p,
      [l]: { ...p[l], ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) },
    }));
  };

  /** Client-side checks, the same as the server's: English present, each present language whole, a reason. */
  function check(): boolean {
    const found: Problems = {};
    for (const l of locales) {
      const text = textOf(l);
      if (!text) continue;
      const titleBad = text.title.trim() === '';
      const bodyBad = text.body.trim() === '';
      if (titleBad || bodyBad)
        found[l] = {
          ...(titleBad ? { title: t('common.required') } : {}),
          ...(bodyBad ? { body: t('common.required') } : {}),
        };
    }
    if (!textOf('en')) found.en = { title: t('contents.englishRequired') };
    const topicMissing = type === contentTypes.faq && topic === '';
    const reasonMissing = reason.trim() === '';
    setProblems(found);
    setOther({ topic: topicMissing, reason: reasonMissing, unchanged: saved !== null && !dirty });
    const first = locales.find((l) => found[l]);
    if (first) setActive(first);
    return !first && !topicMissing && !reasonMissing && (saved === null || dirty);
  }

  /** The server's field messages (`translations.ar.title`) at their language's fields. */
  function showServerFields(error: unknown) {
    if (!(error instanceof ApiError)) return;
    const found: Problems = {};
    for (const [field, text] of Object.entries(error.fields)) {
      const [, locale, which] = field.split('.');
      const l = locales.find((each) => each === locale);
      if (!l) continue;
      found[l] = { ...found[l], [which === 'body' ? 'body' : 'title']: text };
    }
    setProblems(found);
    const first = locales.find((l) => found[l]);
    if (first) setActive(first);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!check()) return;
    const texts = (ls: readonly Locale[]) =>
      Object.fromEntries(
        ls.map((l) => {
          const text = textOf(l);
          return [
            l,
            text ? ({ title: text.title.trim(), body: text.body } satisfies ContentTranslationInput) : null,
          ];
        }),
      );
    if (!saved) {
      create.mutate(
        {
          type,
          ...(topic ? { topic } : {}),
          published,
          translations: texts(present.map((p) => p.locale)),
          reason: reason.trim(),
        },
        {
          onSuccess: (answer) => {
            setMessage(answer.message);
            onOpen(answer.result.id);
          },
          onError: showServerFields,
        },
      );
      return;
    }
    update.mutate(
      {
        id: saved.id,
        body: {
          revision: saved.revision,
          ...(changedLocales.length > 0 ? { translations: texts(changedLocales) } : {}),
          ...(published !== saved.published ? { published } : {}),
          ...(topic && topic !== saved.topic ? { topic } : {}),
          reason: reason.trim(),
        },
      },
      { onSuccess: (answer) => setMessage(answer.message), onError: showServerFields },
    );
  };

  const title = saved
    ? t('contents.editTitle', { title: isolate(saved.title) })
    : t('contents.new', { type: t(`contents.types.${typeNameOf(type)}`) });
  const stale =
    mutation.error instanceof ApiError && mutation.error.code === codes.contentChangedMeanwhile
      ? mutation.error
      : null;

  return (
    <section aria-labelledby="content-editor-title" className="content-editor">
      <EditorHeader title={title} onBack={() => (dirty && saved ? setLeaving(true) : onClose())}>
        <div className="page-actions">
          {saved && (
            <Badge tone={saved.published ? 'good' : 'neutral'}>
              {saved.published ? t('contents.published') : t('contents.draft')}
            </Badge>
          )}
          {saved && (
            <Badge tone={saved.editedAt === null ? 'info' : 'neutral'}>
              {saved.editedAt === null ? t('contents.asSeeded') : t('contents.edited')}
            </Badge>
          )}
        </div>
      </EditorHeader>
      {saved?.editedAt === null && saved.slug !== null && <Notice>{t('contents.seededNote')}</Notice>}
      {leaving && (
        <Notice tone="warn">
          <span>{t('contents.unsaved')}</span>{' '}
          <button type="button" className="button button-small button-danger" onClick={() => onClose()}>
            {t('contents.discard')}
          </button>{' '}
          <button type="button" className="button button-small" onClick={() => setLeaving(false)}>
            {t('contents.keepEditing')}
          </button>
        </Notice>
      )}
      <LiveMessage message={message} />
      <form id={formId} onSubmit={submit} noValidate className="content-form">
        <div className="form-row content-settings">
          {type === contentTypes.faq && (
            <div className="field">
              <label htmlFor={`${formId}-topic`}>
                {t('contents.topic')}
                <span className="required-mark"> *</span>
              </label>
              <select
                id={`${formId}-topic`}
                value={topic}
                aria-invalid={other.topic || undefined}
                onChange={(e) => {
                  const value = faqTopics.find((each) => each === e.target.value);
                  setTopic(value ?? '');
                }}
              >
                <option value="">{t('contents.chooseTopic')}</option>
                {faqTopics.map((each) => (
                  <option key={each} value={each}>
                    {t(`contents.topics.${each}`)}
                  </option>
                ))}
              </select>
              {other.topic && <p className="field-error">{t('common.required')}</p>}
            </div>
          )}
          <label className="checkbox">
            <input type="checkbox" checked={published} onChange={(e) => setPublished(e.target.checked)} />
            {t('contents.publishedLabel')}
          </label>
        </div>
        <LanguageTabs
          active={active}
          onChoose={setActive}
          fallbackOf={fallbackOf}
          changed={(l) => changedLocales.includes(l)}
          invalid={(l) => Boolean(problems[l]?.title ?? problems[l]?.body)}
        />
        <div className="content-workspace">
          <LanguagePanel
            key={active}
            locale={active}
            text={textOf(active)}
            fallback={fallbackOf(active)}
            problem={problems[active]}
            onWrite={() => setText(active, { title: '', body: '' })}
            onChange={(patch) => setText(active, patch)}
            onRemove={() => setDrafts((d) => ({ ...d, [active]: null }))}
          />
          <Preview
            locale={active}
            text={textOf(active)}
            fallback={fallbackOf(active)}
            fallbackText={textOf}
          />
        </div>
        <div className="field">
          <label htmlFor={`${formId}-reason`}>
            {t('contents.reason')}
            <span className="required-mark"> *</span>
          </label>
          <textarea
            id={`${formId}-reason`}
            rows={2}
            maxLength={500}
            value={reason}
            aria-invalid={other.reason || undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {other.reason && <p className="field-error">{t('common.required')}</p>}
        </div>
        {other.unchanged && <Notice tone="warn">{t('contents.noChanges')}</Notice>}
        {stale ? (
          <Notice tone="bad">
            <span>{stale.message}</span>{' '}
            <button
              type="button"
              className="button button-small"
              onClick={() => {
                mutation.reset();
                onReload();
              }}
            >
              {t('contents.reload')}
            </button>
          </Notice>
        ) : (
          mutation.error &&
          Object.keys(mutation.error instanceof ApiError ? mutation.error.fields : {}).length === 0 && (
            <ErrorNote error={mutation.error} />
          )
        )}
        <div className="dialog-actions content-actions">
          <span className="muted small">
            {changedLocales.length > 0 &&
              t('contents.changedLanguages', {
                languages: changedLocales.map((l) => nativeNames[l]).join(', '),
              })}
          </span>
          <button type="submit" className="button button-primary" disabled={mutation.isPending}>
            {saved ? t('contents.save') : t('contents.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

function LanguageTabs({
  active,
  onChoose,
  fallbackOf,
  changed,
  invalid,
}: {
  active: Locale;
  onChoose: (l: Locale) => void;
  /** The language's own code when it has a text, else the language its readers get (null: none). */
  fallbackOf: (l: Locale) => Locale | null;
  changed: (l: Locale) => boolean;
  invalid: (l: Locale) => boolean;
}) {
  const { t } = useT();
  useLocaleFonts(locales);
  return (
    <div role="tablist" aria-label={t('contents.languageTabs')} className="tabs content-tabs">
      {locales.map((l) => {
        const shown = fallbackOf(l);
        const missing = shown !== l;
        const note = missing
          ? shown
            ? t('contents.shownIn', { language: nativeNames[shown] })
            : t('contents.missing')
          : null;
        return (
          <button
            key={l}
            type="button"
            role="tab"
            id={`content-tab-${l}`}
            aria-selected={l === active}
            aria-controls="content-panel"
            className={`tab${missing ? ' tab-missing' : ''}${invalid(l) ? ' tab-invalid' : ''}`}
            onClick={() => onChoose(l)}
          >
            <span lang={l}>{nativeNames[l]}</span>
            {note && (
              <span className="tab-mark" title={note}>
                <span aria-hidden="true"> ⤷{shown ?? '∅'}</span>
                <span className="visually-hidden"> ({note})</span>
              </span>
            )}
            {changed(l) && (
              <span className="tab-mark" title={t('contents.unsavedMark')}>
                <span aria-hidden="true"> •</span>
                <span className="visually-hidden"> ({t('contents.unsavedMark')})</span>
              </span>
            )}
            {invalid(l) && <span className="visually-hidden"> ({t('contents.hasProblem')})</span>}
          </button>
        );
      })}
    </div>
  );
}

function LanguagePanel({
  locale,
  text,
  fallback,
  problem,
  onWrite,
  onChange,
  onRemove,
}: {
  locale: Locale;
  text: Text | null;
  fallback: Locale | null;
  problem: { title?: string; body?: string } | undefined;
  onWrite: () => void;
  onChange: (patch: Partial<Text>) => void;
  onRemove: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const language = nativeNames[locale];
  return (
    <div
      role="tabpanel"
      id="content-panel"
      aria-labelledby={`content-tab-${locale}`}
      className="content-panel"
    >
      {text === null ? (
        <div className="stack">
          <Notice tone="warn">
            {fallback
              ? t('contents.fallsBack', { language, fallback: nativeNames[fallback] })
              : t('contents.hiddenFor', { language })}
          </Notice>
          {problem?.title && <p className="field-error">{problem.title}</p>}
          <div>
            <button type="button" className="button" onClick={onWrite}>
              {t('contents.write', { language })}
            </button>
          </div>
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-title`}>{t('contents.titleIn', { language })}</label>
            <input
              id={`${id}-title`}
              lang={locale}
              dir={dirOf(locale)}
              value={text.title}
              maxLength={200}
              aria-invalid={Boolean(problem?.title) || undefined}
              onChange={(e) => onChange({ title: e.target.value })}
            />
            {problem?.title && <p className="field-error">{problem.title}</p>}
          </div>
          <div className="field">
            <span className="field-label" id={`${id}-body-label`}>
              {t('contents.bodyIn', { language })}
            </span>
            <Suspense fallback={<p className="rich-text-loading muted">{t('contents.loadingEditor')}</p>}>
              <RichTextEditor
                initial={text.body}
                lang={locale}
                dir={dirOf(locale)}
                labelledBy={`${id}-body-label`}
                describedBy={problem?.body ? `${id}-body-error` : undefined}
                invalid={Boolean(problem?.body)}
                onChange={(body) => onChange({ body })}
              />
            </Suspense>
            {problem?.body && (
              <p className="field-error" id={`${id}-body-error`}>
                {problem.body}
              </p>
            )}
          </div>
          {locale !== 'en' && (
            <div>
              <button type="button" className="button button-small button-danger-outline" onClick={onRemove}>
                {t('contents.remove', { language })}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * What a customer reading `locale` sees: its own text, or the fallback's with the fallback named. The body is
 * the server's sanitizer's output (the preview call), rendered with the customer site's content styles.
 */
function Preview({
  locale,
  text,
  fallback,
  fallbackText,
}: {
  locale: Locale;
  text: Text | null;
  fallback: Locale | null;
  fallbackText: (l: Locale) => Text | null;
}) {
  const { t } = useT();
  const shownLocale = text ? locale : fallback;
  const shown = text ?? (fallback ? fallbackText(fallback) : null);
  const body = useDebounced(shown?.body ?? '', 400);
  const preview = useContentPreview(body);
  const language = nativeNames[locale];
  return (
    <section className="content-preview" aria-labelledby="content-preview-title">
      <h2 id="content-preview-title" className="detail-heading">
        {t('contents.previewTitle', { language })}
      </h2>
      {!text && shownLocale && (
        <p className="badge badge-warn preview-fallback">
          {t('contents.shownIn', { language: nativeNames[shownLocale] })}
        </p>
      )}
      {shown && shownLocale ? (
        <article className="preview-sheet" lang={shownLocale} dir={dirOf(shownLocale)}>
          <h3 className="preview-title">{shown.title}</h3>
          {preview.error ? (
            <ErrorNote error={preview.error} />
          ) : (
            // The server's sanitizer wrote this HTML (POST /contents/preview): it is what customers will get.
            <div
              className="prose"
              dangerouslySetInnerHTML={{ __html: body ? (preview.data?.html ?? '') : '' }}
            />
          )}
        </article>
      ) : (
        <p className="muted">{t('contents.previewEmpty')}</p>
      )}
      {preview.data?.changed && body !== '' && <Notice tone="warn">{t('contents.willStrip')}</Notice>}
    </section>
  );
}
