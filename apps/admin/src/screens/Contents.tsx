// Content (superadmin, manageContent): the company, policy and statement pages, FAQ entries and notices by
// type, each flagged for the languages it lacks (their readers get a fallback), published or a draft, in the
// order customers see them. Publishing, unpublishing and a new order each take a reason for the audit log;
// the editor (ContentEditor.tsx) writes the texts of the 11 languages.
import { useState } from 'react';
import {
  contentTypeNames,
  contentTypes,
  type AdminContentItem,
  type ContentTypeName,
} from '@tradewind/contract';
import { nativeNames, type Locale } from '@tradewind/i18n/locales';
import { contentPageSize, useContents, useOrderContents, useSetContentPublished } from '../api/contents.ts';
import { can, type AdminSession } from '../app/session.ts';
import { useLocaleFonts, useT } from '../i18n/i18n.ts';
import { Badge, DecisionDialog, LiveMessage, Notice, Pager } from '../ui/kit.tsx';
import { ListTable } from '../ui/ListTable.tsx';
import { ContentEditor, isolate } from './ContentEditor.tsx';
import './contents.css';

type Editing = { id: string } | { newType: number } | null;

export function Contents({ admin }: { admin: AdminSession['admin'] }) {
  const { t } = useT();
  const [typeName, setTypeName] = useState<ContentTypeName>('faq');
  const [editing, setEditing] = useState<Editing>(null);
  const [message, setMessage] = useState<string | null>(null);
  const type = contentTypes[typeName];

  if (editing)
    return (
      <ContentEditor
        key={'id' in editing ? editing.id : `new-${editing.newType}`}
        id={'id' in editing ? editing.id : null}
        newType={'newType' in editing ? editing.newType : type}
        onOpen={(id) => setEditing({ id })}
        onClose={(text) => {
          setEditing(null);
          setMessage(text ?? null);
        }}
      />
    );

  return (
    <section aria-labelledby="contents-title">
      <header className="page-header">
        <div>
          <h1 id="contents-title">{t('contents.title')}</h1>
          <p className="page-intro">{t('contents.intro')}</p>
        </div>
        <div className="page-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!can(admin.role, 'manageContent')}
            onClick={() => setEditing({ newType: type })}
          >
            {t('contents.new', { type: t(`contents.types.${typeName}`) })}
          </button>
        </div>
      </header>
      {!can(admin.role, 'manageContent') && <Notice>{t('common.forbidden')}</Notice>}
      <fieldset className="segmented content-types">
        <legend>{t('contents.type')}</legend>
        {contentTypeNames.map((name) => (
          <label key={name} className={name === typeName ? 'is-selected' : undefined}>
            <input
              type="radio"
              name="content-type"
              value={name}
              checked={name === typeName}
              onChange={() => setTypeName(name)}
            />
            {t(`contents.types.${name}`)}
          </label>
        ))}
      </fieldset>
      <LiveMessage message={message} />
      <ContentList key={type} type={type} onEdit={(id) => setEditing({ id })} onMessage={setMessage} />
    </section>
  );
}

type Decision = { item: AdminContentItem; publish: boolean } | { order: string[] };

