// The content editor's rich text (TipTap on ProseMirror), loaded only when an editor opens: Contents.tsx imports
// this file with React.lazy, so TipTap stays out of the back office's first load. It writes only what the
// server's sanitizer keeps (headings 2–3, paragraphs, bold, italic, lists, quotes, links, rules, code); the
// server sanitizes again on save, so the toolbar is a convenience, not the safety.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { Locale } from '@tradewind/i18n/locales';
import { useT } from '../i18n/i18n.ts';

export type RichTextProps = {
  /** The HTML to start from; a new value remounts nothing (give the component a key per document). */
  initial: string;
  onChange: (html: string) => void;
  lang: Locale;
  dir: 'ltr' | 'rtl';
  /** The id of the visible label of the text area. */
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
};

/** Links the server keeps: https, mailto and the site's own paths. */
const keptLink = /^(https:\/\/[^\s]+|mailto:[^\s]+|\/[^/\s][^\s]*)$/i;

export default function RichTextEditor(props: RichTextProps) {
  const { t } = useT();
  // Read by the attributes function at each update, so a new value needs no new editor (and keeps undo).
  const latest = useRef(props);
  latest.current = props;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Not in the sanitizer's list: they would be dropped on save.
        underline: false,
        strike: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          HTMLAttributes: { rel: 'noopener noreferrer', target: '_blank' },
          isAllowedUri: (url) => keptLink.test(url),
        },
      }),
    ],
    content: props.initial,
    editorProps: {
      attributes: () => {
        const now = latest.current;
        return {
          class: 'rich-text-area prose',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': now.labelledBy,
          ...(now.describedBy ? { 'aria-describedby': now.describedBy } : {}),
          ...(now.invalid ? { 'aria-invalid': 'true' } : {}),
          lang: now.lang,
          dir: now.dir,
          spellcheck: 'true',
        };
      },
    },
    onUpdate: ({ editor: changed }) => props.onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  // An empty transaction makes the view read its attributes again; before the view is mounted there is none
  // to refresh (it reads them when it mounts).
  useEffect(() => {
    if (editor.isInitialized && !editor.isDestroyed)
      editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
  }, [editor, props.invalid, props.describedBy]);
  return (
    <div className="rich-text">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
      <span className="visually-hidden">{t('contents.editorHint')}</span>
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useT();
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      href: String(e.getAttributes('link').href ?? ''),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  type Tool = {
    key: string;
    label: string;
    text: ReactNode;
    act: () => void;
    /** Toggles (marks, blocks, the link form) say whether they are on; undo and redo whether they can act. */
    pressed?: boolean;
    disabled?: boolean;
  };
  const tools: Tool[] = [
    {
      key: 'bold',
      label: t('contents.tool.bold'),
      text: 'B',
      act: () => chain().toggleBold().run(),
      pressed: state.bold,
    },
    {
      key: 'italic',
      label: t('contents.tool.italic'),
      text: 'I',
      act: () => chain().toggleItalic().run(),
      pressed: state.italic,
    },
    {
      key: 'h2',
      label: t('contents.tool.heading'),
      text: 'H2',
      act: () => chain().toggleHeading({ level: 2 }).run(),
      pressed: state.h2,
    },
    {
      key: 'h3',
      label: t('contents.tool.subheading'),
      text: 'H3',
      act: () => chain().toggleHeading({ level: 3 }).run(),
      pressed: state.h3,
    },
    {
      key: 'bulletList',
      label: t('contents.tool.bulletList'),
      text: '•',
      act: () => chain().toggleBulletList().run(),
      pressed: state.bulletList,
    },
    {
      key: 'orderedList',
      label: t('contents.tool.orderedList'),
      text: '1.',
      act: () => chain().toggleOrderedList().run(),
      pressed: state.orderedList,
    },
    {
      key: 'blockquote',
      label: t('contents.tool.quote'),
      text: '❝',
      act: () => chain().toggleBlockquote().run(),
      pressed: state.blockquote,
    },
    {
      key: 'link',
      label: t('contents.tool.link'),
      text: <LinkIcon />,
      act: () => setLinking((open) => !open),
      pressed: linking || state.link,
    },
    {
      key: 'undo',
      label: t('contents.tool.undo'),
      text: '↶',
      act: () => chain().undo().run(),
      disabled: !state.canUndo,
    },
    {
      key: 'redo',
      label: t('contents.tool.redo'),
      text: '↷',
      act: () => chain().redo().run(),
      disabled: !state.canRedo,
    },
  ];
  return (
    <div className="rich-text-tools">
      <div role="toolbar" aria-label={t('contents.tool.label')} className="rich-text-toolbar">
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            className={`tool tool-${tool.key}`}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.pressed}
            disabled={tool.disabled}
            onClick={tool.act}
          >
            <span aria-hidden="true">{tool.text}</span>
          </button>
        ))}
      </div>
      {linking && <LinkForm editor={editor} href={state.href} onDone={() => setLinking(false)} />}
    </div>
  );
}

/** Two chain links (an emoji would need a colour-emoji font the operator may not have). */
function LinkIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
      <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1.2 1.2" strokeLinecap="round" />
      <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1.2-1.2" strokeLinecap="round" />
    </svg>
  );
}

function LinkForm({ editor, href, onDone }: { editor: Editor; href: string; onDone: () => void }) {
  const { t } = useT();
  const id = useId();
  const [value, setValue] = useState(href);
  const [bad, setBad] = useState(false);
  const apply = () => {
    const url = value.trim();
    if (!keptLink.test(url)) {
      setBad(true);
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  // A div, not a form: this sits inside the editor's own form, and forms do not nest.
  return (
    <div className="rich-text-link" role="group" aria-labelledby={`${id}-label`}>
      <label id={`${id}-label`} htmlFor={id}>
        {t('contents.tool.linkAddress')}
      </label>
      <input
        id={id}
        type="url"
        dir="ltr"
        value={value}
        placeholder="https://"
        aria-invalid={bad || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setValue(e.target.value);
          setBad(false);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          apply();
        }}
      />
      <button type="button" className="button button-small button-primary" onClick={apply}>
        {t('contents.tool.linkApply')}
      </button>
      {href && (
        <button
          type="button"
          className="button button-small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          {t('contents.tool.linkRemove')}
        </button>
      )}
      <p id={`${id}-hint`} className={bad ? 'field-error' : 'field-hint'}>
        {t('contents.tool.linkRule')}
      </p>
    </div>
  );
}
