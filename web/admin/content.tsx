import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  adminApi,
  type ContentConflict,
  type ContentItem,
  type ContentList,
  type ContentOutdated,
  type ContentSchedule,
  type ContentState,
  type ContentVersion,
  type FieldSpec,
  type Session,
  pagesCollection,
} from './api';
import { plainText, type ProseDoc } from '../shared/prose/prose';
import { ConflictView } from './conflict-view';
import { fieldLabel, named } from './content-labels';
import { CoverField, CoverTarget } from './cover-upload';
import { useItemWatch } from './item-watch';
import { ItemActions, NewItem, NewItemLink } from './items';
import { PreviewPanel } from './preview';
import { formattingLocale } from './i18n';
import {
  Card,
  Link,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
  useSearch,
  useT,
  type Notice,
} from './ui';
import { useUnsavedGuard } from './unsaved';
import { DiffText } from './version-diff';
import { VersionHistory } from './version-history';
import { textOf, wordDiff } from './word-diff';

type Json = Record<string, unknown>;

/** The rich-text editor of prose fields, loaded with the first form that has one. */
const ProseEditor = lazy(() => import('./prose-editor'));

/**
 * The language of the text being edited, which its inputs are marked with (Arabic right to
 * left), while labels and messages stay in the back-office's language.
 */
const TextLang = createContext<{ lang: string; dir: 'ltr' | 'rtl' }>({ lang: 'en', dir: 'ltr' });

/** The site's languages, by the names of fields that hold one text per language. */
const languageFields: Record<string, { lang: string; dir: 'ltr' | 'rtl' }> = {
  en: { lang: 'en', dir: 'ltr' },
  nl: { lang: 'nl', dir: 'ltr' },
  fr: { lang: 'fr', dir: 'ltr' },
  ar: { lang: 'ar', dir: 'rtl' },
};

/**
 * Rows for a text area of a text this long, where a browser does not size a text area to its
 * content (field-sizing) itself.
 */
function rowsFor(text: string, least: number, most: number): number {
  const lines = text
    .split('\n')
    .reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 60)), 0);
  return Math.min(most, Math.max(least, lines));
}

/** A one-line text: Enter does not break it, as the site shows it on one line. */
const oneLine = (event: KeyboardEvent<HTMLTextAreaElement>) => {
  if (event.key === 'Enter') event.preventDefault();
};

