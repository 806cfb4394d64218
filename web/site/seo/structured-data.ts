import type {
  ArticleContent,
  CaseStudyContent,
  PersonContent,
  ServiceContent,
  VacancyContent,
  WebinarContent,
} from '../content/content';
import { authorName, isBlogContent, isLandingContent, slugOf } from '../content/content';
import { plainText } from '../../shared/prose/prose';
import { addMinutes } from '../i18n/formatting';
import { localizePath } from '../i18n/locale-paths';
import type { Credential, ItemSummary, Office, PageProps } from '../pages/page-props';
import { portraitPath } from '../../shared/ui/cover-image';
import { siteImages } from './site-images';

// Schema.org descriptions of a page for search engines, written as JSON-LD blocks in <head>.

export type JsonLd = Record<string, unknown> & { '@type': string };

/** Where the firm works: the Gulf states, Egypt and the United Kingdom (ISO 3166-1). */
export const areaServed = ['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'EG', 'GB'];

const countryCodes: Record<string, string> = {
  'united kingdom': 'GB',
  'united arab emirates': 'AE',
  egypt: 'EG',
  'saudi arabia': 'SA',
  qatar: 'QA',
  kuwait: 'KW',
  bahrain: 'BH',
  oman: 'OM',
};

const context = 'https://schema.org';

/** A postal address from an office's one-line address, whose last part names the country. */
export function postalAddress(office: Office): JsonLd {
  const parts = office.address.split(',').map((part) => part.trim());
  const country = parts.length > 1 ? parts[parts.length - 1]! : '';
  const code = countryCodes[country.toLowerCase()];
  return {
    '@type': 'PostalAddress',
    streetAddress: (code ? parts.slice(0, -1) : parts).join(', '),
    addressLocality: office.city,
    ...(code || country ? { addressCountry: code ?? country } : {}),
  };
}

function organizationId(props: PageProps): string {
  return `${props.baseUrl}/#organization`;
}

/** The firm, as the publisher, provider and employer other blocks refer to. */
function organizationRef(props: PageProps): JsonLd {
  return {
    '@type': 'Organization',
    '@id': organizationId(props),
    name: props.site.name,
    url: `${props.baseUrl}/`,
  };
}

/** An accreditation or membership as schema.org reads it: a credential the firm holds. */
function credential(props: PageProps, item: Credential): JsonLd {
  return {
    '@type': 'EducationalOccupationalCredential',
    name: item.title,
    description: item.scope,
    credentialCategory: item.emblemMark,
    dateCreated: item.since,
    url: props.baseUrl + localizePath(item.route, props.locale),
    recognizedBy: { '@type': 'Organization', name: item.issuer },
    ...(item.verification.startsWith('http') ? { sameAs: item.verification } : {}),
  };
}

function organization(props: PageProps): JsonLd {
  const { site, baseUrl } = props;
  const credentials = props.page.credentials ?? [];
  return {
    '@context': context,
    ...organizationRef(props),
    logo: `${baseUrl}${siteImages.logo.path}`,
    email: site.email,
    telephone: site.phone,
    parentOrganization: { '@type': 'Organization', name: site.parent.name, url: site.parent.url },
    location: site.offices.map((office) => ({
      '@type': 'Place',
      name: `${site.name}, ${office.city}`,
      telephone: office.phone,
      address: postalAddress(office),
    })),
    // The pages that show the firm's credentials (the home page, their list) name them.
    ...(credentials.length > 0
      ? { hasCredential: credentials.map((item) => credential(props, item)) }
      : {}),
  };
}

function breadcrumbList(
  props: PageProps,
  heading: string,
  label: (key: string, name: string) => string,
): JsonLd | null {
  const { page, baseUrl, locale, canonical } = props;
  if (page.breadcrumbs.length < 2) return null;
  const last = page.breadcrumbs.length - 1;
  const steps = page.breadcrumbs.flatMap((crumb, index) => {
    if (index === last) return [{ name: heading, item: canonical || baseUrl + page.path }];
    if (crumb.route === undefined) return [];
    return [
      {
        name: crumb.translationKey ? label(crumb.translationKey, crumb.name) : crumb.name,
        item: baseUrl + localizePath(crumb.route, locale),
      },
    ];
  });
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      ...step,
    })),
  };
}

