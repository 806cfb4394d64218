import type { ReactNode } from 'react';
import { useTranslation } from '../../shared/i18n/translation';
import {
  libraryFallback,
  libraryFileOf,
  libraryFileURL,
  librarySrcSet,
} from '../../shared/prose/media';
import type { ProseImage } from '../../shared/prose/prose';
import { formatFileSize } from '../i18n/formatting';
import { usePage } from '../pages/page-context';
import type { PageDetails, PageMedia } from '../pages/page-props';

// The media library's items inside running text: a picture as a figure, a document as a link
// that downloads it. What they need of the library (files, sizes, alt text) comes with the page's
// props (page.media); an item the library no longer has is not drawn.

/** How wide a picture in running text is shown: the text's measure, or the screen on a phone. */
export const prosePictureSizes = '(min-width: 48rem) 44rem, calc(100vw - 2rem)';

/** A picture of the library with its caption, in every format its files offer. */
export function ProseFigure({ node }: { node: ProseImage }) {
  const { locale, page } = usePage();
  const id = node.attrs?.media;
  const media = id ? page.media?.[id] : undefined;
  if (!id || media?.kind !== 'image' || media.files.length === 0) return null;
  const fallback = libraryFallback(media.files)!;
  const alt = media.alt?.[locale] || media.alt?.en || '';
  const caption = typeof node.attrs.caption === 'string' ? node.attrs.caption.trim() : '';
  const sources = ['image/avif', 'image/webp']
    .map((type) => ({ type, srcSet: librarySrcSet(id, media.files, type) }))
    .filter((source) => source.srcSet);
  return (
    <figure className="measure">
      <picture>
        {sources.map((source) => (
          <source
            key={source.type}
            type={source.type}
            srcSet={source.srcSet}
            sizes={prosePictureSizes}
          />
        ))}
        <img
          src={libraryFileURL(id, fallback.name)}
          width={media.width || fallback.width}
          height={media.height || fallback.height}
          alt={alt}
          loading="lazy"
          decoding="async"
          className="block h-auto max-w-full rounded-card bg-surface dark:ring-1 dark:ring-line"
        />
      </picture>
      {caption && (
        <figcaption className="mt-2 text-sm leading-6 text-ink-muted">{caption}</figcaption>
      )}
    </figure>
  );
}

/** What the page knows of the library document an address leads to; undefined for any other. */
export function libraryDocument(page: PageDetails, href: string): PageMedia | undefined {
  const file = libraryFileOf(href);
  const media = file ? page.media?.[file.id] : undefined;
  return media?.kind === 'document' ? media : undefined;
}

/** A link that downloads a document of the library and says that it is a PDF and how large. */
export function DocumentLink({
  href,
  bytes,
  className,
  children,
}: {
  href: string;
  bytes: number;
  className: string;
  children: ReactNode;
}) {
  const { locale } = usePage();
  const { t } = useTranslation();
  return (
    <a className={className} href={href} download>
      {children}
      <span className="ms-1 inline-block text-sm font-normal whitespace-nowrap text-ink-muted">
        {t('prose.document', { size: formatFileSize(bytes, locale) })}
      </span>
    </a>
  );
}
