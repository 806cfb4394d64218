import type { PageProps } from '../pages/page-props';
import type { ProseDoc } from '../../shared/prose/prose';

// The shapes of `page.content`, one per kind of page or collection item. Go checks the required
// fields when it loads the files, so templates can rely on them; lists a file may leave out are
// optional here.

export type CallToAction = { heading: string; text: string };

type Meta = { title: string; metaTitle?: string; metaDescription?: string; summary?: string };

export type ServiceContent = Meta & {
  summary: string;
  what: string[];
  who: { intro: string; items: string[] };
  approach: { title: string; text: string }[];
  deliverables: string[];
  benefits: { title: string; text: string }[];
  faqs?: { question: string; answer: string }[];
  related?: string[];
  cta?: CallToAction;
};

export type LandingContent = Meta & {
  summary: string;
  overview: string[];
  cards: Record<string, string>;
  cta?: CallToAction;
};

export type Section = { heading?: string; paragraphs: ProseDoc; items?: string[] };

/** About, forms and legal pages. */
export type SectionsContent = Meta & {
  summary: string;
  sections: Section[];
  updated?: string;
  cta?: CallToAction;
};

/** A plain page of running text editors added. */
export type InformationContent = Meta & { summary: string; body: ProseDoc };

export type OfficeContent = Meta & {
  summary: string;
  paragraphs: string[];
  hours: { days: string; time: string }[];
  weekend: string;
  timezone: string;
  directions: string;
  mapQuery: string;
};

export type ListContent = Meta & { summary: string; intro: string[] };

export type NewsContent = {
  title: string;
  description: string;
  date: string;
  author: string;
  imageAlt: string;
  body: ProseDoc;
};

export type BlogContent = {
  title: string;
  description: string;
  date: string;
  author: { name: string; role: string };
  imageAlt: string;
  readingMinutes: number;
  tags: string[];
  /** Its sections are the parts its second-level headings open. */
  body: ProseDoc;
};

export type PublicationContent = {
  title: string;
  description: string;
  date: string;
  type: string;
  pages: number;
  imageAlt: string;
  highlights: string[];
  body: ProseDoc;
};

export type WebinarContent = {
  title: string;
  description: string;
  start: string;
  durationMinutes: number;
  language: string;
  speakers: { name: string; role: string }[];
  agenda: string[];
  imageAlt: string;
  body: ProseDoc;
};

export type VacancyContent = {
  title: string;
  office: string;
  employmentType: string;
  department: string;
  datePosted: string;
  validThrough: string;
  summary: string;
  description: ProseDoc;
  responsibilities: string[];
  requirements: string[];
  niceToHave?: string[];
  benefits: string[];
  baseSalary?: Salary;
};

export type AccreditationContent = {
  title: string;
  description: string;
  issuer: string;
  scope: string;
  since: string;
  verification: string;
  emblemShape: 'shield' | 'seal' | 'hexagon' | 'ribbon';
  emblemMark: string;
  shownOn: string[];
  body: ProseDoc;
};

/** A client story: an anonymised engagement, its figures and its three parts. */
export type CaseStudyContent = {
  title: string;
  description: string;
  date: string;
  sector: string;
  client: string;
  country: string;
  standards: string[];
  duration: string;
  figures: { value: string; label: string }[];
  imageAlt: string;
  challenge: ProseDoc;
  approach: ProseDoc;
  outcome: ProseDoc;
  shownOn: string[];
};

/** The pay a vacancy offers: whole units of an ISO 4217 currency, a month or a year. */
export type Salary = {
  currency: string;
  min: number;
  max: number;
  unit: 'month' | 'year';
};

/** An article is news (author is a name) or a blog post (author has a name and a role). */
export type ArticleContent = NewsContent | BlogContent;

/** The content of the page, typed as its template expects it, or null when it has none. */
export function contentOf<T>(page: PageProps['page']): T | null {
  return (page.content as T | null) ?? null;
}

/** Landing pages that introduce child pages have cards; one without is shaped like a service. */
export function isLandingContent(content: object): content is LandingContent {
  return 'cards' in content && 'overview' in content;
}

export function isBlogContent(content: ArticleContent): content is BlogContent {
  return typeof content.author === 'object';
}

/** The author's name of an article, whichever its shape. */
export function authorName(content: ArticleContent): string {
  return isBlogContent(content) ? content.author.name : content.author;
}

/** The slug of an item: the last segment of its route. */
export function slugOf(route: string): string {
  return route.slice(route.lastIndexOf('/') + 1);
}

/** A card of the dark security-solutions slider; `desc` is markup the server has sanitized. */
export type SecuritySolution = { icon: string; title: string; desc: string };

export type PartnerItem = { id: number; name: string; image: string; hoverImage: string };

export type Testimonial = {
  id: number;
  quote: string;
  name: string;
  position: string;
  /** A picture staff chose in place of the drawn portrait. */
  image?: string;
  rating: number;
};

/** A person of the firm as their page has them; the list's cards come from the item summaries. */
export type PersonContent = {
  title: string;
  role: string;
  group: 'leadership' | 'team';
  order: number;
  office: string;
  languages: string[];
  certifications: string[];
  description: string;
  services?: string[];
  body: ProseDoc;
};

export type ClientLogo = { name: string; src: string };

/** A figure of the counters band: a number, or the years since a year. */
export type Counter = { value?: number; sinceYear?: number; suffix?: string; label: string };

/** The home page's sections, with the specification's field names. */
export type HomeContent = {
  news: { sectionTitle?: string; sectionDescription?: string };
  solutions: {
    backgroundImage: string;
    heading?: string;
    description?: string;
    text_lines: number;
    securitySolutions: SecuritySolution[];
  };
  partners: { heading: string; description: string; items: PartnerItem[] };
  testimonials: { heading: string; description: string; items: Testimonial[] };
  clients: { heading: string; description: string; items: ClientLogo[] };
  counters: { heading: string; items: Counter[] };
};
