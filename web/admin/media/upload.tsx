import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import type { MediaItem } from '../api';
import { upload } from '../../shared/form-kit/api-client';
import { FieldError } from '../../shared/ui/form-controls';
import { Field, buttonClass, inputClass } from '../ui';
import type { Key } from '../i18n';
import { useT } from '../shell/lang';
import { accepted } from './logic';
import { mediaKeys } from './queries';

/**
 * Adds a file to the library: dropped on the zone or chosen with the button, with its alt text
 * in the staff member's language (required for a picture), title, tags and folder; the upload
 * shows its progress, and the new item (or the one already holding the same file) is handed on.
 */
export function MediaUpload({ onUploaded }: { onUploaded: (item: MediaItem) => void }) {
  const { t, lang } = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [folder, setFolder] = useState('');
  const [over, setOver] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const isPDF = file ? file.type === 'application/pdf' || /\.pdf$/i.test(file.name) : false;

  function choose(next: File | undefined) {
    if (!next) return;
    setFile(next);
    setErrors({});
    setStatus('');
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    choose(event.dataTransfer.files[0]);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    // In the media picker, the form is drawn outside the editor's form but React still passes
    // its submission up to the editor that opened the picker.
    event.stopPropagation();
    if (!file) {
      setErrors({ file: t('media.upload.choose') });
      return;
    }
    if (!isPDF && !alt.trim()) {
      setErrors({ alt: t('media.upload.altRequired') });
      return;
    }
    setErrors({});
    setStatus('');
    setProgress(0);
    const form = new FormData();
    form.append('title', title);
    form.append('alt', alt);
    form.append('altLang', lang);
    form.append('tags', tags);
    form.append('folder', folder);
    form.append('file', file);
    const result = await upload<MediaItem>('/admin/media', form, setProgress);
    setProgress(null);
    if (result.ok && result.data) {
      setStatus(result.message || t('media.upload.done'));
      setFile(null);
      setAlt('');
      setTitle('');
      setTags('');
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      onUploaded(result.data);
      return;
    }
    setErrors({
      ...result.errors,
      ...(result.errors.file || Object.keys(result.errors).length
        ? {}
        : {
            file:
              result.message ||
              t(result.status === 0 ? 'common.unreachable' : 'media.upload.failed'),
          }),
    });
  }

  return (
    <form onSubmit={send} noValidate className="grid gap-3" data-media-upload>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-drop-zone
        className={`grid place-items-center gap-2 rounded border-2 border-dashed p-6 text-center ${
          over ? 'bg-surface-raised border-accent' : 'border-line'
        }`}
      >
        <p>{t('media.upload.drop')}</p>
        <label htmlFor={`${id}-file`} className={`${buttonClass} cursor-pointer`}>
          {t('media.upload.button')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          name="file"
          type="file"
          accept={accepted}
          className="sr-only"
          aria-invalid={Boolean(errors.file)}
          aria-describedby={`${id}-hint${errors.file ? ` ${id}-file-error` : ''}`}
          onChange={(e) => choose(e.target.files?.[0])}
        />
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {t('media.upload.hint')}
        </p>
        {file && (
          <p className="font-semibold" data-chosen>
            <bdi>{file.name}</bdi>
          </p>
        )}
        <FieldError state={{ errorId: `${id}-file-error`, error: errors.file ?? '' }} />
      </div>
      {!isPDF && (
        <Field
          label={t('media.upload.alt', { language: t(`languageNames.${lang}` as Key) })}
          error={errors.alt}
        >
          {(props) => (
            <input
              {...props}
              name="alt"
              className={inputClass}
              value={alt}
              onChange={(e) => setAlt(e.target.value)}
            />
          )}
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('media.fields.title')} error={errors.title}>
          {(props) => (
            <input
              {...props}
              name="title"
              className={inputClass}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('media.fields.tags')} error={errors.tags}>
          {(props) => (
            <input
              {...props}
              name="tags"
              className={inputClass}
              value={tags}
              onChange={(e) => setTags(e.target.value)}
            />
          )}
        </Field>
        <Field label={t('media.fields.folder')} error={errors.folder}>
          {(props) => (
            <input
              {...props}
              name="folder"
              className={inputClass}
              value={folder}
              onChange={(e) => setFolder(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={progress !== null}>
          {t('media.upload.submit')}
        </button>
        {progress !== null && (
          <progress
            max={1}
            value={progress}
            aria-label={t('media.upload.progress')}
            className="w-48 max-w-full"
          />
        )}
        <p role="status" className="text-sm text-ink-muted">
          {status}
        </p>
      </div>
    </form>
  );
}
