import { contentOf, type ListContent } from '../content/content';
import { Emblem } from '../content/emblem';
import { LocalDate } from '../content/local-date';
import { Paragraphs } from '../content/prose';
import { PageHeader } from '../layout/page-header';
import { ArrowEndIcon, ExternalLinkIcon } from '../../shared/ui/icons';
import { useLocalizedPath, usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/** The firm's accreditations, certifications and memberships: what each covers and where to check it. */
export default function AccreditationsPage() {
  const { t } = useTranslation('resources');
  const { t: tc } = useTranslation();
  const { page } = usePage();
  const navTitle = usePageTitle();
  const localize = useLocalizedPath();
  const content = contentOf<ListContent>(page);
  const credentials = page.credentials ?? [];
  return (
    <>
      <PageHeader
        title={content?.title ?? navTitle}
        lead={content?.summary}
        fromContent={content !== null}
        breadcrumbs={page.breadcrumbs}
      />
      <div className="page-shell py-12 lg:py-16">
        {content && content.intro.length > 0 && <Paragraphs items={content.intro} />}
        {credentials.length > 0 ? (
          <ul className={`grid gap-6 lg:grid-cols-2 ${content ? 'mt-10' : ''}`}>
            {credentials.map((credential) => (
              <li key={credential.slug}>
                <article className="flex h-full flex-col gap-5 rounded-card border border-line bg-raised p-6 shadow-sm sm:flex-row">
                  <Emblem
                    shape={credential.emblemShape}
                    mark={credential.emblemMark}
                    className="size-20 sm:size-24"
                  />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <h2 className="text-lg leading-snug font-semibold text-ink" dir="auto">
                      <a href={localize(credential.route)} className="rounded-sm hover:text-accent">
                        {credential.title}
                      </a>
                    </h2>
                    <p className="mt-1 text-sm text-ink-muted" dir="auto">
                      {credential.issuer}
                    </p>
                    <p className="mt-3 flex-1 leading-relaxed text-ink" dir="auto">
                      {credential.scope}
                    </p>
                    <p className="mt-3 text-sm text-ink-muted">
                      {t('credentials.since')} <LocalDate value={credential.since} />
                    </p>
                    <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
                      <a
                        href={localize(credential.route)}
                        className="inline-flex items-center gap-1.5 text-accent hover:underline"
                      >
                        {t('credentials.details')}
                        <span className="sr-only">: {credential.title}</span>
                        <ArrowEndIcon />
                      </a>
                      {credential.verification && (
                        <a
                          href={credential.verification}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1.5 text-accent hover:underline"
                        >
                          {t('credentials.verify')}
                          <span className="sr-only">
                            : {credential.title} ({tc('header.opensInNewTab')})
                          </span>
                          <ExternalLinkIcon />
                        </a>
                      )}
                    </div>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-10 rounded-card border border-dashed border-line-strong p-8 text-center text-ink-muted">
            {t('list.empty')}
          </p>
        )}
      </div>
    </>
  );
}
