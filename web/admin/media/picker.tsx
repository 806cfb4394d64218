import { useEffect, useRef, useState } from 'react';
import type { MediaItem } from '../api';
import { buttonClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { noFilters, type MediaFilters } from './logic';
import { MediaFilterBar, MediaItems } from './media';
import { useMediaList } from './queries';
import { MediaUpload } from './upload';

/**
 * A dialog to choose an item of the library, a picture or a document as `kind` says (either
 * when absent), with search, filters and an upload inside it. `onChoose` receives the item; the
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
  const { data } = useMediaList(filters);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-labelledby="media-picker-title"
      className="w-[min(64rem,calc(100vw-2rem))] rounded border border-line bg-surface p-4 text-ink backdrop:bg-black/50"
      data-media-picker
    >
      <h2 id="media-picker-title" className="mb-3 text-xl font-semibold">
        {t('media.picker.title')}
      </h2>
      <details className="mb-3">
        <summary className="cursor-pointer font-semibold">{t('media.upload.heading')}</summary>
        <div className="mt-2">
          <MediaUpload onUploaded={(item) => setChosen(item)} />
        </div>
      </details>
      <MediaFilterBar
        filters={filters}
        folders={data?.folders ?? []}
        tags={data?.tags ?? []}
        onChange={setFilters}
      />
      <div className="max-h-[50vh] overflow-auto">
        <MediaItems
          items={data?.items ?? []}
          view="grid"
          chosen={chosen?.id ?? ''}
          onChoose={setChosen}
        />
      </div>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
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
    </dialog>
  );
}
