import { authorName, contentOf, isBlogContent, type ArticleContent } from '../content/content';
import { BackLink } from '../layout/back-link';
import { Badge } from '../../shared/ui/badge';
import { ContactCard } from '../content/contact-card';
import { CtaBand } from '../content/cta-band';
import { CalendarIcon, ClockIcon, UserIcon } from '../../shared/ui/icons';
import { ItemCover } from '../content/item-cover';
import { LocalDate } from '../content/local-date';
import { OnThisPage } from '../content/on-this-page';
import { PageHeader } from '../layout/page-header';
import { Person } from '../content/person';
import { Prose, ProseSections, proseContents } from '../content/prose-doc';
import { ReadingLayout } from '../layout/reading-layout';
import { RelatedItems } from '../content/related-items';
import { ShareLinks } from '../content/share-links';
import { formatMinutes } from '../i18n/formatting';
import {
  useContentLang,
  useLocalizedPath,
  useNavLabel,
  usePage,
  usePageTitle,
} from './page-context';
import { requestRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';
import { Island } from '../islands/island';

/** A news story or a blog post: date, author, reading time, tags and the text. */
export default function ArticlePage() {
  const { t } = useTranslation('resources');
  const { page, locale } = usePage();
  const navLabel = useNavLabel();
  const navTitle = usePageTitle();
  const contentLang = useContentLang();
  const localize = useLocalizedPath();
  const content = contentOf<ArticleContent>(page);
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const blog = isBlogContent(content);
  const contents = blog ? proseContents(content.body) : [];
  const collection = page.collection === 'blogs' ? 'blogs' : 'news';

  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.description}
        fromContent
        breadcrumbs={page.breadcrumbs}
        eyebrow={
          <Badge tone="accent">{navLabel({ translationKey: collection, name: collection })}</Badge>
        }
        aside={<ItemCover alt={content.imageAlt} className="aspect-[16/9] lg:aspect-[16/10]" />}
      >
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink-muted">
          <li className="inline-flex items-center gap-2">
            <CalendarIcon className="size-4 text-accent" />
            <span className="sr-only">{t('item.published')} </span>
            <LocalDate value={content.date} />
          </li>
          <li className="inline-flex items-center gap-2">
            <UserIcon className="size-4 text-accent" />
            <span className="sr-only">{t('item.author')} </span>
            <span {...contentLang}>{authorName(content)}</span>
          </li>
          {blog && (
            <li className="inline-flex items-center gap-2">
              <ClockIcon className="size-4 text-accent" />
              <span suppressHydrationWarning>
                {t('item.readingTime', {
                  duration: formatMinutes(content.readingMinutes, locale),
                })}
              </span>
            </li>
          )}
        </ul>
      </PageHeader>

      <ReadingLayout
        side={
          <>
            {contents.length > 1 && (
              <Island
                name="on-this-page"
                component={OnThisPage}
                props={{ label: t('item.contents'), entries: contents }}
              />
            )}
            <Island name="share-links" component={ShareLinks} props={{ title: content.title }} />
          </>
        }
        rail={<ContactCard action="proposal" href={localize(requestRoute)} />}
      >
        <div className="space-y-12">
          {blog ? <ProseSections doc={content.body} /> : <Prose doc={content.body} />}
        </div>
        {blog && (
          <div className="measure space-y-8 border-t border-line pt-8">
            {content.tags.length > 0 && (
              <div>
                <h2 className="text-sm font-semibold text-ink-muted">{t('item.tags')}</h2>
                <ul className="mt-3 flex flex-wrap gap-2" {...contentLang}>
                  {content.tags.map((tag) => (
                    <li key={tag}>
                      <Badge>{tag}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Person name={content.author.name} role={content.author.role} />
          </div>
        )}
      </ReadingLayout>
      <BackLink />
      <RelatedItems />
      {/* The story ends on the next step a reader can take with the firm. */}
      <CtaBand
        cta={{ heading: t('item.ctaHeading'), text: t('item.ctaText') }}
        href={localize(requestRoute)}
        action={t('item.ctaAction')}
        translated
      />
    </>
  );
}
