import { useEffect, useId, useRef, useState, type SyntheticEvent, type ReactNode } from 'react';
import type { JSONContent } from '@tiptap/core';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import Heading from '@tiptap/extension-heading';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import { UndoRedo } from '@tiptap/extensions';
import { safeHref } from '../../shared/prose/prose';
import { FieldError } from '../../shared/ui/form-controls';
import type { MediaItem } from '../api';
import type { Key } from '../i18n';
import { MediaPicker } from '../media';
import { ProsePicture } from './prose-image';
import { inputClass, secondaryButtonClass } from '../ui';
import { useT } from '../shell/lang';

// The editor of a prose field: TipTap with only the nodes and marks the server accepts
// (api/content/prose.go), so what it saves is what the server keeps. Pictures and documents come
// from the media library through its picker: a picture as a block of its own, a document as a
// link to its file. Loaded on demand, so the
// back-office's first load does not carry it.

const extensions = [
  Document,
  Paragraph,
  Text,
  Heading.configure({ levels: [2, 3] }),
  BulletList,
  OrderedList,
  ListItem,
  Bold,
  Italic,
  Link.configure({
    openOnClick: false,
    autolink: false,
    linkOnPaste: false,
    // Pasted or typed links the server would refuse are not made links at all.
    isAllowedUri: (url) => safeHref(url),
    HTMLAttributes: { target: null, rel: null, class: null },
  }),
  ProsePicture,
  UndoRedo,
];

/** How the document looks while edited: headings, lists and links as the page shows them. */
const documentClass =
  'min-h-40 break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-4 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6 [&>*+*]:mt-3';

const emptyDoc: JSONContent = { type: 'doc', content: [{ type: 'paragraph' }] };

const isDoc = (value: unknown): value is JSONContent =>
  Boolean(value) && typeof value === 'object' && (value as JSONContent).type === 'doc';

/**
 * The editor's document as the server stores it: attributes the server does not take dropped
 * (a link's target, a list's type), and empty paragraphs and list items left out, as a blank line
 * in the editor shows nothing on the page.
 */
export function toStored(node: JSONContent): JSONContent | null {
  const content = node.content
    ?.map(toStored)
    .filter((child): child is JSONContent => child !== null);
  switch (node.type) {
    case 'text':
      return {
        type: 'text',
        text: node.text ?? '',
        ...(node.marks?.length
          ? {
              marks: node.marks.map((mark) =>
                mark.type === 'link'
                  ? { type: 'link', attrs: { href: mark.attrs?.href } }
                  : { type: mark.type },
              ),
            }
          : {}),
      };
    case 'paragraph':
    case 'heading':
      if (!content?.some((child) => child.text?.trim())) return null;
      return node.type === 'heading'
        ? { type: 'heading', attrs: { level: node.attrs?.level }, content }
        : { type: 'paragraph', content };
    case 'listItem':
      return content?.[0]?.type === 'paragraph' ? { type: 'listItem', content } : null;
    case 'bulletList':
    case 'orderedList': {
      if (!content?.length) return null;
      const start = Number(node.attrs?.start ?? 1);
      return node.type === 'orderedList' && start > 1
        ? { type: 'orderedList', attrs: { start }, content }
        : { type: node.type, content };
    }
    case 'image': {
      const media = String(node.attrs?.media ?? '');
      if (!media) return null;
      const caption = String(node.attrs?.caption ?? '').trim();
      return { type: 'image', attrs: caption ? { media, caption } : { media } };
    }
    case 'doc':
      return { type: 'doc', content: content ?? [] };
    default:
      return null;
  }
}

type ToolProps = { label: string; pressed?: boolean; onClick: () => void; children: ReactNode };

/** A toolbar button: its name for screen readers, its state as pressed or not. */
function Tool({ label, pressed, onClick, children }: ToolProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keeps the selection in the text while the button is pressed with a pointer.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-2 text-sm font-semibold text-ink hover:bg-surface aria-pressed:bg-brand aria-pressed:text-on-brand"
    >
      {children}
    </button>
  );
}

type Props = {
  id: string;
  value: unknown;
  onChange: (value: JSONContent) => void;
  readOnly: boolean;
  /** The field's name, which labels the text and its toolbar. */
  name: string;
  describedBy?: string;
  invalid: boolean;
  lang: string;
  dir: 'ltr' | 'rtl';
};

