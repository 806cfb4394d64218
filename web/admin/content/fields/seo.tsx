import { createContext, useContext, useId } from 'react';
import { uploadedCoverPath, uploadedPreview } from '../../../shared/ui/cover-image';
import { Checkbox } from '../../../shared/ui/form-controls';
import { inputClass } from '../../ui';
import { useT } from '../../shell/lang';
import { ErrorLine } from './frame';
import { oneLine, rowsFor, type EditorProps, type Json } from './types';

/** What search engines show of a title and a description before they cut it short. */
export const titleGuide = 60;
export const descriptionGuide = 155;

/** The page or item being edited, which the search listing's previews show. */
export const ListingTarget = createContext<{
  collection: string;
  slug: string;
  locale: string;
  draft: Json;
  english: Json | undefined;
} | null>(null);

/** The list page of each collection, under which its items have their addresses. */
const listRoutes: Record<string, string> = {
  news: '/resources/news',
  blogs: '/resources/blogs',
  publications: '/resources/publications',
  webinars: '/resources/webinars',
  vacancies: '/careers/jop-vacancies',
  accreditations: '/about-us/accreditations',
  'case-studies': '/resources/case-studies',
  people: '/about-us/our-people',
};

/** The public address of a page (its route) or an item in a language, from the site's origin. */
export function publicAddress(origin: string, collection: string, slug: string, locale: string) {
  const route = collection === 'pages' ? slug : `${listRoutes[collection] ?? ''}/${slug}`;
  const prefix = locale === 'en' ? '' : `/${locale}`;
  return `${origin}${prefix}${route === '/' && prefix ? '' : route}`;
}

const words = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Shortens a text as a search result does, at a word, marking the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * The title and description a search engine and a shared link show: the listing's own, or what
 * the page shows without one (a page's meta title and description, an item's title and
 * description).
 */
export function listingTexts(listing: Json, draft: Json, siteName: string, page: boolean) {
  const title =
    words(listing.title) ||
    (page && words(draft.metaTitle)) ||
    `${words(draft.title)} | ${siteName}`;
  const description =
    words(listing.description) ||
    (page && words(draft.metaDescription)) ||
    words(draft.description) ||
    words(draft.summary);
  return { title, description };
}

/** The picture a shared link previews with, as an address; '' for the site's own picture. */
export function listingPicture(listing: Json, draft: Json, english: Json | undefined): string {
  const image = words(listing.image);
  if (image === 'site') return '';
  const chosen = /^cover:([0-9a-f]{32})$/.exec(image)?.[1];
  const cover = chosen || words(draft.cover) || words(english?.cover);
  return cover ? uploadedCoverPath(cover, uploadedPreview.file) : '';
}

/** A length guide under a text: how many characters of how many search engines show. */
function LengthGuide({ id, length, guide }: { id: string; length: number; guide: number }) {
  const { t } = useT();
  const over = length > guide;
  return (
    <p id={id} className={`mt-1 text-sm ${over ? 'font-semibold text-danger' : 'text-ink-muted'}`}>
      {t(over ? 'content.listing.over' : 'content.listing.length', { count: length, guide })}
    </p>
  );
}

/**
 * The search listing of a page or item in one language: its search title and description with a
 * guide to their length, whether search engines should leave it out, the picture a shared link
 * shows, and previews of the search result and of the link's card.
 */
