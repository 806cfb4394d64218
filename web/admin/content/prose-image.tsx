import { mergeAttributes, Node } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useId } from 'react';
import { useMediaItem } from '../media';
import { inputClass, secondaryButtonClass } from '../ui';
import { useT } from '../shell/lang';

// A picture of the media library inside running text: a block the server stores as
// {type: "image", attrs: {media, caption?}} (api/content/prose.go), shown in the editor as the
// picture with its caption in a field of its own. The picture is the library's, so its alt text
// is edited there, once for every text that shows it.

/** The longest caption the server takes. */
export const maxCaption = 300;

function PictureView({ node, editor, updateAttributes, deleteNode, selected }: ReactNodeViewProps) {
  const { t, lang } = useT();
  const captionId = useId();
  const media = String(node.attrs.media ?? '');
  const caption = String(node.attrs.caption ?? '');
  const { data: item, isError } = useMediaItem(media);
  const editable = editor.isEditable;
  const alt = item ? item.alt[lang] || item.alt.en || '' : '';
  return (
    <NodeViewWrapper
      as="figure"
      data-prose-picture={media}
      className={`my-3 rounded-lg border p-2 ${selected ? 'border-brand' : 'border-line'}`}
    >
      {item ? (
        <img
          src={item.url}
          alt={alt}
          width={item.width || undefined}
          height={item.height || undefined}
          className="block h-auto max-h-80 w-auto max-w-full rounded-md"
          draggable={false}
        />
      ) : (
        <p className="text-sm text-ink-muted" role={isError ? 'alert' : undefined}>
          {isError ? t('content.prose.pictureMissing') : t('content.prose.pictureLoading')}
        </p>
      )}
      {editable ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <div className="min-w-0 grow">
            <label htmlFor={captionId} className="block text-sm font-semibold">
              {t('content.prose.caption')}
            </label>
            <input
              id={captionId}
              className={inputClass}
              value={caption}
              maxLength={maxCaption}
              onChange={(event) => updateAttributes({ caption: event.target.value })}
            />
          </div>
          <button type="button" className={secondaryButtonClass} onClick={deleteNode}>
            {t('content.prose.pictureRemove')}
          </button>
        </div>
      ) : (
        caption && <figcaption className="mt-2 text-sm text-ink-muted">{caption}</figcaption>
      )}
    </NodeViewWrapper>
  );
}

/** The picture node of the prose editor. */
export const ProsePicture = Node.create({
  name: 'image',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes() {
    return {
      media: { default: '', parseHTML: (el) => el.getAttribute('data-media') ?? '' },
      caption: { default: '', parseHTML: (el) => el.getAttribute('data-caption') ?? '' },
    };
  },
  parseHTML() {
    return [{ tag: 'figure[data-media]' }];
  },
  renderHTML({ HTMLAttributes }) {
    const { media, caption, ...rest } = HTMLAttributes as Record<string, string>;
    return ['figure', mergeAttributes(rest, { 'data-media': media, 'data-caption': caption })];
  },
  addNodeView() {
    return ReactNodeViewRenderer(PictureView);
  },
});
