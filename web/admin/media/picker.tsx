import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MediaItem } from '../api';
import { buttonClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { noFilters, type MediaFilters } from './logic';
import { MediaFilterBar, MediaItems } from './media';
import { useMediaList } from './queries';
import { MediaUpload } from './upload';

/**
 * A dialog to choose an item of the library, a picture or a document as `kind` says (either
 * when absent), with search, filters and an upload inside it. It is drawn at the end of the
 * document, so the upload's form is never inside the form of the editor that opened it.
 * `onChoose` receives the item; the
 * dialog closes by itself after a choice or on Escape.
 */
export function MediaPicker({
  open,
  kind = '',
  onChoose,
  onClose,
}: {
  open: boolean;
  kind?: MediaFilters['kind'];
  onChoose: (item: MediaItem) => void;
  onClose: () => void;
}) {
  const { t } = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  const [filters, setFilters] = useState<MediaFilters>({ ...noFilters, kind });
  const [chosen, setChosen] = useState<MediaItem | null>(null);
  const [uploading, setUploading] = useState(false);
  const { data } = useMediaList(filters);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return createPortal(
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="media-picker-title"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(64rem,calc(100vw-2rem))] flex-col rounded border border-line bg-surface p-0 text-ink backdrop:bg-black/50 open:flex"
      data-media-picker
    >
      <h2 id="media-picker-title" className="px-4 pt-4 pb-3 text-xl font-semibold">
        {t('media.picker.title')}
      </h2>
      {/* The choices scroll; the dialog's buttons stay in view below them. */}
      <div className="min-h-0 flex-1 overflow-auto px-4 pb-3">
        <details
          className="mb-3"
          open={uploading}
          onToggle={(e) => setUploading(e.currentTarget.open)}
        >
          <summary className="cursor-pointer font-semibold">{t('media.upload.heading')}</summary>
          <div className="mt-2">
            <MediaUpload
              onUploaded={(item) => {
                // The new file is chosen; the form folds away so it shows among the others.
                setChosen(item);
                setUploading(false);
              }}
            />
          </div>
        </details>
        <MediaFilterBar
          filters={filters}
          folders={data?.folders ?? []}
          tags={data?.tags ?? []}
          onChange={setFilters}
        />
        <MediaItems
          items={data?.items ?? []}
          view="grid"
          chosen={chosen?.id ?? ''}
          onChoose={setChosen}
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line p-4">
        <p role="status" className="me-auto min-w-0 text-sm text-ink-muted">
          {chosen && (
            <>
              {t('media.picker.chosen')}{' '}
              <bdi className="font-semibold text-ink">{chosen.title || chosen.fileName}</bdi>
            </>
          )}
        </p>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className={buttonClass}
          disabled={!chosen}
          onClick={() => {
            if (chosen) onChoose(chosen);
            onClose();
          }}
        >
          {t('media.picker.choose')}
        </button>
      </div>
    </dialog>,
    document.body,
  );
}
