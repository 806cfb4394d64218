import { createContext, useContext, useId, useRef, useState } from 'react';
import { post, upload, type ApiResult } from '../../shared/form-kit/api-client';
import { uploadedCoverPath } from '../../shared/ui/cover-image';
import { FieldError } from '../../shared/ui/form-controls';
import { MediaPicker } from '../media';
import { dangerButtonClass, secondaryButtonClass } from '../ui';
import { useT } from '../shell/lang';

/** The item and language a cover is uploaded for: the editor around the field says. */
export const CoverTarget = createContext<{
  collection: string;
  slug: string;
  locale: string;
} | null>(null);

/** The pictures the server takes (api/admin/covers.go checks them by content). */
const accepted = 'image/jpeg,image/png,image/webp,image/avif';

type CoverFieldProps = {
  path: string;
  label: string;
  optional: boolean;
  /** The id of the cover the text names; '' or absent for none. */
  value: unknown;
  /** The English text's cover, which a translation without one shows. */
  english: unknown;
  error?: string;
  readOnly: boolean;
  onChange: (value: unknown) => void;
};

const coverId = (value: unknown) => (typeof value === 'string' && value ? value : '');

/**
 * An item's cover picture: the one the text names, shown small, a file chooser that uploads a
 * new one with its progress, a button that makes one of a picture in the media library, and a
 * button that removes it so the page shows its drawn art. Either only changes the form: the item
 * keeps its cover once it is saved.
 */
export function CoverField({
  path,
  label,
  optional,
  value,
  english,
  error,
  readOnly,
  onChange,
}: CoverFieldProps) {
  const { t } = useT();
  const target = useContext(CoverTarget);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [status, setStatus] = useState('');
  const current = coverId(value);
  const inherited = current ? '' : coverId(english);
  const shown = error || problem;

  const [picking, setPicking] = useState(false);
  const [making, setMaking] = useState(false);
  const route = target
    ? `/admin/content/${encodeURIComponent(target.collection)}/${encodeURIComponent(target.slug)}/${encodeURIComponent(target.locale)}/cover`
    : '';

  /** Shows what the server answered: the new cover in the form, or why there is none. */
  function settle(result: ApiResult<{ id: string }>, field: 'file' | 'media', done: string) {
    setProgress(null);
    setMaking(false);
    if (result.ok && result.data) {
      onChange(result.data.id);
      setStatus(result.message || done);
      return;
    }
    setProblem(
      result.errors[field] ||
        result.message ||
        t(result.status === 0 ? 'common.unreachable' : 'content.cover.failed'),
    );
  }

  async function send(file: File) {
    if (!target) return;
    setProblem('');
    setStatus('');
    setProgress(0);
    const form = new FormData();
    form.append('file', file);
    const result = await upload<{ id: string }>(route, form, setProgress);
    if (input.current) input.current.value = '';
    settle(result, 'file', t('content.cover.uploaded'));
  }

  async function fromLibrary(media: string) {
    if (!target) return;
    setProblem('');
    setStatus(t('content.cover.making'));
    setMaking(true);
    settle(
      await post<{ id: string }>(`${route}/library`, { media }),
      'media',
      t('content.cover.chosen'),
    );
  }

  return (
    <fieldset className="mb-4" data-field={path} aria-describedby={`${id}-hint`}>
      <legend className="block font-semibold">
        {label}
        {optional && <span className="font-normal text-ink-muted"> ({t('content.optional')})</span>}
      </legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        {t('content.cover.hint')}
      </p>
      <div className="mt-2 flex flex-wrap items-start gap-4">
        {current || inherited ? (
          <figure className="w-48 max-w-full">
            <img
              src={uploadedCoverPath(current || inherited, '400.webp')}
              width={400}
              height={225}
              alt={t(current ? 'content.cover.current' : 'content.cover.inherited')}
              className="block aspect-[16/9] h-auto w-full rounded border border-line object-cover"
            />
            <figcaption className="mt-1 text-sm text-ink-muted">
              {t(current ? 'content.cover.current' : 'content.cover.inherited')}
            </figcaption>
          </figure>
        ) : (
          <p className="text-sm text-ink-muted">{t('content.cover.none')}</p>
        )}
        {!readOnly && (
          <div className="flex min-w-0 flex-col gap-2">
            <label htmlFor={id} className="font-semibold">
              {t(current ? 'content.cover.replace' : 'content.cover.upload')}
            </label>
            <input
              ref={input}
              id={id}
              type="file"
              accept={accepted}
              disabled={progress !== null || making}
              aria-invalid={Boolean(shown)}
              aria-describedby={shown ? `${id}-error` : undefined}
              className="max-w-full text-sm file:me-3 file:cursor-pointer file:rounded file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-ink"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void send(file);
              }}
            />
            {progress !== null && (
              <progress
                max={1}
                value={progress}
                aria-label={t('content.cover.uploading')}
                className="w-48 max-w-full"
              />
            )}
            <button
              type="button"
              className={`${secondaryButtonClass} self-start`}
              disabled={progress !== null || making}
              onClick={() => setPicking(true)}
            >
              {t('content.cover.fromLibrary')}
            </button>
            {picking && (
              <MediaPicker
                open
                kind="image"
                onChoose={(item) => void fromLibrary(item.id)}
                onClose={() => setPicking(false)}
              />
            )}
            {current && (
              <button
                type="button"
                className={`${dangerButtonClass} self-start`}
                onClick={() => {
                  onChange('');
                  setStatus(t('content.cover.removed'));
                }}
              >
                {t('content.cover.remove')}
              </button>
            )}
          </div>
        )}
      </div>
      <p role="status" className="mt-1 text-sm text-ink-muted">
        {status}
      </p>
      <FieldError state={{ errorId: `${id}-error`, error: shown }} />
    </fieldset>
  );
}