function useWhen() {
  const { lang } = useT();
  return (iso: string) =>
    new Date(iso).toLocaleString(formattingLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
}

const badgeTone: Record<ContentState, string> = {
  published: 'border-accent bg-accent-soft',
  scheduled: 'border-brand bg-accent-soft',
  draft: 'border-brand bg-surface',
  unpublished: 'border-danger bg-danger-soft',
  missing: 'border-line-strong bg-surface',
};

/**
 * A language's state as a small badge: "AR · Draft", and "AR · Published · Outdated" for a
 * translation the English changed under since it was published.
 */
function StateBadge({
  locale,
  state,
  outdated = false,
}: {
  locale: string;
  state: ContentState;
  outdated?: boolean;
}) {
  const { t } = useT();
  return (
    <span
      className={`inline-flex flex-wrap items-center gap-1 rounded-full border px-2 text-sm text-ink ${
        outdated ? 'border-warn bg-warn-soft' : badgeTone[state]
      }`}
      data-locale={locale}
      data-state={state}
      data-outdated={outdated || undefined}
    >
      <abbr title={named(t, 'languageNames.', locale)} className="font-semibold no-underline">
        {locale.toUpperCase()}
      </abbr>
      <span aria-hidden="true">·</span>
      <span>{t(`content.stateNames.${state}`)}</span>
      {outdated && (
        <>
          <span aria-hidden="true">·</span>
          <span className="font-semibold">{t('content.stateNames.outdated')}</span>
        </>
      )}
    </span>
  );
}

/** Per translation, how many of a collection's items are not live in it and how many are outdated. */
function TranslationCounts({ data }: { data: ContentList }) {
  const { t } = useT();
  const translations = data.languages.filter((l) => l !== 'en');
  const cell = 'border-b border-line px-3 py-2 text-start';
  return (
    <table className="mb-6 w-full max-w-md border-collapse">
      <caption className="mb-2 text-start font-semibold">{t('content.counts')}</caption>
      <thead>
        <tr>
          <th scope="col" className={cell}>
            {t('content.count.language')}
          </th>
          <th scope="col" className={cell}>
            {t('content.count.missing')}
          </th>
          <th scope="col" className={cell}>
            {t('content.count.outdated')}
          </th>
        </tr>
      </thead>
      <tbody>
        {translations.map((l) => {
          const count = data.counts[l] ?? { missing: 0, outdated: 0 };
          return (
            <tr key={l} data-count={l}>
              <th scope="row" className={`${cell} font-normal`}>
                {named(t, 'languageNames.', l)}
              </th>
              <td className={cell} data-missing-count={count.missing}>
                {count.missing}
              </td>
              <td
                className={`${cell} ${count.outdated > 0 ? 'font-semibold' : ''}`}
                data-outdated-count={count.outdated}
              >
                {count.outdated}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The collections, and the items of the one chosen, with each language's state. */
function ContentListView({ session }: { session: Session }) {
  const { t } = useT();
  const search = useSearch();
  const collection = new URLSearchParams(search).get('collection') || 'news';
  const [data, setData] = useState<ContentList | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  useEffect(() => {
    let live = true;
    void adminApi.contentList(collection).then((result) => {
      if (!live) return;
      if (result.ok && result.data) {
        setData(result.data);
        setNotice(null);
      } else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collection]);

  const collections = [
    pagesCollection,
    ...(data?.collections ?? ['news', 'blogs', 'publications', 'webinars', 'vacancies']),
  ];
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">{t('content.title')}</h1>
      <p className="mb-6 text-ink-muted">{t('content.lead')}</p>
      <NoticeBox notice={notice} />
      <nav aria-label={t('content.collections')} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {collections.map((name) => (
            <li key={name}>
              <Link
                to={`/admin/content?collection=${name}`}
                className={
                  name === collection
                    ? `${buttonClass} underline underline-offset-4`
                    : secondaryButtonClass
                }
              >
                <span aria-current={name === collection ? 'page' : undefined}>
                  {named(t, 'content.collectionNames.', name)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {!data && !notice && <p role="status">{t('common.loading')}</p>}
      {data && data.collection === collection && (
        <section aria-labelledby="content-items">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
            <h2 id="content-items" className="text-xl font-semibold">
              {named(t, 'content.collectionNames.', collection)}
            </h2>
            {collection !== pagesCollection && (
              <NewItemLink collection={collection} session={session} />
            )}
          </div>
          <TranslationCounts data={data} />
          {data.items.length === 0 ? (
            <p>{t('content.none')}</p>
          ) : (
            <ul className="grid gap-3">
              {data.items.map((item) => (
                <li
                  key={item.slug}
                  className="rounded-card border border-line bg-raised p-4"
                  data-slug={item.slug}
                >
                  <h3 className="mb-2 font-semibold break-words">
                    <Link
                      to={
                        collection === pagesCollection
                          ? `/admin/content/pages/page?route=${encodeURIComponent(item.slug)}`
                          : `/admin/content/${collection}/${item.slug}`
                      }
                      className="underline underline-offset-4 hover:no-underline"
                    >
                      <bdi>{item.title || item.slug}</bdi>
                    </Link>
                    {collection === pagesCollection && item.title && (
                      <span className="ms-2 text-sm font-normal text-ink-muted" dir="ltr">
                        {item.slug}
                      </span>
                    )}
                  </h3>
                  <p className="flex flex-wrap gap-2" aria-label={t('content.states')}>
                    {data.languages.map((l) => (
                      <StateBadge
                        key={l}
                        locale={l}
                        state={item.languages[l] ?? 'missing'}
                        outdated={item.outdated?.includes(l)}
                      />
                    ))}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

/** An empty value of a field's kind, for a new entry of a list. */
function emptyOf(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'texts':
    case 'routes':
      return [''];
    case 'objects':
      return [emptyObject(spec.fields ?? [])];
    case 'object':
      return emptyObject(spec.fields ?? []);
    case 'count':
    case 'rating':
      return 1;
    case 'enum':
      return spec.values?.[0] ?? '';
    case 'routeTexts':
      return {};
    case 'prose':
      return { type: 'doc', content: [] };
    default:
      return '';
  }
}

export function emptyObject(fields: FieldSpec[]): Json {
  return Object.fromEntries(fields.filter((f) => !f.optional).map((f) => [f.name, emptyOf(f)]));
}

/** The body to send: optional fields left empty are left out, as the files leave them out. */
export function cleaned(fields: FieldSpec[], value: Json): Json {
  const out: Json = {};
  for (const [name, v] of Object.entries(value)) {
    const spec = fields.find((f) => f.name === name);
    if (spec?.optional && (v === '' || (Array.isArray(v) && v.length === 0))) continue;
    if (spec?.kind === 'object' && v && typeof v === 'object' && !Array.isArray(v)) {
      out[name] = cleaned(spec.fields ?? [], v as Json);
    } else if (spec?.kind === 'objects' && Array.isArray(v)) {
      out[name] = v.map((el) =>
        el && typeof el === 'object' ? cleaned(spec.fields ?? [], el as Json) : el,
      );
    } else out[name] = v;
  }
  return out;
}

/** A field's message under it, announced as it appears. */
function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-danger">
      {error}
    </p>
  );
}

/** The English text of a field, shown under it while another language is edited. */
function Reference({ value }: { value: unknown }) {
  const { t } = useT();
  // A list shows its English under each entry; a rich-text document or a structure without
  // fields of its own (routeTexts) shows as its text.
  if (value === undefined || value === null || Array.isArray(value)) return null;
  const text = typeof value === 'object' ? textOf(value) : String(value);
  if (!text) return null;
  return (
    <p className="mt-1 text-sm break-words whitespace-pre-wrap text-ink-muted" lang="en" dir="ltr">
      <span className="font-semibold">{t('content.english')}: </span>
      {text}
    </p>
  );
}

type EditorProps = {
  spec: FieldSpec;
  path: string;
  value: unknown;
  english: unknown;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (value: unknown) => void;
  label?: string;
};

/** One field, drawn from its kind: inputs, text areas, selects and list editors. */
function FieldEditor({
  spec,
  path,
  value,
  english,
  errors,
  readOnly,
  onChange,
  label,
}: EditorProps) {
  const { t } = useT();
  const id = useId();
  const around = useContext(TextLang);
  // A field named after a language (an office's address in Arabic) is written in that language.
  const textLang =
    (Object.hasOwn(languageFields, spec.name) && languageFields[spec.name]) || around;
  const error = errors[path];
  const errorId = `${id}-error`;
  const name = label ?? fieldLabel(t, spec.name);
  const common = {
    id,
    name: path,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? errorId : undefined,
    readOnly,
  };
  const labelled = (control: ReactNode) => (
    <div className="mb-4" data-field={path}>
      <label htmlFor={id} className="block font-semibold">
        {name}
        {spec.optional && (
          <span className="font-normal text-ink-muted"> ({t('content.optional')})</span>
        )}
      </label>
      {control}
      <FieldError id={errorId} error={error} />
      <Reference value={english} />
    </div>
  );
  const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);

  switch (spec.kind) {
    case 'cover':
      return (
        <CoverField
          path={path}
          label={name}
          optional={Boolean(spec.optional)}
          value={value}
          english={english}
          error={error}
          readOnly={readOnly}
          onChange={onChange}
        />
      );
    case 'prose':
      return (
        <div className="mb-4" data-field={path}>
          <p className="block font-semibold">{name}</p>
          <Suspense fallback={<p className="mt-1 text-ink-muted">{t('content.prose.loading')}</p>}>
            <ProseEditor
              id={id}
              name={name}
              value={value}
              onChange={onChange}
              readOnly={readOnly}
              invalid={Boolean(error)}
              describedBy={error ? errorId : undefined}
              {...textLang}
            />
          </Suspense>
          <FieldError id={errorId} error={error} />
          <Reference
            value={
              english && typeof english === 'object' ? plainText(english as ProseDoc) : english
            }
          />
        </div>
      );
    case 'markup':
      return labelled(
        <textarea
          {...common}
          {...textLang}
          rows={rowsFor(text, 3, 12)}
          className={`${inputClass} [field-sizing:content]`}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />,
      );
    case 'date':
      return labelled(
        <input
          {...common}
          type="date"
          className={inputClass}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />,
      );
    case 'count':
    case 'rating':
      return labelled(
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={1}
          max={spec.kind === 'rating' ? 5 : undefined}
          className={inputClass}
          value={typeof value === 'number' ? value : text}
          onChange={(e) => {
            const n = Number(e.target.value);
            onChange(e.target.value === '' || Number.isNaN(n) ? e.target.value : n);
          }}
        />,
      );
    case 'enum':
      return labelled(
        <select
          {...common}
          disabled={readOnly}
          className={inputClass}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        >
          {(spec.values ?? []).map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </select>,
      );
    case 'texts':
    case 'routes':
      return (
        <TextList
          spec={spec}
          path={path}
          name={name}
          value={value}
          english={english}
          errors={errors}
          readOnly={readOnly}
          onChange={onChange}
        />
      );
    case 'object':
      return (
        <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path}>
          <legend className="px-1 font-semibold">{name}</legend>
          <FieldError id={errorId} error={error} />
          <Fields
            fields={spec.fields ?? []}
            prefix={`${path}.`}
            value={(value as Json) ?? {}}
            english={(english as Json | undefined) ?? undefined}
            errors={errors}
            readOnly={readOnly}
            onChange={onChange}
          />
        </fieldset>
      );
    case 'objects':
      return (
        <ObjectList
          spec={spec}
          path={path}
          name={name}
          value={value}
          english={english}
          errors={errors}
          readOnly={readOnly}
          onChange={onChange}
        />
      );
    case 'routeTexts':
      return labelled(
        <textarea
          {...common}
          rows={4}
          dir="ltr"
          className={inputClass}
          value={JSON.stringify(value ?? {}, null, 2)}
          onChange={(e) => {
            try {
              onChange(JSON.parse(e.target.value));
            } catch {
              // Kept as typed until it reads as JSON.
            }
          }}
        />,
      );
    case 'text':
      return labelled(
        <textarea
          {...common}
          {...textLang}
          rows={rowsFor(text, 1, 4)}
          className={`${inputClass} [field-sizing:content] resize-none`}
          value={text}
          onKeyDown={oneLine}
          onChange={(e) => onChange(e.target.value.replace(/\r?\n/g, ' '))}
        />,
      );
    default:
      return labelled(
        <input
          {...common}
          type="text"
          dir="ltr"
          className={inputClass}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />,
      );
  }
}

type ListProps = Omit<EditorProps, 'label'> & { name: string };

/** A list of texts (paragraphs, tags, requirements): a text area each, added and removed. */
function TextList({ spec, path, name, value, english, errors, readOnly, onChange }: ListProps) {
  const { t } = useT();
  const id = useId();
  const textLang = useContext(TextLang);
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const en = Array.isArray(english) ? (english as unknown[]) : [];
  const error = errors[path];
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path}>
      <legend className="px-1 font-semibold">
        {name}
        {spec.optional && (
          <span className="font-normal text-ink-muted"> ({t('content.optional')})</span>
        )}
      </legend>
      <FieldError id={`${id}-error`} error={error} />
      <ol className="grid gap-3">
        {list.map((entry, i) => {
          const at = `${path}[${i}]`;
          const entryId = `${id}-${i}`;
          return (
            <li key={i} data-field={at}>
              <label htmlFor={entryId} className="block text-sm font-semibold">
                {t('content.entry', { field: name, number: i + 1 })}
              </label>
              <textarea
                id={entryId}
                name={at}
                {...(spec.kind === 'routes' ? { dir: 'ltr' } : textLang)}
                rows={
                  spec.kind === 'routes'
                    ? 1
                    : rowsFor(typeof entry === 'string' ? entry : '', 2, 12)
                }
                readOnly={readOnly}
                aria-invalid={Boolean(errors[at])}
                aria-describedby={errors[at] ? `${entryId}-error` : undefined}
                className={`${inputClass} [field-sizing:content]`}
                value={typeof entry === 'string' ? entry : ''}
                onChange={(e) => onChange(list.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <FieldError id={`${entryId}-error`} error={errors[at]} />
              <Reference value={en[i]} />
              {!readOnly && (
                <button
                  type="button"
                  className="mt-1 min-h-11 text-sm text-danger underline underline-offset-4"
                  onClick={() => onChange(list.filter((_, j) => j !== i))}
                >
                  {t('content.remove', {
                    entry: t('content.entry', { field: name, number: i + 1 }),
                  })}
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {!readOnly && (
        <button
          type="button"
          className={`${secondaryButtonClass} mt-3`}
          onClick={() => onChange([...list, ''])}
        >
          {t('content.add', { field: name })}
        </button>
      )}
    </fieldset>
  );
}

/** A list of objects (speakers, sections): each its own group of fields, added and removed. */
function ObjectList({ spec, path, name, value, english, errors, readOnly, onChange }: ListProps) {
  const { t } = useT();
  const list = Array.isArray(value) ? (value as Json[]) : [];
  const en = Array.isArray(english) ? (english as Json[]) : [];
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path}>
      <legend className="px-1 font-semibold">{name}</legend>
      <FieldError id={`${path}-error`} error={errors[path]} />
      {list.map((entry, i) => {
        const entryName = t('content.entry', { field: name, number: i + 1 });
        return (
          <fieldset
            key={i}
            className="mb-3 rounded-lg border border-line p-3"
            data-field={`${path}[${i}]`}
          >
            <legend className="px-1 text-sm font-semibold">{entryName}</legend>
            <Fields
              fields={spec.fields ?? []}
              prefix={`${path}[${i}].`}
              value={entry ?? {}}
              english={en[i]}
              errors={errors}
              readOnly={readOnly}
              onChange={(next) => onChange(list.map((v, j) => (j === i ? (next as Json) : v)))}
            />
            {!readOnly && (
              <button
                type="button"
                className="min-h-11 text-sm text-danger underline underline-offset-4"
                onClick={() => onChange(list.filter((_, j) => j !== i))}
              >
                {t('content.remove', { entry: entryName })}
              </button>
            )}
          </fieldset>
        );
      })}
      {!readOnly && (
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => onChange([...list, emptyObject(spec.fields ?? [])])}
        >
          {t('content.add', { field: name })}
        </button>
      )}
    </fieldset>
  );
}

/** The fields of a shape, each drawn from its kind. */
export function Fields({
  fields,
  prefix,
  value,
  english,
  errors,
  readOnly,
  onChange,
}: {
  fields: FieldSpec[];
  prefix: string;
  value: Json;
  english: Json | undefined;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (value: Json) => void;
}) {
  return (
    <>
      {fields.map((spec) => (
        <FieldEditor
          key={spec.name}
          spec={spec}
          path={`${prefix}${spec.name}`}
          value={value[spec.name]}
          english={english?.[spec.name]}
          errors={errors}
          readOnly={readOnly}
          onChange={(next) => onChange({ ...value, [spec.name]: next })}
        />
      ))}
    </>
  );
}

/**
 * One field's English as it was, with the words since removed struck through, or as it is,
 * with the words since added underlined: the same word diff the versions show.
 */
function EnglishSide({
  before,
  now,
  side,
}: {
  before: unknown;
  now: unknown;
  side: 'before' | 'now';
}) {
  const hidden = side === 'before' ? 'added' : 'removed';
  const parts = wordDiff(textOf(before), textOf(now)).filter((p) => p.kind !== hidden);
  return <DiffText parts={parts} lang="en" dir="ltr" />;
}

/**
 * What changed in the English since this translation was published: each changed field, the
 * English before and now; the fields that did not change are named.
 */
function OutdatedPanel({ outdated, fields }: { outdated: ContentOutdated; fields: FieldSpec[] }) {
  const { t } = useT();
  const when = useWhen();
  const id = useId();
  const known = fields.map((f) => f.name);
  const changed = [
    ...known.filter((n) => outdated.fields.includes(n)),
    ...outdated.fields.filter((n) => !known.includes(n)),
  ];
  const unchanged = known
    .filter((n) => !outdated.fields.includes(n) && n in outdated.englishNow)
    .map((n) => fieldLabel(t, n));
  return (
    <section
      aria-labelledby={id}
      className="mb-6 rounded-lg border border-warn bg-warn-soft p-4 text-ink"
      data-outdated-panel
    >
      <h3 id={id} className="mb-1 font-semibold">
        {t('content.outdated.title')}
      </h3>
      <p className="mb-3">{t('content.outdated.lead', { date: when(outdated.since) })}</p>
      <ul className="grid gap-3">
        {changed.map((name) => (
          <li
            key={name}
            className="rounded-lg border border-s-4 border-line border-s-warn bg-raised p-3"
            data-changed-field={name}
          >
            <p className="mb-2 font-semibold">
              {fieldLabel(t, name)} <span aria-hidden="true">·</span>{' '}
              <span className="font-normal">{t('content.outdated.changed')}</span>
            </p>
            <dl className="grid gap-3 sm:grid-cols-2">
              <div data-english="before">
                <dt className="text-sm text-ink-muted">{t('content.outdated.before')}</dt>
                <dd lang="en" dir="ltr">
                  <EnglishSide
                    before={outdated.englishBefore[name]}
                    now={outdated.englishNow[name]}
                    side="before"
                  />
                </dd>
              </div>
              <div data-english="now">
                <dt className="text-sm text-ink-muted">{t('content.outdated.now')}</dt>
                <dd lang="en" dir="ltr">
                  <EnglishSide
                    before={outdated.englishBefore[name]}
                    now={outdated.englishNow[name]}
                    side="now"
                  />
                </dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {unchanged.length > 0 && (
        <p className="mt-3 text-sm">
          {t('content.outdated.unchanged', { fields: unchanged.join(t('common.listSeparator')) })}
        </p>
      )}
    </section>
  );
}

/** How many minutes a time zone is ahead of UTC at a moment. */
function offsetOf(zone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/**
 * An offset as "UTC+03:00" or "UTC−05:00", isolated so that it reads left to right inside
 * Arabic text.
 */
function utcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return isolated(`UTC${minutes < 0 ? '\u2212' : '+'}${hh}:${mm}`);
}

/** The moment a wall-clock time ("2026-11-27T14:30", seconds optional) names in a time zone. */
function zonedMoment(local: string, zone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, Number.isNaN(s) ? 0 : s!);
  let at = wall - offsetOf(zone, new Date(wall)) * 60_000;
  // Once more at the moment found, for a time near a change of the clocks.
  at = wall - offsetOf(zone, new Date(at)) * 60_000;
  return new Date(at);
}

const zones = (): string[] => {
  const all = Intl.supportedValuesOf?.('timeZone') ?? [];
  return all.includes('UTC') ? all : ['UTC', ...all];
};

/** Text kept in its own direction inside a sentence of the other (first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`;

const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/** A planned time as it reads in the zone it was chosen in. */
function useZonedWhen() {
  const { lang } = useT();
  return (iso: string, zone: string) =>
    new Date(iso).toLocaleString(formattingLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
    });
}

/**
 * A language's plan, or the form to make one: publish the text in the form, or take a
 * translation off, at a date and time in a time zone whose UTC offset is shown.
 */
function SchedulePanel({
  locale,
  live,
  schedule,
  busy,
  onSchedule,
  onCancel,
}: {
  locale: string;
  live: boolean;
  schedule: ContentSchedule | null;
  busy: boolean;
  onSchedule: (action: 'publish' | 'unpublish', at: Date, zone: string) => Promise<void>;
  onCancel: () => Promise<void>;
}) {
  const { t } = useT();
  const zonedWhen = useZonedWhen();
  const id = useId();
  const [action, setAction] = useState<'publish' | 'unpublish'>('publish');
  const [local, setLocal] = useState('');
  const [zone, setZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [error, setError] = useState('');
  const moment = zonedMoment(local, zone);
  const offset = utcOffset(offsetOf(zone, moment ?? new Date()));
  const canUnpublish = locale !== 'en' && live;

  if (schedule) {
    const at = new Date(schedule.at);
    return (
      <section aria-labelledby={id} className="mt-6 border-t border-line pt-4" data-schedule>
        <h3 id={id} className="mb-2 font-semibold">
          {t('content.schedule.title')}
        </h3>
        <p className="mb-1">
          {t(
            schedule.action === 'publish'
              ? 'content.scheduledPublish'
              : 'content.scheduledUnpublish',
            {
              date: zonedWhen(schedule.at, schedule.timeZone),
              zone: isolated(zoneName(schedule.timeZone)),
              offset: utcOffset(offsetOf(schedule.timeZone, at)),
            },
          )}
        </p>
        {schedule.by.name && (
          <p className="mb-3 text-sm text-ink-muted">
            {t('content.scheduledBy', { name: schedule.by.name })}
          </p>
        )}
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy}
          onClick={() => void onCancel()}
        >
          {t('content.schedule.cancel')}
        </button>
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className="mt-6 border-t border-line pt-4" data-schedule>
      <h3 id={id} className="mb-3 font-semibold">
        {t('content.schedule.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {canUnpublish && (
          <fieldset className="sm:col-span-2">
            <legend className="font-semibold">{t('content.schedule.action')}</legend>
            {(['publish', 'unpublish'] as const).map((a) => (
              <label key={a} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-action`}
                  value={a}
                  checked={action === a}
                  onChange={() => setAction(a)}
                />
                {t(a === 'publish' ? 'content.schedule.publish' : 'content.schedule.unpublish')}
              </label>
            ))}
          </fieldset>
        )}
        <div>
          <label htmlFor={`${id}-at`} className="block font-semibold">
            {t('content.schedule.at')}
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            step={1}
            className={inputClass}
            value={local}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setLocal(e.target.value);
              setError('');
            }}
          />
          <FieldError id={`${id}-error`} error={error} />
        </div>
        <div>
          <label htmlFor={`${id}-zone`} className="block font-semibold">
            {t('content.schedule.zone')}
          </label>
          <select
            id={`${id}-zone`}
            className={inputClass}
            value={zone}
            aria-describedby={`${id}-offset`}
            onChange={(e) => setZone(e.target.value)}
          >
            {zones().map((z) => (
              <option key={z} value={z}>
                {zoneName(z)}
              </option>
            ))}
          </select>
          <p id={`${id}-offset`} className="mt-1 text-sm text-ink-muted" data-offset>
            {t('content.schedule.offset', { zone: isolated(zoneName(zone)), offset })}
          </p>
        </div>
      </div>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-4`}
        disabled={busy}
        onClick={() => {
          if (!moment) {
            setError(t('content.schedule.missing'));
            return;
          }
          void onSchedule(canUnpublish ? action : 'publish', moment, zone);
        }}
      >
        {t('content.schedule.submit')}
      </button>
    </section>
  );
}

/** What the form starts from in a language: its latest version, else its live text, else the English. */
function startingText(item: ContentItem, locale: string): Json {
  const lang = item.languages[locale];
  return (lang?.latest?.body ?? lang?.live ?? item.languages.en?.live ?? {}) as Json;
}

/** One item, one language at a time: the form, its actions and its versions. */
function ContentEditor({
  collection,
  slug,
  session,
}: {
  collection: string;
  slug: string;
  session: Session;
}) {
  const { t } = useT();
  const [fields, setFields] = useState<FieldSpec[] | null>(null);
  const [item, setItem] = useState<ContentItem | null>(null);
  const [locale, setLocale] = useState('');
  const [draft, setDraft] = useState<Json>({});
  const [base, setBase] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [conflict, setConflict] = useState<ContentVersion | null>(null);
  const [versions, setVersions] = useState<ContentVersion[]>([]);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState('');
  // The text the form started from (its base version's), which the conflict view compares with.
  const [startBody, setStartBody] = useState<Json>({});
  // A newer version someone saved while this form has unsaved changes.
  const [newer, setNewer] = useState<ContentVersion | null>(null);
  // When the editor last asked for the item itself: a look older than that is out of date.
  const loadedAt = useRef(0);
  const { guard, dialog } = useUnsavedGuard(dirty, named(t, 'languageNames.', locale));

  const loadVersions = async (loc: string) => {
    const result = await adminApi.contentVersions(collection, slug, loc);
    if (result.ok && result.data) setVersions(result.data.versions);
  };

  // Loads the item, and the form of a language from it.
  const load = async (loc?: string) => {
    loadedAt.current = performance.now();
    const result = await adminApi.contentItem(collection, slug);
    if (!result.ok || !result.data) {
      setMissing(result.message || t('common.unreachable'));
      return;
    }
    const it = result.data;
    setItem(it);
    const shown = session.permissions.includes('content.edit')
      ? it.order
      : session.permissions.includes('content.translate')
        ? it.writable
        : it.order;
    const next = loc && shown.includes(loc) ? loc : (shown[0] ?? 'en');
    setLocale(next);
    setDraft(startingText(it, next));
    setStartBody(startingText(it, next));
    setBase(it.languages[next]?.latest?.id ?? 0);
    setDirty(false);
    setErrors({});
    setConflict(null);
    setNewer(null);
    void loadVersions(next);
  };

  // Shows the item's states and versions as they are now, keeping the form as it is.
  const refresh = async (loc: string) => {
    loadedAt.current = performance.now();
    const result = await adminApi.contentItem(collection, slug);
    if (result.ok && result.data) setItem(result.data);
    await loadVersions(loc);
  };

  // What changed underneath: with nothing unsaved the form follows a newer version and the
  // state; with unsaved changes it stays as it is and says so.
  useItemWatch(collection, slug, (now, askedAt) => {
    if (!item || !locale || busy || askedAt < loadedAt.current) return;
    const was = item.languages[locale];
    const is = now.languages[locale];
    const latest = is?.latest ?? null;
    const saved = latest !== null && latest.id > base;
    const moved =
      was?.state !== is?.state ||
      was?.published !== is?.published ||
      (saved && latest.id !== newer?.id);
    if (JSON.stringify(now) !== JSON.stringify(item)) setItem(now);
    if (!moved) return;
    void loadVersions(locale);
    if (saved && dirty) {
      setNewer(latest);
      return;
    }
    if (saved) {
      setDraft((latest.body ?? {}) as Json);
      setStartBody((latest.body ?? {}) as Json);
      setBase(latest.id);
      setNotice({
        tone: 'success',
        text: t('content.refreshed.saved', { name: latest.author.name || t('content.someone') }),
      });
      return;
    }
    setNotice({
      tone: 'success',
      text: t('content.refreshed.state', {
        state: t(`content.stateNames.${is?.state ?? 'missing'}`).toLowerCase(),
      }),
    });
  });

  useEffect(() => {
    void adminApi.contentSchema(collection, slug).then((result) => {
      if (result.ok && result.data) setFields(result.data.fields);
      else setMissing(result.message || t('common.unreachable'));
    });
    // Loading the item is the effect; its answer sets the state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [collection, slug]);

  const back = (
    <p className="mb-4">
      <Link to={`/admin/content?collection=${collection}`} className="underline underline-offset-4">
        {t('content.back', { collection: named(t, 'content.collectionNames.', collection) })}
      </Link>
    </p>
  );
  if (missing) {
    return (
      <div>
        {back}
        <NoticeBox notice={{ tone: 'error', text: missing }} />
      </div>
    );
  }
  if (!item || !fields || !locale) return <p role="status">{t('common.loading')}</p>;

  const lang = item.languages[locale];
  const canWrite = item.writable.includes(locale);
  const languages = session.permissions.includes('content.edit')
    ? item.order
    : session.permissions.includes('content.translate')
      ? item.writable
      : item.order;
  const english = locale === 'en' ? undefined : (item.languages.en?.live ?? undefined);
  const title =
    (typeof draft.title === 'string' && draft.title) ||
    (item.languages.en?.live?.title as string | undefined) ||
    slug;

  const save = async (on: number): Promise<ContentVersion | null> => {
    setBusy(true);
    const result = await adminApi.saveContent(collection, slug, locale, on, cleaned(fields, draft));
    setBusy(false);
    setErrors(result.errors);
    if (result.ok && result.data) {
      setBase(result.data.id);
      setStartBody(cleaned(fields, draft));
      setDirty(false);
      setConflict(null);
      setNewer(null);
      setNotice({ tone: 'success', text: result.message });
      void refresh(locale);
      return result.data;
    }
    if (result.status === 409) {
      const data = result.data as ContentConflict | null;
      setConflict(data?.current ?? null);
      setNotice(null);
      return null;
    }
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
    return null;
  };

  const afterChange = async (message: string, ok: boolean) => {
    await load(locale);
    setNotice({ tone: ok ? 'success' : 'error', text: message || t('common.unreachable') });
  };

  const publish = async () => {
    let version = base;
    if (dirty || version === 0) {
      const saved = await save(base);
      if (!saved) return;
      version = saved.id;
    }
    setBusy(true);
    const result = await adminApi.publishContent(collection, slug, locale, version);
    setBusy(false);
    await afterChange(result.message, result.ok);
  };

  const unpublish = async () => {
    setBusy(true);
    const result = await adminApi.unpublishContent(collection, slug, locale);
    setBusy(false);
    await afterChange(result.message, result.ok);
  };

  const schedule = async (action: 'publish' | 'unpublish', at: Date, zone: string) => {
    let version = 0;
    if (action === 'publish') {
      version = base;
      if (dirty || version === 0) {
        const saved = await save(base);
        if (!saved) return;
        version = saved.id;
      }
    }
    setBusy(true);
    const result = await adminApi.scheduleContent(collection, slug, locale, {
      action,
      version,
      at: at.toISOString(),
      timeZone: zone,
    });
    setBusy(false);
    if (!result.ok) {
      const first = Object.values(result.errors)[0];
      setNotice({ tone: 'error', text: first || result.message || t('common.unreachable') });
      return;
    }
    await refresh(locale);
    setNotice({ tone: 'success', text: result.message });
  };

  const cancelSchedule = async () => {
    setBusy(true);
    const result = await adminApi.cancelSchedule(collection, slug, locale);
    setBusy(false);
    await refresh(locale);
    setNotice({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
  };

  const restore = async (version: number) => {
    setBusy(true);
    const result = await adminApi.restoreContent(collection, slug, locale, version, base);
    setBusy(false);
    // Restoring replaces the form, so a version saved meanwhile is simply loaded and named.
    await afterChange(result.message, result.ok);
  };

  const published = lang?.published ?? 0;
  // Nothing to publish: the form holds what the site shows in this language.
  // An outdated translation may be published again as it is, once checked against the English.
  const upToDate =
    !lang?.outdated && !dirty && (base === 0 ? lang?.state === 'published' : base === published);
  return (
    <div>
      {back}
      <div className="mb-4">
        <h1 className="text-2xl font-semibold break-words">
          <bdi lang={typeof draft.title === 'string' && draft.title ? locale : 'en'}>{title}</bdi>
        </h1>
        <p className="mt-2 flex flex-wrap gap-2" aria-label={t('content.states')}>
          {item.order.map((l) => (
            <StateBadge
              key={l}
              locale={l}
              state={item.languages[l]?.state ?? 'missing'}
              outdated={Boolean(item.languages[l]?.outdated)}
            />
          ))}
        </p>
      </div>
      <div className="mb-6 max-w-xs">
        <label htmlFor="content-language" className="block font-semibold">
          {t('content.language')}
        </label>
        <select
          id="content-language"
          className={inputClass}
          value={locale}
          onChange={(e) => {
            const next = e.target.value;
            guard(() => {
              setNotice(null);
              void load(next);
            });
          }}
        >
          {languages.map((l) => (
            <option key={l} value={l}>
              {named(t, 'languageNames.', l)}
            </option>
          ))}
        </select>
      </div>
      <NoticeBox notice={notice} />
      {dialog}
      {newer && !conflict && (
        <div role="status" className="mb-4 rounded-lg border border-warn bg-warn-soft p-4 text-ink">
          <p className="mb-2">
            {t('content.refreshed.stale', { name: newer.author.name || t('content.someone') })}
          </p>
          <button type="button" className={secondaryButtonClass} onClick={() => setConflict(newer)}>
            {t('content.refreshed.compare')}
          </button>
        </div>
      )}
      {conflict && (
        <ConflictView
          theirs={conflict}
          base={startBody}
          mine={cleaned(fields, draft)}
          fields={fields}
          locale={locale}
          busy={busy}
          onKeepTheirs={() => {
            setDraft((conflict.body ?? {}) as Json);
            setStartBody((conflict.body ?? {}) as Json);
            setBase(conflict.id);
            setDirty(false);
            setErrors({});
            setConflict(null);
            setNewer(null);
            setNotice({ tone: 'success', text: t('content.loadedTheirs') });
            void loadVersions(locale);
          }}
          onSaveMine={() => void save(conflict.id)}
          onTakeField={(name) => {
            setDraft({ ...draft, [name]: (conflict.body ?? {})[name] });
            setDirty(true);
            setNotice({
              tone: 'success',
              text: t('content.conflict.tookField', { field: fieldLabel(t, name) }),
            });
          }}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <h2 className="mb-1 text-xl font-semibold">
            {t('content.editing', { language: named(t, 'languageNames.', locale) })}
          </h2>
          <p className="mb-4 text-sm text-ink-muted" role="status">
            {t(`content.stateNames.${lang?.state ?? 'missing'}`)}
            {lang?.outdated ? ` · ${t('content.stateNames.outdated')}` : ''}
            {dirty ? ` · ${t('content.unsaved')}` : ''}
          </p>
          {!canWrite && <p className="mb-4">{t('content.readOnly')}</p>}
          {locale !== 'en' && lang?.outdated && (
            <OutdatedPanel outdated={lang.outdated} fields={fields} />
          )}
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save(base);
            }}
          >
            <TextLang.Provider value={{ lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' }}>
              <CoverTarget.Provider value={{ collection, slug, locale }}>
                <Fields
                  fields={fields}
                  prefix=""
                  value={draft}
                  english={english}
                  errors={errors}
                  readOnly={!canWrite}
                  onChange={(next) => {
                    setDraft(next);
                    setDirty(true);
                  }}
                />
              </CoverTarget.Provider>
            </TextLang.Provider>
            {canWrite && (
              <div className="flex flex-wrap gap-3">
                <button type="submit" className={secondaryButtonClass} disabled={busy}>
                  {t('content.save')}
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  disabled={busy || upToDate}
                  onClick={() => void publish()}
                >
                  {t('content.publish')}
                </button>
                {locale !== 'en' && lang?.live && (
                  <button
                    type="button"
                    className={dangerButtonClass}
                    disabled={busy}
                    onClick={() => void unpublish()}
                  >
                    {t('content.unpublish')}
                  </button>
                )}
              </div>
            )}
          </form>
          {canWrite && (
            <SchedulePanel
              key={locale}
              locale={locale}
              live={Boolean(lang?.live)}
              schedule={lang?.schedule ?? null}
              busy={busy}
              onSchedule={schedule}
              onCancel={cancelSchedule}
            />
          )}
        </Card>
        <VersionHistory
          key={locale}
          collection={collection}
          slug={slug}
          locale={locale}
          versions={versions}
          fields={fields}
          base={base}
          published={published}
          live={(lang?.live ?? null) as Json | null}
          canWrite={canWrite}
          busy={busy}
          onRestore={(version) => guard(() => void restore(version))}
        />
      </div>
      <PreviewPanel
        collection={collection}
        slug={slug}
        locale={locale}
        languages={item.order}
        unsaved={dirty}
      />
      {collection !== pagesCollection && (
        <ItemActions
          key={slug}
          collection={collection}
          slug={slug}
          title={title}
          live={Object.values(item.languages).some((l) => l.live)}
          session={session}
          onChanged={(message) => void afterChange(message, true)}
        />
      )}
    </div>
  );
}

/**
 * The content's addresses: the list at /admin/content, an item at /admin/content/{collection}/{slug},
 * a page at /admin/content/pages/page?route={route}, a new item at /admin/content/new?collection={collection}.
 */
export function ContentSection({ path, session }: { path: string; session: Session }) {
  const { t } = useT();
  const search = new URLSearchParams(useSearch());
  if (!session.permissions.includes('content.read')) {
    return (
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('app.forbiddenTitle')}</h1>
        <p>{t('app.forbiddenBody')}</p>
      </Card>
    );
  }
  if (path === '/admin/content/new') {
    return <NewItem collection={search.get('collection') || 'news'} session={session} />;
  }
  const [collection = '', segment = ''] = path.slice('/admin/content/'.length).split('/');
  // A page's route holds slashes, so it travels in the query: /admin/content/pages/page?route=/about-us.
  const slug =
    collection === pagesCollection && segment === 'page' ? (search.get('route') ?? '') : segment;
  if (path === '/admin/content' || !collection || !slug) {
    return <ContentListView session={session} />;
  }
  return (
    <ContentEditor
      key={`${collection}/${slug}`}
      collection={collection}
      slug={slug}
      session={session}
    />
  );
}

/** Whether the staff member may read content. */
export function mayReadContent(session: Session | null | undefined): boolean {
  return Boolean(session?.permissions.includes('content.read'));
}