export function SeoEditor(props: EditorProps) {
  const { t } = useT();
  const target = useContext(ListingTarget);
  const id = useId();
  const { path, errors, readOnly, onChange } = props;
  const listing: Json = props.value && typeof props.value === 'object' ? (props.value as Json) : {};
  const set = (name: string, value: unknown) => {
    const next: Json = { ...listing, [name]: value };
    if (value === '' || value === false || value === undefined) delete next[name];
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const locale = target?.locale ?? 'en';
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const draft = target?.draft ?? {};
  const page = target?.collection === 'pages';
  const siteName = t('content.listing.siteName');
  const { title, description } = listingTexts(listing, draft, siteName, page);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const address = target ? publicAddress(origin, target.collection, target.slug, locale) : origin;
  const picture = listingPicture(listing, draft, target?.english);
  const covers = [...new Set([words(draft.cover), words(target?.english?.cover)])].filter(Boolean);
  const image = words(listing.image);
  const titleValue = words(listing.title) ? String(listing.title) : '';
  const descriptionValue = typeof listing.description === 'string' ? listing.description : '';
  const field = (name: string) => ({
    id: `${id}-${name}`,
    name: `${path}.${name}`,
    'aria-invalid': Boolean(errors[`${path}.${name}`]),
    readOnly,
  });

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="mb-6 min-w-0 rounded-lg border border-line p-4"
    >
      {/* A level the form's own headings never skip to, on the new item's screen too. */}
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {t('content.listing.heading')}
      </h2>
      <p className="mb-4 text-sm text-ink-muted">{t('content.listing.lead')}</p>

      <div className="mb-4" data-field={`${path}.title`}>
        <label htmlFor={`${id}-title`} className="block font-semibold">
          {t('content.listing.title')}
        </label>
        <textarea
          {...field('title')}
          aria-describedby={`${id}-title-guide ${id}-title-error`}
          lang={locale}
          dir={dir}
          rows={rowsFor(titleValue, 1, 3)}
          className={`${inputClass} [field-sizing:content] resize-none`}
          placeholder={title}
          value={typeof listing.title === 'string' ? listing.title : ''}
          onKeyDown={oneLine}
          onChange={(e) => set('title', e.target.value.replace(/\r?\n/g, ' '))}
        />
        <LengthGuide id={`${id}-title-guide`} length={title.length} guide={titleGuide} />
        <ErrorLine id={`${id}-title-error`} error={errors[`${path}.title`]} />
      </div>

      <div className="mb-4" data-field={`${path}.description`}>
        <label htmlFor={`${id}-description`} className="block font-semibold">
          {t('content.listing.description')}
        </label>
        <textarea
          {...field('description')}
          aria-describedby={`${id}-description-guide ${id}-description-error`}
          lang={locale}
          dir={dir}
          rows={rowsFor(descriptionValue, 2, 6)}
          className={`${inputClass} [field-sizing:content]`}
          placeholder={description}
          value={descriptionValue}
          onChange={(e) => set('description', e.target.value.replace(/\r?\n/g, ' '))}
        />
        <LengthGuide
          id={`${id}-description-guide`}
          length={description.length}
          guide={descriptionGuide}
        />
        <ErrorLine id={`${id}-description-error`} error={errors[`${path}.description`]} />
      </div>

      <div className="mb-4" data-field={`${path}.noindex`}>
        <Checkbox
          {...field('noindex')}
          disabled={readOnly}
          label={t('content.listing.noindex')}
          checked={listing.noindex === true}
          onChange={(e) => set('noindex', e.target.checked)}
        />
        <ErrorLine id={`${id}-noindex-error`} error={errors[`${path}.noindex`]} />
      </div>

      <div className="mb-4" data-field={`${path}.image`}>
        <label htmlFor={`${id}-image`} className="block font-semibold">
          {t('content.listing.image')}
        </label>
        <select
          id={`${id}-image`}
          name={`${path}.image`}
          disabled={readOnly}
          className={inputClass}
          value={image}
          onChange={(e) => set('image', e.target.value)}
        >
          <option value="">{t('content.listing.imageDefault')}</option>
          {covers.map((cover, index) => (
            <option key={cover} value={`cover:${cover}`}>
              {t('content.listing.imageCover', { number: index + 1 })}
            </option>
          ))}
          <option value="site">{t('content.listing.imageSite')}</option>
        </select>
        <ErrorLine id={`${id}-image-error`} error={errors[`${path}.image`]} />
      </div>

      <h3 className="mb-2 font-semibold">{t('content.listing.searchPreview')}</h3>
      <SearchPreview title={title} address={address} description={description} locale={locale} />
      <h3 className="mt-4 mb-2 font-semibold">{t('content.listing.cardPreview')}</h3>
      <CardPreview
        title={title}
        description={description}
        address={address}
        picture={picture}
        locale={locale}
      />
    </section>
  );
}

type PreviewProps = { title: string; description: string; address: string; locale: string };

/**
 * A search result as a search engine shows it: the address, the title and the description. The
 * previews take the width they are given (inline-size containment): a long address, cut short on
 * one line, never widens the form past a phone's screen.
 */
export function SearchPreview({ title, description, address, locale }: PreviewProps) {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return (
    <div
      data-preview="search"
      lang={locale}
      dir={dir}
      className="max-w-2xl rounded-lg border border-line bg-surface p-4 [overflow-wrap:anywhere] [contain:inline-size]"
    >
      <p className="truncate text-sm text-ink-muted" dir="ltr">
        {address.replace(/^https?:\/\//, '')}
      </p>
      <p className="text-lg text-brand">{clip(title, titleGuide)}</p>
      <p className="text-sm text-ink">{clip(description, descriptionGuide)}</p>
    </div>
  );
}

/** A shared link's card: the picture, the domain, the title and the description. */
export function CardPreview({
  title,
  description,
  address,
  picture,
  locale,
}: PreviewProps & { picture: string }) {
  const { t } = useT();
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const domain = address.replace(/^https?:\/\//, '').split('/')[0] ?? '';
  return (
    <div
      data-preview="card"
      lang={locale}
      dir={dir}
      className="max-w-md overflow-hidden rounded-lg border border-line bg-surface [overflow-wrap:anywhere] [contain:inline-size]"
    >
      {picture ? (
        <img src={picture} alt="" className="aspect-[1200/630] w-full object-cover" />
      ) : (
        <div className="flex aspect-[1200/630] w-full items-center justify-center bg-brand p-4 text-center font-semibold text-on-brand">
          {t('content.listing.sitePicture')}
        </div>
      )}
      <div className="p-3">
        <p className="text-xs text-ink-muted uppercase" dir="ltr">
          {domain}
        </p>
        <p className="font-semibold">{clip(title, 88)}</p>
        <p className="text-sm text-ink-muted">{clip(description, 120)}</p>
      </div>
    </div>
  );
}