function service(props: PageProps, content: ServiceContent, heading: string): JsonLd {
  return {
    '@context': context,
    '@type': 'Service',
    name: content.title,
    serviceType: heading,
    description: content.summary,
    url: props.canonical,
    provider: organizationRef(props),
    areaServed,
  };
}

function faqPage(faqs: { question: string; answer: string }[]): JsonLd {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

function article(props: PageProps, content: ArticleContent): JsonLd {
  const author = isBlogContent(content)
    ? { '@type': 'Person', name: content.author.name, jobTitle: content.author.role }
    : { '@type': 'Person', name: authorName(content) };
  return {
    '@context': context,
    '@type': 'Article',
    headline: content.title,
    description: content.description,
    datePublished: content.date,
    // The last change to its content; a date published later than that is the date it went out.
    dateModified: props.page.updated > content.date ? props.page.updated : content.date,
    author,
    publisher: { ...organizationRef(props), logo: `${props.baseUrl}${siteImages.logo.path}` },
    image: `${props.baseUrl}${siteImages.social.path}`,
    mainEntityOfPage: props.canonical,
    inLanguage: props.page.contentLocale,
  };
}

/** A client story is an article by the firm: its client is named by sector and country only. */
function caseStudy(props: PageProps, content: CaseStudyContent): JsonLd {
  return {
    '@context': context,
    '@type': 'Article',
    headline: content.title,
    description: content.description,
    datePublished: content.date,
    dateModified: props.page.updated > content.date ? props.page.updated : content.date,
    author: organizationRef(props),
    publisher: { ...organizationRef(props), logo: `${props.baseUrl}${siteImages.logo.path}` },
    image: `${props.baseUrl}${siteImages.social.path}`,
    mainEntityOfPage: props.canonical,
    inLanguage: props.page.contentLocale,
    about: content.standards,
    keywords: [content.sector, content.country, ...content.standards].join(', '),
  };
}

const employmentTypes: Record<string, string> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
};

/** The pay on offer, as Google reads it: an amount whose value is a range a month or a year. */
function baseSalary(salary: NonNullable<VacancyContent['baseSalary']>): JsonLd {
  return {
    '@type': 'MonetaryAmount',
    currency: salary.currency,
    value: {
      '@type': 'QuantitativeValue',
      minValue: salary.min,
      maxValue: salary.max,
      unitText: salary.unit.toUpperCase(),
    },
  };
}

function jobPosting(props: PageProps, content: VacancyContent): JsonLd {
  const office = props.site.offices.find((candidate) => candidate.key === content.office);
  return {
    '@context': context,
    '@type': 'JobPosting',
    title: content.title,
    description: [content.summary, plainText(content.description)].join('\n\n'),
    datePosted: content.datePosted,
    validThrough: content.validThrough,
    employmentType: employmentTypes[content.employmentType.toLowerCase()] ?? 'OTHER',
    // The vacancy's own reference: its slug, the same in every language.
    identifier: {
      '@type': 'PropertyValue',
      name: props.site.name,
      value: slugOf(props.page.route),
    },
    hiringOrganization: {
      ...organizationRef(props),
      logo: `${props.baseUrl}${siteImages.logo.path}`,
    },
    ...(content.baseSalary ? { baseSalary: baseSalary(content.baseSalary) } : {}),
    ...(office
      ? {
          jobLocation: {
            '@type': 'Place',
            name: `${props.site.name}, ${office.city}`,
            address: postalAddress(office),
          },
        }
      : {}),
  };
}

function event(props: PageProps, content: WebinarContent): JsonLd {
  return {
    '@context': context,
    '@type': 'Event',
    name: content.title,
    description: content.description,
    startDate: content.start,
    endDate: addMinutes(content.start, content.durationMinutes),
    eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    location: { '@type': 'VirtualLocation', url: props.canonical },
    // Free, on registration through the form at the end of the page.
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', url: props.canonical },
    organizer: organizationRef(props),
    image: `${props.baseUrl}${siteImages.social.path}`,
  };
}

