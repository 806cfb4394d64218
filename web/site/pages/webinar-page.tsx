import { contentOf, type WebinarContent } from '../content/content';
import { BackLink } from '../layout/back-link';
import { Badge } from '../../shared/ui/badge';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { ActionLink, FactList, ItemLayout } from '../layout/item-layout';
import { ItemCover } from '../content/item-cover';
import { valueKey } from '../content/labels';
import { LocalDate } from '../content/local-date';
import { PageHeader } from '../layout/page-header';
import { Person } from '../content/person';
import { ContentSection } from '../content/prose';
import { Prose } from '../content/prose-doc';
import { RelatedItems } from '../content/related-items';
import { FormPanel } from '../forms/form-parts';
import { WebinarForm, WebinarOver } from '../forms/webinar-form';
import { formatMinutes, instantOf } from '../i18n/formatting';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useContentLang, usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { useBrowserValue } from '../islands/browser-value';

/**
 * Whether the webinar is still to come, by the visitor's clock. The cached page is the same for
 * everyone at any time, so the server leaves it open (null) and the browser decides.
 */
export function useUpcoming(start: string): boolean | null {
  return useBrowserValue(() => instantOf(start) > Date.now());
}

/** A webinar: when, how long, in which language, who speaks, and what it covers. */
export default function WebinarPage() {
  const { t } = useTranslation('resources');
  const { t: tf } = useTranslation(formsNamespace);
  const { page, locale } = usePage();
  const navTitle = usePageTitle();
  const contentLang = useContentLang();
  const content = contentOf<WebinarContent>(page);
  const upcoming = useUpcoming(content?.start ?? '');
  if (!content) return <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />;
  const slug = page.route.slice(page.route.lastIndexOf('/') + 1);
  const listRoute = page.route.slice(0, page.route.lastIndexOf('/'));
  // The server renders the form (it cannot know the visitor's clock); the browser replaces it
  // with a note once the webinar has started.
  const open = upcoming !== false;

  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.description}
        fromContent
        breadcrumbs={page.breadcrumbs}
        eyebrow={
          <span className="flex min-h-6 flex-wrap items-center gap-2">
            <Badge tone="strong">{t('item.webinar')}</Badge>
            {upcoming !== null && (
              <Badge tone={upcoming ? 'accent' : 'neutral'}>
                {t(upcoming ? 'list.upcoming' : 'list.past')}
              </Badge>
            )}
          </span>
        }
        aside={<ItemCover alt={content.imageAlt} className="aspect-[16/9] lg:aspect-[16/10]" />}
      />
      <ItemLayout
        aside={
          <>
            <FactList
              facts={[
                { term: t('item.when'), value: <LocalDate value={content.start} withTime /> },
                {
                  term: t('item.duration'),
                  value: (
                    <span suppressHydrationWarning>
                      {formatMinutes(content.durationMinutes, locale)}
                    </span>
                  ),
                },
                {
                  term: t('item.language'),
                  value: t(`webinarLanguages.${valueKey(content.language)}`, {
                    defaultValue: content.language,
                  }),
                },
              ]}
            />
            {open && (
              <>
                <ActionLink href="#register">
                  {tf('webinar.action')}
                  <ArrowEndIcon />
                </ActionLink>
                <p className="mt-3 text-sm leading-relaxed text-ink-muted">
                  {tf('webinar.actionText')}
                </p>
              </>
            )}
          </>
        }
      >
        <Prose doc={content.body} />
        <ContentSection id="agenda" heading={t('item.agenda')}>
          <ol className="measure space-y-3" {...contentLang}>
            {content.agenda.map((point, index) => (
              <li key={index} className="flex gap-4 leading-7 text-ink">
                <span
                  aria-hidden="true"
                  className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-bold text-accent"
                >
                  {index + 1}
                </span>
                <span>{point}</span>
              </li>
            ))}
          </ol>
        </ContentSection>
        <ContentSection id="speakers" heading={t('item.speakers')}>
          <ul className="grid gap-6 sm:fill-row-2 sm:grid-cols-2">
            {content.speakers.map((speaker) => (
              <li key={speaker.name}>
                <Person name={speaker.name} role={speaker.role} />
              </li>
            ))}
          </ul>
        </ContentSection>
        <FormPanel
          id="register"
          title={tf(open ? 'webinar.title' : 'webinar.overTitle')}
          intro={open ? tf('webinar.intro') : undefined}
        >
          {open ? (
            <WebinarForm webinar={slug} start={content.start} />
          ) : (
            <WebinarOver listRoute={listRoute} />
          )}
        </FormPanel>
      </ItemLayout>
      <BackLink />
      <RelatedItems />
    </>
  );
}
