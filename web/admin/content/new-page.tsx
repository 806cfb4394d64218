import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FieldError } from '../../shared/ui/form-controls';
import {
  adminApi,
  pagesCollection,
  type PageKindChoice,
  type PageParentChoice,
  type Session,
} from '../api';
import { answer } from '../query-result';
import { Card, NoticeBox, buttonClass, inputClass, type Notice } from '../ui';
import { useT } from '../shell/lang';
import { Link, navigate } from '../shell/navigation';
import { named } from './content-labels';
import { navName } from './fields/page-names';
import { SlugField, itemAddress, mayManageItems } from './items';

/**
 * A new page of the site: its kind (service, standard or information page), the page it goes
 * under, its English title and its address, derived from the title until the editor changes
 * it. It opens in the page editor as an English draft.
 */

/** The address a title suggests: its letters and digits in lower-case words joined by hyphens. */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

export function NewPage({ session }: { session: Session }) {
  const { t, lang } = useT();
  const choices = useQuery({
    queryKey: ['content', 'page-parents'],
    queryFn: () => answer(adminApi.pageParents()),
  });
  const [kind, setKind] = useState('service');
  const [parent, setParent] = useState('');
  const [title, setTitle] = useState('');
  const [slug, setSlug] = useState('');
  const [slugEdited, setSlugEdited] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const ids = { kind: useId(), parent: useId(), title: useId() };
  if (!mayManageItems(session)) {
    return (
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('app.forbiddenTitle')}</h1>
        <p>{t('app.forbiddenBody')}</p>
      </Card>
    );
  }
  const kinds: PageKindChoice[] = choices.data ?? [];
  const parents = kinds.find((k) => k.kind === kind)?.parents ?? [];
  const chosenParent = parents.some((p) => p.route === parent) ? parent : (parents[0]?.route ?? '');
  const shownSlug = slugEdited ? slug : slugFromTitle(title);
  const shownNotice: Notice =
    notice ??
    (choices.error
      ? { tone: 'error', text: choices.error.message || t('common.unreachable') }
      : null);
  const parentName = (p: PageParentChoice) =>
    [
      ...p.trail.map((name, i) => navName(lang, p.trailKeys[i] ?? '', name)),
      navName(lang, p.key, p.name),
    ].join(' › ');

  const create = async () => {
    setBusy(true);
    const result = await adminApi.createPage({
      kind,
      parent: chosenParent,
      title,
      slug: shownSlug,
    });
    setBusy(false);
    if (result.ok && result.data) {
      navigate(
        itemAddress(pagesCollection, 'page') + `?route=${encodeURIComponent(result.data.route)}`,
      );
      return;
    }
    setErrors(result.errors);
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };
  const described = (id: string, field: string) => (errors[field] ? `${id}-error` : undefined);

  return (
    <div>
      <p className="mb-4">
        <Link
          to={`/admin/content?collection=${pagesCollection}`}
          className="underline underline-offset-4"
        >
          {t('content.back', { collection: t('content.collectionNames.pages') })}
        </Link>
      </p>
      <h1 className="mb-2 text-2xl font-semibold">{t('pages.newTitle')}</h1>
      <p className="mb-6 text-ink-muted">{t('pages.newLead')}</p>
      <NoticeBox notice={shownNotice} />
      {choices.data && (
        <Card>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void create();
            }}
          >
            <fieldset className="mb-4 min-w-0" aria-describedby={described(ids.kind, 'kind')}>
              <legend className="font-semibold">{t('pages.kind')}</legend>
              <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
                {kinds.map((k) => (
                  <label key={k.kind} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="kind"
                      value={k.kind}
                      checked={kind === k.kind}
                      onChange={() => setKind(k.kind)}
                    />
                    {named(t, 'pages.kinds.', k.kind)}
                  </label>
                ))}
              </div>
              <FieldError state={{ errorId: `${ids.kind}-error`, error: errors.kind ?? '' }} />
            </fieldset>
            <div className="mb-4">
              <label htmlFor={ids.parent} className="block font-semibold">
                {t('pages.parent')}
              </label>
              <select
                id={ids.parent}
                name="parent"
                className={inputClass}
                value={chosenParent}
                aria-invalid={Boolean(errors.parent)}
                aria-describedby={described(ids.parent, 'parent')}
                onChange={(e) => setParent(e.target.value)}
              >
                {parents.map((p) => (
                  <option key={p.route} value={p.route}>
                    {parentName(p)}
                  </option>
                ))}
              </select>
              <FieldError state={{ errorId: `${ids.parent}-error`, error: errors.parent ?? '' }} />
            </div>
            <div className="mb-4">
              <label htmlFor={ids.title} className="block font-semibold">
                {t('pages.title')}
              </label>
              <input
                id={ids.title}
                name="title"
                dir="ltr"
                lang="en"
                autoComplete="off"
                className={inputClass}
                value={title}
                aria-invalid={Boolean(errors.title)}
                aria-describedby={described(ids.title, 'title')}
                onChange={(e) => setTitle(e.target.value)}
              />
              <FieldError state={{ errorId: `${ids.title}-error`, error: errors.title ?? '' }} />
            </div>
            <SlugField
              value={shownSlug}
              error={errors.slug}
              label={t('items.slug')}
              hint={t('pages.slugHint')}
              onChange={(value) => {
                setSlugEdited(true);
                setSlug(value);
              }}
            >
              <p className="mt-1 text-sm break-all text-ink-muted" dir="ltr">
                {chosenParent}/{shownSlug}
              </p>
            </SlugField>
            <button type="submit" className={buttonClass} disabled={busy}>
              {t('items.create')}
            </button>
          </form>
        </Card>
      )}
    </div>
  );
}
