import { useId } from 'react';
import {
  contentOf,
  isLandingContent,
  type LandingContent,
  type ServiceContent,
} from '../content/content';
import { ClientStories } from '../content/client-stories';
import { CredentialStrip } from '../content/credential-strip';
import { CtaBand } from '../content/cta-band';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { LinkCards } from '../content/link-cards';
import { HeaderCover, PageHeader } from '../layout/page-header';
import { Paragraphs, sectionHeadingClass } from '../content/prose';
import { ServiceBody } from '../content/service-body';
import {
  useContentLang,
  useLocalizedPath,
  useNavLabel,
  usePage,
  usePageTitle,
} from './page-context';
import { requestRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';

/** The pages of an area, one card each, with the sentence the content gives it. */
function AreaCards({ content }: { content: LandingContent }) {
  const { t } = useTranslation('pages');
  const { page } = usePage();
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const contentLang = useContentLang();
  const headingId = useId();
  const children = page.children.filter((child) => child.route !== undefined);
  if (children.length === 0) return null;
  const standards = page.route.startsWith('/compliance');
  return (
    <section aria-labelledby={headingId} className="border-t border-line bg-surface">
      <div className="page-shell py-12 lg:py-16">
        <h2 id={headingId} className={sectionHeadingClass}>
          {t(standards ? 'landing.standards' : 'landing.services')}
        </h2>
        <ul className="mt-8 grid gap-5 sm:fill-row-2 sm:grid-cols-2 lg:fill-row-3 lg:grid-cols-3">
          {children.map((child) => (
            <li key={child.route}>
              <a
                href={localize(child.route!)}
                className="group flex h-full flex-col rounded-card border border-line bg-raised p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-accent hover:shadow-md"
              >
                <h3 className="text-lg font-semibold text-ink group-hover:text-accent">
                  {label(child)}
                </h3>
                {content.cards[child.route!] && (
                  <p className="mt-2 flex-1 leading-relaxed text-ink-muted" {...contentLang}>
                    {content.cards[child.route!]}
                  </p>
                )}
                <span className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
                  {t('landing.learnMore')}
                  <ArrowEndIcon className="size-4 transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1" />
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * A practice area: its summary, an overview and a card for each page beneath it. An area with no
 * pages beneath it is described like a service.
 */
export default function LandingPage() {
  const { t } = useTranslation('pages');
  const { page } = usePage();
  const navTitle = usePageTitle();
  const localize = useLocalizedPath();
  const overviewId = useId();
  const content = contentOf<LandingContent | ServiceContent>(page);
  if (!content) {
    return (
      <>
        <PageHeader title={navTitle} breadcrumbs={page.breadcrumbs} />
        <LinkCards title={t('landing.services')} items={page.children} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={content.title}
        lead={content.summary}
        fromContent
        breadcrumbs={page.breadcrumbs}
        asideOnWideScreens
        aside={<HeaderCover route={page.route} />}
      />
      {isLandingContent(content) ? (
        <>
          <section aria-labelledby={overviewId} className="page-shell py-12 lg:py-16">
            <h2 id={overviewId} className={sectionHeadingClass}>
              {t('landing.overview')}
            </h2>
            <Paragraphs items={content.overview} className="mt-5" />
          </section>
          <AreaCards content={content} />
        </>
      ) : (
        <ServiceBody content={content} />
      )}
      <CredentialStrip credentials={page.credentials ?? []} variant="page" />
      <ClientStories />
      {content.cta && (
        <CtaBand cta={content.cta} href={localize(requestRoute)} action={t('cta.button')} />
      )}
    </>
  );
}
