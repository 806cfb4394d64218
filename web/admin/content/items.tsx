import { useId, useState, type ReactNode } from 'react';
import { FieldError } from '../../shared/ui/form-controls';
import { adminApi, pagesCollection, type Session } from '../api';
import { named } from './content-labels';
import { Fields, cleaned, emptyObject, type Json } from './fields';
import { useSchema } from './queries';
import {
  Card,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useT } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';

/**
 * Creating, renaming, taking off and deleting whole collection items: what editors and
 * administrators may do (content.edit), never translators. A slug is part of the item's address
 * in every language; the server checks its form and that no other item has it.
 */

/** Whether the staff member may create, rename, take off and delete items. */
export function mayManageItems(session: Session): boolean {
  return session.permissions.includes('content.edit');
}

/** The editor's address of an item. */
export const itemAddress = (collection: string, slug: string) =>
  `/admin/content/${collection}/${slug}`;

/** The link to a new item of a collection, for those who may create one. */
export function NewItemLink({ collection, session }: { collection: string; session: Session }) {
  const { t } = useT();
  if (!mayManageItems(session)) return null;
  return (
    <Link to={`/admin/content/new?collection=${collection}`} className={buttonClass}>
      {t(collection === pagesCollection ? 'pages.new' : 'items.new')}
    </Link>
  );
}

/** A slug input with its hint and message. */
export function SlugField({
  value,
  error,
  label,
  hint,
  onChange,
  children,
}: {
  value: string;
  error?: string;
  label: string;
  /** What the address may hold; the items' own hint where none is given. */
  hint?: string;
  onChange: (value: string) => void;
  /** Shown under the field, e.g. the whole address it makes. */
  children?: ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div className="mb-4" data-field="slug">
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {hint ?? t('items.slugHint')}
      </p>
      <input
        id={id}
        name="slug"
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        className={inputClass}
        value={value}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value.trim().toLowerCase())}
      />
      {children}
      <FieldError state={{ errorId: `${id}-error`, error: error ?? '' }} />
    </div>
  );
}

/** A new item of a collection: its slug and its English, saved as a first draft. */
export function NewItem({ collection, session }: { collection: string; session: Session }) {
  const { t } = useT();
  const schema = useSchema(collection);
  const fields = schema.data?.fields ?? null;
  const [slug, setSlug] = useState('');
  // The English typed so far; a new item starts from its collection's empty text.
  const [typed, setTyped] = useState<Json | null>(null);
  const draft = typed ?? (fields ? emptyObject(fields) : {});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const shownNotice: Notice =
    notice ??
    (schema.error
      ? { tone: 'error', text: schema.error.message || t('common.unreachable') }
      : null);

  const back = (
    <p className="mb-4">
      <Link to={`/admin/content?collection=${collection}`} className="underline underline-offset-4">
        {t('content.back', { collection: named(t, 'content.collectionNames.', collection) })}
      </Link>
    </p>
  );
  if (!mayManageItems(session)) {
    return (
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('app.forbiddenTitle')}</h1>
        <p>{t('app.forbiddenBody')}</p>
      </Card>
    );
  }

  const create = async () => {
    if (!fields) return;
    setBusy(true);
    const result = await adminApi.createItem(collection, slug, cleaned(fields, draft));
    setBusy(false);
    if (result.ok) {
      navigate(itemAddress(collection, slug));
      return;
    }
    const errs = { ...result.errors };
    if (result.status === 409) errs.slug = result.message;
    setErrors(errs);
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };

  return (
    <div>
      {back}
      <h1 className="mb-2 text-2xl font-semibold">
        {t('items.newTitle', { collection: named(t, 'content.collectionNames.', collection) })}
      </h1>
      <p className="mb-6 text-ink-muted">{t('items.newLead')}</p>
      <NoticeBox notice={shownNotice} />
      {fields && (
        <Card>
          <form
            noValidate
            // A fieldset is at least as wide as its content; a long link must not widen the page.
            className="[&_fieldset]:min-w-0"
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <SlugField
              value={slug}
              error={errors.slug}
              label={t('items.slug')}
              onChange={setSlug}
            />
            <Fields
              fields={fields}
              prefix=""
              value={draft}
              english={undefined}
              errors={errors}
              readOnly={false}
              onChange={setTyped}
            />
            <button type="submit" className={buttonClass} disabled={busy}>
              {t('items.create')}
            </button>
          </form>
        </Card>
      )}
    </div>
  );
}

/** What an editor does to a whole item: change its address, take it off the site, delete it. */
export function ItemActions({
  collection,
  slug,
  title,
  live,
  session,
  onChanged,
}: {
  collection: string;
  slug: string;
  title: string;
  live: boolean;
  session: Session;
  onChanged: (message: string) => void;
}) {
  const { t } = useT();
  const [next, setNext] = useState(slug);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!mayManageItems(session)) return null;

  const rename = async () => {
    setBusy(true);
    const result = await adminApi.renameItem(collection, slug, next);
    setBusy(false);
    if (result.ok) {
      navigate(itemAddress(collection, next));
      return;
    }
    setError(result.errors.slug || result.message || t('common.unreachable'));
  };
  const unpublish = async () => {
    setBusy(true);
    const result = await adminApi.unpublishItem(collection, slug);
    setBusy(false);
    if (result.ok) onChanged(result.message);
    else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };
  const remove = async () => {
    setBusy(true);
    const result = await adminApi.deleteItem(collection, slug);
    setBusy(false);
    if (result.ok) {
      navigate(`/admin/content?collection=${collection}`);
      return;
    }
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };

  return (
    <Card className="mt-6">
      <h2 className="mb-3 text-xl font-semibold">{t('items.actions')}</h2>
      <NoticeBox notice={notice} />
      <form
        noValidate
        className="mb-4"
        onSubmit={(e) => {
          e.preventDefault();
          void rename();
        }}
      >
        <SlugField
          value={next}
          error={error}
          label={t('items.rename')}
          onChange={(v) => {
            setNext(v);
            setError('');
          }}
        />
        <button type="submit" className={secondaryButtonClass} disabled={busy || next === slug}>
          {t('items.renameSave')}
        </button>
      </form>
      <div className="flex flex-wrap gap-3">
        {live && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => void unpublish()}
          >
            {t('items.unpublish')}
          </button>
        )}
        {!confirming && (
          <button
            type="button"
            className={dangerButtonClass}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {t('items.delete')}
          </button>
        )}
      </div>
      {confirming && (
        <DeleteQuestion
          className="mt-4"
          question={t('items.deleteConfirm', { title })}
          busy={busy}
          onYes={() => void remove()}
          onNo={() => setConfirming(false)}
        />
      )}
    </Card>
  );
}

/**
 * The question before an item or a page is deleted, with what else the deletion may do
 * (`children`): "Delete" and "Keep it", the keeping one focused.
 */
export function DeleteQuestion({
  question,
  busy,
  onYes,
  onNo,
  className = '',
  children,
}: {
  question: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
  className?: string;
  children?: ReactNode;
}) {
  const { t } = useT();
  const id = useId();
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className={`${className} rounded-lg border border-danger bg-danger-soft p-4 text-ink`}
    >
      <p id={id} className="mb-3">
        {question}
      </p>
      {children}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={dangerButtonClass} disabled={busy} onClick={onYes}>
          {t('items.deleteYes')}
        </button>
        <button type="button" className={secondaryButtonClass} autoFocus onClick={onNo}>
          {t('items.deleteNo')}
        </button>
      </div>
    </div>
  );
}