function ContentList({
  type,
  onEdit,
  onMessage,
}: {
  type: number;
  onEdit: (id: string) => void;
  onMessage: (text: string) => void;
}) {
  const { t } = useT();
  const [page, setPage] = useState(1);
  const list = useContents(type, page);
  const items = list.data?.list;
  const [order, setOrder] = useState<string[] | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const publish = useSetContentPublished();
  const reorder = useOrderContents();
  // Notices are listed newest first by date; only the other types have an order of their own.
  const orderable = type !== contentTypes.notice && (list.data?.total ?? 0) <= contentPageSize;
  const shown = order && items ? order.flatMap((id) => items.filter((i) => i.id === id)) : items;

  const move = (index: number, by: -1 | 1) =>
    setOrder((current) => {
      if (!current) return current;
      const next = [...current];
      const [moved] = next.splice(index, 1);
      if (moved === undefined) return current;
      next.splice(index + by, 0, moved);
      return next;
    });

  return (
    <>
      {orderable && (items?.length ?? 0) > 1 && (
        <div className="toolbar content-order-bar">
          {order ? (
            <>
              <span className="muted">{t('contents.orderHint')}</span>
              <button
                type="button"
                className="button button-small button-primary"
                disabled={order.join() === items?.map((i) => i.id).join()}
                onClick={() => setDecision({ order })}
              >
                {t('contents.saveOrder')}
              </button>
              <button type="button" className="button button-small" onClick={() => setOrder(null)}>
                {t('common.cancel')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-small"
              onClick={() => setOrder(items?.map((i) => i.id) ?? [])}
            >
              {t('contents.changeOrder')}
            </button>
          )}
        </div>
      )}
      <div className="content-list">
        <ListTable
          query={list}
          columns={[
            { label: t('contents.order'), className: 'col-num' },
            { label: t('contents.itemTitle') },
            { label: t('contents.languages') },
            { label: t('contents.status') },
            { label: t('contents.updated') },
            { label: t('common.actions'), className: 'col-actions' },
          ]}
          empty={t('contents.none')}
          items={shown}
          row={(item) => {
            const index = shown?.indexOf(item) ?? 0;
            return (
              <tr key={item.id} data-testid="content-row">
                <td className="col-num">
                  {order ? (
                    <span className="row-actions">
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t('contents.moveUp', { title: item.title })}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        <span aria-hidden="true">↑</span>
                      </button>
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t('contents.moveDown', { title: item.title })}
                        disabled={index === (shown?.length ?? 0) - 1}
                        onClick={() => move(index, 1)}
                      >
                        <span aria-hidden="true">↓</span>
                      </button>
                    </span>
                  ) : (
                    <span className="num">{index + 1 + (page - 1) * contentPageSize}</span>
                  )}
                </td>
                <td>
                  <ItemTitle item={item} />
                </td>
                <td>
                  <Languages missing={item.missing} />
                </td>
                <td>
                  <Badge tone={item.published ? 'good' : 'neutral'}>
                    {item.published ? t('contents.published') : t('contents.draft')}
                  </Badge>
                </td>
                <td>
                  <Updated item={item} />
                </td>
                <td className="col-actions">
                  <span className="row-actions">
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={t('contents.editTitle', { title: item.title })}
                      onClick={() => onEdit(item.id)}
                    >
                      {t('contents.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button-small"
                      aria-label={t(item.published ? 'contents.unpublishTitle' : 'contents.publishTitle', {
                        title: item.title,
                      })}
                      onClick={() => setDecision({ item, publish: !item.published })}
                    >
                      {item.published ? t('contents.unpublish') : t('contents.publish')}
                    </button>
                  </span>
                </td>
              </tr>
            );
          }}
        />
      </div>
      {list.data && list.data.total > contentPageSize && (
        <Pager page={page} size={contentPageSize} total={list.data.total} onPage={setPage} />
      )}
      {decision && 'item' in decision && (
        <DecisionDialog
          title={t(decision.publish ? 'contents.publishTitle' : 'contents.unpublishTitle', {
            title: isolate(decision.item.title),
          })}
          hint={decision.publish ? t('contents.publishHint') : t('contents.unpublishHint')}
          field={{ label: t('contents.reason'), required: true }}
          confirmLabel={decision.publish ? t('contents.publish') : t('contents.unpublish')}
          danger={!decision.publish}
          pending={publish.isPending}
          error={publish.error}
          onConfirm={(reason) =>
            publish.mutate(
              { id: decision.item.id, published: decision.publish, reason },
              {
                onSuccess: (answer) => {
                  setDecision(null);
                  onMessage(answer.message);
                },
              },
            )
          }
          onClose={() => {
            setDecision(null);
            publish.reset();
          }}
        />
      )}
      {decision && 'order' in decision && (
        <DecisionDialog
          title={t('contents.saveOrder')}
          hint={t('contents.orderDialogHint')}
          field={{ label: t('contents.reason'), required: true }}
          confirmLabel={t('contents.saveOrder')}
          pending={reorder.isPending}
          error={reorder.error}
          onConfirm={(reason) =>
            reorder.mutate(
              { type, ids: decision.order, reason },
              {
                onSuccess: (answer) => {
                  setDecision(null);
                  setOrder(null);
                  onMessage(answer.message);
                },
              },
            )
          }
          onClose={() => {
            setDecision(null);
            reorder.reset();
          }}
        />
      )}
    </>
  );
}

function ItemTitle({ item }: { item: AdminContentItem }) {
  const { t, tMaybe, dateTimeShort } = useT();
  return (
    <div className="stack content-title-cell">
      <span className="strong">
        <bdi>{item.title}</bdi>
      </span>
      <span className="small muted">
        {item.topic && <Badge tone="info">{tMaybe(`contents.topics.${item.topic}`) ?? item.topic}</Badge>}{' '}
        {item.type === contentTypes.notice &&
          (item.publishedAt === null ? (
            t('contents.notDated')
          ) : (
            <time dateTime={new Date(item.publishedAt).toISOString()}>{dateTimeShort(item.publishedAt)}</time>
          ))}
      </span>
    </div>
  );
}

/** The languages an item lacks: their readers get the fallback, so each is named, not just counted. */
export function Languages({ missing }: { missing: readonly Locale[] }) {
  const { t, integer } = useT();
  useLocaleFonts(missing);
  if (missing.length === 0) return <Badge tone="good">{t('contents.allLanguages')}</Badge>;
  return (
    <div className="stack">
      <Badge tone="warn">{t('contents.missingCount', { count: integer(missing.length) })}</Badge>
      <span className="lang-list small">
        {missing.map((l) => (
          <span key={l} className="tag" lang={l} title={nativeNames[l]}>
            {nativeNames[l]}
          </span>
        ))}
      </span>
    </div>
  );
}

function Updated({ item }: { item: AdminContentItem }) {
  const { t, dateTimeShort } = useT();
  return (
    <div className="stack">
      <time className="nowrap" dateTime={new Date(item.updatedAt).toISOString()}>
        {dateTimeShort(item.updatedAt)}
      </time>
      <span className="small muted">
        {item.editedAt === null ? t('contents.asSeeded') : t('contents.edited')}
      </span>
    </div>
  );
}
