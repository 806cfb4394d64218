import { uploadedCoverPath } from '../../shared/ui/cover-image';
import { useT } from '../shell/lang';

/** The id a cover field holds: the uploaded cover's, or '' for the drawn art. */
export const coverOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The description a body gives its picture, which is the cover's alt text. */
export const altOf = (body: Record<string, unknown> | null | undefined) =>
  typeof body?.imageAlt === 'string' ? body.imageAlt : '';

function Side({
  side,
  cover,
  alt,
  lang,
}: {
  side: 'before' | 'after';
  cover: string;
  alt: string;
  lang: string;
}) {
  const { t } = useT();
  return (
    <figure className="min-w-0" data-cover-side={side}>
      {cover ? (
        <img
          src={uploadedCoverPath(cover, '400.webp')}
          width={400}
          height={225}
          alt={alt}
          lang={lang}
          className="block aspect-[16/9] h-auto w-full rounded border border-line object-cover"
        />
      ) : (
        <p className="flex aspect-[16/9] items-center rounded border border-dashed border-line p-3 text-sm text-ink-muted">
          {t('content.cover.none')}
        </p>
      )}
      <figcaption className="mt-1 text-sm">
        <span className="font-semibold">{t(`content.cover.${side}`)}</span>
        {cover && alt && (
          <>
            {' '}
            <span aria-hidden="true">·</span>{' '}
            <bdi lang={lang} className="text-ink-muted">
              {alt}
            </bdi>
          </>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * A changed cover as two thumbnails, the picture before and the picture after, each with its
 * description as its alt text (or the drawn art's note when there was or is no uploaded cover).
 */
export function CoverChange({
  before,
  after,
  altBefore,
  altAfter,
  lang,
}: {
  before: string;
  after: string;
  altBefore: string;
  altAfter: string;
  lang: string;
}) {
  return (
    <div className="grid grid-cols-2 gap-3" data-cover-change>
      <Side side="before" cover={before} alt={altBefore} lang={lang} />
      <Side side="after" cover={after} alt={altAfter} lang={lang} />
    </div>
  );
}