/** One of the firm's people as a list names them: their name, position, page and portrait. */
function personRef(props: PageProps, person: ItemSummary): JsonLd {
  return {
    '@type': 'Person',
    name: person.title,
    jobTitle: person.role,
    url: `${props.baseUrl}${localizePath(person.route, props.locale)}`,
    image: `${props.baseUrl}${portraitPath(slugOf(person.route))}`,
    worksFor: organizationRef(props),
  };
}

/** A person's own page: who they are, where they work, what they speak and hold. */
function person(props: PageProps, content: PersonContent): JsonLd {
  const office = props.site.offices.find((candidate) => candidate.key === content.office);
  return {
    '@context': context,
    '@type': 'Person',
    name: content.title,
    jobTitle: content.role,
    description: content.description,
    url: props.canonical,
    image: `${props.baseUrl}${portraitPath(slugOf(props.page.route))}`,
    worksFor: organizationRef(props),
    ...(office
      ? {
          workLocation: {
            '@type': 'Place',
            name: `${props.site.name}, ${office.city}`,
            address: postalAddress(office),
          },
        }
      : {}),
    knowsLanguage: content.languages,
    hasCredential: content.certifications.map((name) => ({
      '@type': 'EducationalOccupationalCredential',
      name,
    })),
  };
}

/** The people page: everyone it lists, in its order. */
function people(props: PageProps): JsonLd {
  return {
    '@context': context,
    '@type': 'ItemList',
    itemListElement: props.page.items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: personRef(props, item),
    })),
  };
}

/** What a page's search listing says of it, its picture as an address: empty for the defaults. */
export type PageListing = { title?: string; description?: string; image?: string };

/**
 * The block of what a page is about, named, described and pictured as its search listing says
 * where staff set one.
 */
function followListing(block: JsonLd, listing: PageListing): JsonLd {
  const out: JsonLd = { ...block };
  if (listing.title) out['headline' in block ? 'headline' : 'name'] = listing.title;
  if (listing.description) out.description = listing.description;
  if (listing.image) out.image = listing.image;
  return out;
}

/**
 * The JSON-LD blocks of a page: the firm on every page, the breadcrumb trail below the home page,
 * and what the page is about (a service, its questions, an article, a vacancy or an event).
 */
export function structuredData(
  props: PageProps,
  heading: string,
  label: (key: string, name: string) => string,
  listing: PageListing = {},
): JsonLd[] {
  const main = (block: JsonLd): JsonLd => followListing(block, listing);
  const blocks: (JsonLd | null)[] = [organization(props)];
  if (props.status !== 200) return blocks as JsonLd[];
  blocks.push(breadcrumbList(props, heading, label));
  const { page } = props;
  const content = page.content;
  if (!content) return blocks.filter((block) => block !== null);

  const serviceShaped =
    page.kind === 'service' ||
    page.kind === 'standard' ||
    (page.kind === 'landing' && 'what' in content && !isLandingContent(content));
  if (serviceShaped) blocks.push(main(service(props, content as ServiceContent, heading)));
  const faqs = (content as Partial<ServiceContent>).faqs;
  if (Array.isArray(faqs) && faqs.length > 0) blocks.push(faqPage(faqs));
  if (page.kind === 'article') blocks.push(main(article(props, content as ArticleContent)));
  if (page.kind === 'case-study') blocks.push(main(caseStudy(props, content as CaseStudyContent)));
  if (page.kind === 'vacancy') blocks.push(main(jobPosting(props, content as VacancyContent)));
  if (page.kind === 'webinar') blocks.push(main(event(props, content as WebinarContent)));
  if (page.kind === 'person') blocks.push(main(person(props, content as PersonContent)));
  if (page.kind === 'people' && page.items.length > 0) blocks.push(people(props));
  return blocks.filter((block) => block !== null);
}