/** A rich-text editor of one prose field, with a toolbar and a link control. */
export default function ProseEditor({
  id,
  value,
  onChange,
  readOnly,
  name,
  describedBy,
  invalid,
  lang,
  dir,
}: Props) {
  const { t } = useT();
  const linkId = useId();
  // The document last sent up, so that a value coming back from the form is not set again
  // (which would move the caret), while one from elsewhere (another version) replaces the text.
  const sent = useRef<string>('');
  const attributes = () => ({
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': name,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    'aria-invalid': String(invalid),
    lang,
    dir,
    class: `${inputClass} ${documentClass} ${readOnly ? '' : 'mt-0! rounded-t-none!'}`,
  });
  const editor = useEditor({
    extensions,
    // The back-office's policy allows no inline styles; the few rules needed are in documentClass.
    injectCSS: false,
    content: isDoc(value) ? value : emptyDoc,
    editable: !readOnly,
    editorProps: { attributes: attributes() },
    onUpdate: ({ editor }) => {
      const stored = toStored(editor.getJSON()) ?? { type: 'doc', content: [] };
      sent.current = JSON.stringify(stored);
      onChange(stored);
    },
  });

  // useEditor replaces an editor it destroyed when this component took long to mount (a busy
  // machine, a large form); the render with the new one runs these effects again.
  useEffect(() => {
    if (editor.isDestroyed || JSON.stringify(value) === sent.current) return;
    sent.current = JSON.stringify(value);
    editor.commands.setContent(isDoc(value) ? value : emptyDoc, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor.isDestroyed) return;
    editor.setEditable(!readOnly, false);
    editor.setOptions({ editorProps: { attributes: attributes() } });
    // The attributes follow these props; the function itself is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editor, readOnly, invalid, describedBy, lang, dir, name]);

  const state = useEditorState({
    editor,
    selector: ({ editor }) => ({
      bold: editor.isActive('bold'),
      italic: editor.isActive('italic'),
      h2: editor.isActive('heading', { level: 2 }),
      h3: editor.isActive('heading', { level: 3 }),
      bullets: editor.isActive('bulletList'),
      numbers: editor.isActive('orderedList'),
      link: editor.isActive('link'),
      href: String(editor.getAttributes('link').href ?? ''),
    }),
  });

  const [linking, setLinking] = useState(false);
  const [picking, setPicking] = useState<'' | 'image' | 'document'>('');
  const [href, setHref] = useState('');
  const [hrefError, setHrefError] = useState(false);

  const openLink = () => {
    setHref(state.href);
    setHrefError(false);
    setLinking(true);
  };
  const closeLink = () => {
    setLinking(false);
    editor.commands.focus();
  };
  /**
   * Links the selected text, or the link the caret is in, to `address`; with neither, inserts
   * `words` linked to it.
   */
  const linkTo = (address: string, words: string) => {
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !state.link) {
      chain
        .insertContent({
          type: 'text',
          text: words,
          marks: [{ type: 'link', attrs: { href: address } }],
        })
        .run();
    } else {
      chain.setLink({ href: address }).run();
    }
  };
  const applyLink = (event: SyntheticEvent) => {
    event.preventDefault();
    const address = href.trim();
    if (!safeHref(address)) {
      setHrefError(true);
      return;
    }
    linkTo(address, address);
    setLinking(false);
  };

  /** Puts what was chosen in the library into the text, where the caret or selection is. */
  const placeMedia = (item: MediaItem) => {
    if (item.kind === 'image') {
      editor
        .chain()
        .focus()
        .insertContent({ type: 'image', attrs: { media: item.id } })
        .run();
      return;
    }
    linkTo(item.url, item.title || item.fileName);
  };

  const tool = (key: Key, pressed: boolean, run: () => void, face: ReactNode) => (
    <Tool label={t(key)} pressed={pressed} onClick={run}>
      {face}
    </Tool>
  );

  return (
    <div className="mt-1" data-prose-editor>
      {!readOnly && (
        <div
          role="group"
          aria-label={t('content.prose.toolbar', { field: name })}
          className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-line-strong bg-surface p-1"
        >
          {tool(
            'content.prose.bold',
            state.bold,
            () => editor.chain().focus().toggleBold().run(),
            <b>B</b>,
          )}
          {tool(
            'content.prose.italic',
            state.italic,
            () => editor.chain().focus().toggleItalic().run(),
            <i className="font-serif">I</i>,
          )}
          {tool(
            'content.prose.heading',
            state.h2,
            () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
            t('content.prose.heading'),
          )}
          {tool(
            'content.prose.subheading',
            state.h3,
            () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
            t('content.prose.subheading'),
          )}
          {tool(
            'content.prose.bullets',
            state.bullets,
            () => editor.chain().focus().toggleBulletList().run(),
            t('content.prose.bullets'),
          )}
          {tool(
            'content.prose.numbers',
            state.numbers,
            () => editor.chain().focus().toggleOrderedList().run(),
            t('content.prose.numbers'),
          )}
          <Tool label={t('content.prose.link')} pressed={state.link} onClick={openLink}>
            <span className="underline underline-offset-4">{t('content.prose.link')}</span>
          </Tool>
          {state.link &&
            tool(
              'content.prose.unlink',
              false,
              () => editor.chain().focus().extendMarkRange('link').unsetLink().run(),
              t('content.prose.unlink'),
            )}
          {tool(
            'content.prose.picture',
            false,
            () => setPicking('image'),
            t('content.prose.picture'),
          )}
          {tool(
            'content.prose.document',
            false,
            () => setPicking('document'),
            t('content.prose.document'),
          )}
        </div>
      )}
      {picking && (
        <MediaPicker open kind={picking} onChoose={placeMedia} onClose={() => setPicking('')} />
      )}
      {linking && (
        // Not a form of its own: it sits inside the item's form, and forms do not nest.
        <div
          role="group"
          aria-label={t('content.prose.link')}
          onKeyDown={(event) => {
            if (event.key === 'Escape') closeLink();
            if (event.key === 'Enter' && event.target instanceof HTMLInputElement) applyLink(event);
          }}
          className="flex flex-wrap items-end gap-2 border border-b-0 border-line-strong bg-surface p-2"
        >
          <div className="grow">
            <label htmlFor={linkId} className="block text-sm font-semibold">
              {t('content.prose.linkAddress')}
            </label>
            <input
              id={linkId}
              autoFocus
              dir="ltr"
              inputMode="url"
              className={inputClass}
              value={href}
              aria-invalid={hrefError}
              aria-describedby={hrefError ? `${linkId}-error` : undefined}
              onChange={(event) => {
                setHref(event.target.value);
                setHrefError(false);
              }}
            />
          </div>
          <button type="button" className={secondaryButtonClass} onClick={applyLink}>
            {t('content.prose.linkApply')}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={closeLink}>
            {t('content.prose.linkCancel')}
          </button>
          <FieldError
            className="w-full"
            state={{
              errorId: `${linkId}-error`,
              error: hrefError ? t('content.prose.linkInvalid') : '',
            }}
          />
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
