import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { adminApi, type MediaItem } from '../api';
import type { Key } from '../i18n';
import {
  Field,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useLabels } from '../shell/lang';
import { locales } from '../../shared/i18n/locales';
import { focalFromClick, formatBytes, missingAlt, parseTags, thumbnail } from './logic';
import { mediaKeys, useMediaItem } from './queries';

/**
 * One item's details: its picture (a click sets the focal point) or its document's name, its
 * title, alt text in every language with a mark on those missing, tags and folder; its link to
 * copy, where it is used, and deletion, which the server refuses while a page uses it.
 */
export function MediaDetail({
  id,
  readOnly,
  onDeleted,
}: {
  id: string;
  readOnly: boolean;
  onDeleted: () => void;
}) {
  const { t } = useLabels();
  const { data: item, error } = useMediaItem(id);
  if (error) return <NoticeBox notice={{ tone: 'error', text: error.message }} />;
  if (!item) return <p className="text-ink-muted">{t('common.loading')}</p>;
  return <DetailForm key={item.id} item={item} readOnly={readOnly} onDeleted={onDeleted} />;
}

function DetailForm({
  item,
  readOnly,
  onDeleted,
}: {
  item: MediaItem;
  readOnly: boolean;
  onDeleted: () => void;
}) {
  const { t, lang, when } = useLabels();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<MediaItem>(item);
  const [tags, setTags] = useState(item.tags.join(', '));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const missing = missingAlt(draft);

  async function save(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const result = await adminApi.saveMedia(draft.id, {
      title: draft.title,
      alt: draft.alt,
      focalX: draft.focalX,
      focalY: draft.focalY,
      tags: parseTags(tags),
      folder: draft.folder,
    });
    setErrors(result.errors);
    setNotice({ tone: result.ok ? 'success' : 'error', text: result.message });
    if (result.ok) await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
  }

  async function remove() {
    if (!window.confirm(t('media.detail.confirmDelete'))) return;
    const result = await adminApi.deleteMedia(draft.id);
    setNotice({ tone: result.ok ? 'success' : 'error', text: result.message });
    if (result.ok) {
      await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
      onDeleted();
    }
  }

  async function copy() {
    const link = new URL(draft.url, window.location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      setNotice({ tone: 'success', text: t('media.detail.copied') });
    } catch {
      setNotice({ tone: 'error', text: link });
    }
  }

  return (
    <form onSubmit={save} noValidate className="grid gap-3" data-media-detail={item.id}>
      {item.kind === 'image' ? (
        <div>
          <button
            type="button"
            disabled={readOnly}
            className="relative block w-full overflow-hidden rounded border border-line"
            aria-label={t('media.detail.focalHelp')}
            onClick={(e) => {
              const box = e.currentTarget.getBoundingClientRect();
              setDraft({ ...draft, ...focalFromClick(box, e.clientX, e.clientY) });
            }}
          >
            <img
              src={thumbnail(item)}
              alt={item.alt[lang] ?? ''}
              width={item.width}
              height={item.height}
              className="block h-auto w-full"
            />
            <span
              aria-hidden="true"
              className="absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent shadow"
              style={{ left: `${draft.focalX * 100}%`, top: `${draft.focalY * 100}%` }}
              data-focal
            />
          </button>
          <p className="mt-1 text-sm text-ink-muted">{t('media.detail.focalHelp')}</p>
        </div>
      ) : (
        <p className="font-semibold">
          <bdi>{item.fileName}</bdi>
        </p>
      )}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
        <dt className="text-ink-muted">{t('media.detail.size')}</dt>
        <dd>
          <bdi dir="ltr">
            {formatBytes(item.bytes, lang)}
            {item.kind === 'image' && ` · ${item.width} × ${item.height}`}
          </bdi>
        </dd>
        <dt className="text-ink-muted">{t('media.detail.uploaded')}</dt>
        <dd>
          <time dateTime={item.uploadedAt}>{when(item.uploadedAt)}</time> · {item.uploadedBy}
        </dd>
      </dl>
      <Field label={t('media.fields.title')} error={errors.title}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            readOnly={readOnly}
            value={draft.title}
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
          />
        )}
      </Field>
      {item.kind === 'image' && (
        <fieldset className="grid gap-1">
          <legend className="font-semibold">{t('media.fields.alt')}</legend>
          {locales.map((l) => (
            <Field
              key={l}
              label={
                missing.includes(l)
                  ? t('media.detail.altMissing', { language: t(`languageNames.${l}` as Key) })
                  : t(`languageNames.${l}` as Key)
              }
              error={errors[`alt.${l}`]}
            >
              {(props) => (
                <input
                  {...props}
                  dir={l === 'ar' ? 'rtl' : 'ltr'}
                  lang={l}
                  className={inputClass}
                  readOnly={readOnly}
                  value={draft.alt[l] ?? ''}
                  data-alt={l}
                  onChange={(e) =>
                    setDraft({ ...draft, alt: { ...draft.alt, [l]: e.target.value } })
                  }
                />
              )}
            </Field>
          ))}
        </fieldset>
      )}
      <Field label={t('media.fields.tags')} hint={t('media.detail.tagsHint')} error={errors.tags}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            readOnly={readOnly}
            value={tags}
            onChange={(e) => setTags(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('media.fields.folder')} error={errors.folder}>
        {(props) => (
          <input
            {...props}
            className={inputClass}
            readOnly={readOnly}
            value={draft.folder}
            onChange={(e) => setDraft({ ...draft, folder: e.target.value })}
          />
        )}
      </Field>
      <section>
        <h3 className="font-semibold">{t('media.detail.usedOn')}</h3>
        {item.usedOn.length ? (
          <ul className="list-disc ps-5" data-used-on>
            {item.usedOn.map((u) => (
              <li key={u.place}>
                <bdi>{u.label}</bdi>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">{t('media.detail.unused')}</p>
        )}
      </section>
      <NoticeBox notice={notice} />
      <div className="flex flex-wrap gap-2">
        {!readOnly && (
          <button type="submit" className={buttonClass}>
            {t('media.detail.save')}
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={() => void copy()}>
          {t('media.detail.copy')}
        </button>
        <a href={item.url} className={secondaryButtonClass} download={item.kind === 'document'}>
          {t(item.kind === 'image' ? 'media.detail.open' : 'media.detail.download')}
        </a>
        {!readOnly && (
          <button type="button" className={dangerButtonClass} onClick={() => void remove()}>
            {t('media.detail.delete')}
          </button>
        )}
      </div>
    </form>
  );
}
