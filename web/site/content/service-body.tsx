import type { ServiceContent } from './content';
import { useContentLang, useLocalizedPath, usePage, useRouteLabel } from '../pages/page-context';
import { proposalRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';
import { ContactCard } from './contact-card';
import { FaqList } from './faq-list';
import { ArrowEndIcon, CheckIcon, DocumentIcon } from '../../shared/ui/icons';
import { OnThisPage, type ContentsEntry } from './on-this-page';
import { ContentSection, Paragraphs } from './prose';
import { ReadingLayout } from '../layout/reading-layout';
import { Island } from '../islands/island';

type ServiceBodyProps = { content: ServiceContent; standard?: boolean };

/** The sections of a service or standard page, in reading order, with their contents list. */
export function ServiceBody({ content, standard }: ServiceBodyProps) {
  const { t } = useTranslation('pages');
  const { page } = usePage();
  const contentLang = useContentLang();
  const localize = useLocalizedPath();
  const routeLabel = useRouteLabel();
  const related = (content.related ?? []).flatMap((route) => {
    const label = routeLabel(route);
    return label ? [{ route, label }] : [];
  });
  const faqs = content.faqs ?? [];

  const entries: ContentsEntry[] = [
    { id: 'what', label: t(standard ? 'service.whatStandard' : 'service.what') },
    { id: 'who', label: t('service.who') },
    { id: 'approach', label: t('service.approach') },
    { id: 'deliverables', label: t('service.deliverables') },
    { id: 'benefits', label: t('service.benefits') },
    ...(faqs.length > 0 ? [{ id: 'faqs', label: t('service.faqs') }] : []),
    ...(related.length > 0 ? [{ id: 'related', label: t('service.related') }] : []),
  ];
  const label = (id: string) => entries.find((entry) => entry.id === id)?.label ?? id;

  return (
    <ReadingLayout
      side={
        <Island
          name="on-this-page"
          component={OnThisPage}
          props={{ label: t('onThisPage'), entries }}
        />
      }
      rail={<ContactCard action="proposal" href={localize(proposalRoute(page.route))} />}
    >
      <ContentSection id="what" heading={label('what')}>
        <Paragraphs items={content.what} />
      </ContentSection>

      <ContentSection id="who" heading={label('who')}>
        <Paragraphs items={[content.who.intro]} />
        <ul className="mt-6 grid gap-3 md:fill-row-2 md:grid-cols-2">
          {content.who.items.map((item, index) => (
            <li
              key={index}
              className="flex gap-3 rounded-lg border border-line bg-raised p-4 leading-relaxed text-ink"
              {...contentLang}
            >
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-accent" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="approach" heading={label('approach')}>
        <ol className="measure" {...contentLang}>
          {content.approach.map((step, index) => (
            <li key={index} className="relative flex gap-5 pb-8 last:pb-0">
              {index < content.approach.length - 1 && (
                <span
                  aria-hidden="true"
                  className="absolute start-[1.1875rem] top-11 bottom-1 w-px bg-line"
                />
              )}
              <span
                aria-hidden="true"
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-on-brand"
              >
                {index + 1}
              </span>
              <div className="pt-1.5">
                <h3 className="text-lg font-semibold text-ink">
                  <span className="sr-only">{t('service.step', { number: index + 1 })}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 leading-7 text-ink-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="deliverables" heading={label('deliverables')}>
        <ul className="grid gap-3 md:fill-row-2 md:grid-cols-2">
          {content.deliverables.map((item, index) => (
            <li key={index} className="flex gap-3 leading-relaxed text-ink" {...contentLang}>
              <DocumentIcon className="mt-0.5 size-5 shrink-0 text-accent" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      </ContentSection>

      <ContentSection id="benefits" heading={label('benefits')}>
        <ul className="grid gap-4 sm:fill-row-2 sm:grid-cols-2">
          {content.benefits.map((benefit, index) => (
            <li
              key={index}
              className="rounded-card border border-line bg-raised p-5 shadow-sm sm:p-6"
              {...contentLang}
            >
              <h3 className="text-lg font-semibold text-ink">{benefit.title}</h3>
              <p className="mt-2 leading-7 text-ink-muted">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </ContentSection>

      {faqs.length > 0 && (
        <ContentSection id="faqs" heading={label('faqs')}>
          <FaqList faqs={faqs} />
        </ContentSection>
      )}

      {related.length > 0 && (
        <ContentSection id="related" heading={label('related')}>
          <ul className="grid gap-3 sm:fill-row-2 sm:grid-cols-2">
            {related.map((link) => (
              <li key={link.route}>
                <a
                  href={localize(link.route)}
                  className="group flex h-full items-center justify-between gap-4 rounded-card border border-line bg-raised px-5 py-4 font-semibold text-ink transition hover:border-accent hover:text-accent"
                >
                  <span>{link.label}</span>
                  <ArrowEndIcon className="size-5 shrink-0 text-accent transition-transform group-hover:translate-x-1 rtl:group-hover:-translate-x-1" />
                </a>
              </li>
            ))}
          </ul>
        </ContentSection>
      )}
    </ReadingLayout>
  );
}
