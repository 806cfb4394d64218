import { useState } from 'react';
import type { MediaItem, Session } from '../api';
import { Card, Field, inputClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { formatBytes, missingAlt, noFilters, thumbnail, type MediaFilters } from './logic';
import { MediaDetail } from './detail';
import { useMediaList } from './queries';
import { MediaUpload } from './upload';

/** Who may open the library: staff who read the content. Writing needs content.write. */
export const mayUseMedia = (session: Session) => session.permissions.includes('content.read');
const mayWrite = (session: Session) =>
  session.permissions.includes('content.edit') || session.permissions.includes('content.translate');

/** The filters over the list: words, kind, folder, tag and order. */
export function MediaFilterBar({
  filters,
  folders,
  tags,
  onChange,
}: {
  filters: MediaFilters;
  folders: string[];
  tags: string[];
  onChange: (f: MediaFilters) => void;
}) {
  const { t } = useLabels();
  return (
    <div className="grid gap-x-3 sm:grid-cols-2 lg:grid-cols-5" role="search" data-media-filters>
      <Field label={t('media.filters.search')}>
        {(props) => (
          <input
            {...props}
            type="search"
            name="q"
            className={inputClass}
            value={filters.q}
            onChange={(e) => onChange({ ...filters, q: e.target.value })}
          />
        )}
      </Field>
      <Field label={t('media.filters.kind')}>
        {(props) => (
          <select
            {...props}
            name="kind"
            className={inputClass}
            value={filters.kind}
            onChange={(e) => onChange({ ...filters, kind: e.target.value as MediaFilters['kind'] })}
          >
            <option value="">{t('media.filters.all')}</option>
            <option value="image">{t('media.kinds.image')}</option>
            <option value="document">{t('media.kinds.document')}</option>
          </select>
        )}
      </Field>
      <Field label={t('media.fields.folder')}>
        {(props) => (
          <select
            {...props}
            name="folder"
            className={inputClass}
            value={filters.folder}
            onChange={(e) => onChange({ ...filters, folder: e.target.value })}
          >
            <option value="">{t('media.filters.all')}</option>
            {folders.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('media.filters.tag')}>
        {(props) => (
          <select
            {...props}
            name="tag"
            className={inputClass}
            value={filters.tag}
            onChange={(e) => onChange({ ...filters, tag: e.target.value })}
          >
            <option value="">{t('media.filters.all')}</option>
            {tags.map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('media.filters.sort')}>
        {(props) => (
          <select
            {...props}
            name="sort"
            className={inputClass}
            value={filters.sort}
            onChange={(e) => onChange({ ...filters, sort: e.target.value as MediaFilters['sort'] })}
          >
            <option value="newest">{t('media.sorts.newest')}</option>
            <option value="title">{t('media.sorts.title')}</option>
            <option value="size">{t('media.sorts.size')}</option>
          </select>
        )}
      </Field>
    </div>
  );
}

/** A document's tile: its kind's mark instead of a picture. */
function DocumentMark() {
  return (
    <span
      aria-hidden="true"
      className="bg-surface-raised grid aspect-[4/3] w-full place-items-center text-2xl font-bold text-ink-muted"
    >
      PDF
    </span>
  );
}

/** The items as a grid of tiles or a list of rows; choosing one opens it. */
export function MediaItems({
  items,
  view,
  chosen,
  onChoose,
}: {
  items: MediaItem[];
  view: 'grid' | 'list';
  chosen: string;
  onChoose: (item: MediaItem) => void;
}) {
  const { t, lang } = useLabels();
  if (!items.length) return <p className="text-ink-muted">{t('media.empty')}</p>;
  const mark = (item: MediaItem) =>
    missingAlt(item).length > 0 ? (
      <span className="text-sm text-danger" data-alt-missing>
        {t('media.altMissingShort', { count: missingAlt(item).length })}
      </span>
    ) : null;
  if (view === 'list') {
    return (
      <table className="w-full text-start text-sm" data-media-view="list">
        <thead>
          <tr className="border-b border-line text-start">
            <th className="py-2 pe-3 text-start">{t('media.fields.title')}</th>
            <th className="py-2 pe-3 text-start">{t('media.filters.kind')}</th>
            <th className="py-2 pe-3 text-start">{t('media.fields.folder')}</th>
            <th className="py-2 pe-3 text-end">{t('media.detail.size')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-line" data-media-item={item.id}>
              <td className="py-2 pe-3">
                <button
                  type="button"
                  aria-pressed={chosen === item.id}
                  className="text-start font-semibold underline underline-offset-4 hover:no-underline"
                  onClick={() => onChoose(item)}
                >
                  <bdi>{item.title}</bdi>
                </button>{' '}
                {mark(item)}
              </td>
              <td className="py-2 pe-3">
                {t(`media.kinds.${item.kind === 'image' ? 'image' : 'document'}`)}
              </td>
              <td className="py-2 pe-3">
                <bdi>{item.folder}</bdi>
              </td>
              <td className="py-2 pe-3 text-end">{formatBytes(item.bytes, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-media-view="grid">
      {items.map((item) => (
        <li key={item.id} data-media-item={item.id}>
          <button
            type="button"
            aria-pressed={chosen === item.id}
            onClick={() => onChoose(item)}
            className={`block w-full overflow-hidden rounded border text-start ${
              chosen === item.id ? 'border-accent ring-2 ring-accent' : 'border-line'
            }`}
          >
            {item.kind === 'image' ? (
              <img
                src={thumbnail(item)}
                alt=""
                loading="lazy"
                className="bg-surface-raised block aspect-[4/3] w-full object-cover"
              />
            ) : (
              <DocumentMark />
            )}
            <span dir="auto" className="block truncate p-2 text-start font-semibold">
              {item.title}
            </span>
          </button>
          {mark(item)}
        </li>
      ))}
    </ul>
  );
}

/** The media library screen: upload, filters, the grid or list, and the chosen item's details. */
export function MediaLibrary({ session }: { session: Session }) {
  const { t } = useLabels();
  const [filters, setFilters] = useState<MediaFilters>(noFilters);
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [chosen, setChosen] = useState('');
  const { data, error } = useMediaList(filters);
  const writes = mayWrite(session);
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold">{t('media.title')}</h1>
      {writes && (
        <Card>
          <h2 className="mb-2 text-lg font-semibold">{t('media.upload.heading')}</h2>
          <MediaUpload onUploaded={(item) => setChosen(item.id)} />
        </Card>
      )}
      <Card>
        <MediaFilterBar
          filters={filters}
          folders={data?.folders ?? []}
          tags={data?.tags ?? []}
          onChange={setFilters}
        />
        <div
          className="mb-3 flex gap-2"
          role="group"
          aria-label={t('media.views.label')}
          data-media-views
        >
          {(['grid', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`${secondaryButtonClass} ${view === v ? 'ring-2 ring-accent' : ''}`}
              onClick={() => setView(v)}
            >
              {t(`media.views.${v}`)}
            </button>
          ))}
        </div>
        {error ? (
          <p role="alert">{error.message}</p>
        ) : (
          <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
            <div aria-busy={!data}>
              {data ? (
                <MediaItems
                  items={data.items}
                  view={view}
                  chosen={chosen}
                  onChoose={(item) => setChosen(item.id)}
                />
              ) : (
                <p className="text-ink-muted">{t('common.loading')}</p>
              )}
            </div>
            {chosen && (
              <aside
                aria-label={t('media.detail.heading')}
                className="border-line lg:border-s lg:ps-4"
              >
                <h2 className="mb-2 text-lg font-semibold">{t('media.detail.heading')}</h2>
                <MediaDetail
                  key={chosen}
                  id={chosen}
                  readOnly={!writes}
                  onDeleted={() => setChosen('')}
                />
              </aside>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
