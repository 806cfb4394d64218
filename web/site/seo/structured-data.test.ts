import { describe, expect, it } from 'vitest';
import type { PageProps } from '../pages/page-props';
import { samplePageProps, sampleItemRoutes } from '../testing/sample-props';
import { areaServed, postalAddress, structuredData, type JsonLd } from './structured-data';

const label = (_key: string, name: string) => name;

function blocksOf(props: PageProps, heading = 'Heading'): JsonLd[] {
  return structuredData(props, heading, label);
}

const typesOf = (props: PageProps) => blocksOf(props).map((block) => block['@type']);
const find = (blocks: JsonLd[], type: string) => blocks.find((block) => block['@type'] === type)!;
const itemRoute = (prefix: string) => sampleItemRoutes.find((route) => route.startsWith(prefix))!;

describe('structuredData', () => {
  it('describes the firm on every page, with its offices as places', () => {
    const organization = find(blocksOf(samplePageProps({ route: '/' })), 'Organization');
    expect(organization).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Noorvale Assurance',
      url: 'http://localhost:8080/',
      logo: 'http://localhost:8080/logo.png',
      email: 'info@noorvale.example',
      telephone: '+44 20 7946 0321',
      parentOrganization: { '@type': 'Organization', name: 'Noorvale Group' },
    });
    const places = organization.location as { address: Record<string, string> }[];
    expect(places.map((place) => place.address.addressCountry)).toEqual(['GB', 'AE', 'EG']);
    expect(places[1]!.address.addressLocality).toBe('Dubai');
  });

  it('names the credentials a page shows as the firm’s, and a client story as an Article', () => {
    const home = samplePageProps({ route: '/', locale: 'ar' });
    home.page.credentials = [
      {
        slug: 'pci-asv',
        route: '/about-us/accreditations/pci-asv',
        title: 'PCI SSC Approved Scanning Vendor',
        description: 'Approved to run external scans.',
        issuer: 'PCI Security Standards Council',
        scope: 'External vulnerability scans',
        since: '2019-03-01',
        verification: 'https://listings.example/asv',
        emblemShape: 'shield',
        emblemMark: 'ASV',
      },
    ];
    expect(find(blocksOf(home), 'Organization').hasCredential).toEqual([
      {
        '@type': 'EducationalOccupationalCredential',
        name: 'PCI SSC Approved Scanning Vendor',
        description: 'External vulnerability scans',
        credentialCategory: 'ASV',
        dateCreated: '2019-03-01',
        url: 'http://localhost:8080/ar/about-us/accreditations/pci-asv',
        recognizedBy: { '@type': 'Organization', name: 'PCI Security Standards Council' },
        sameAs: 'https://listings.example/asv',
      },
    ]);
    expect(
      find(blocksOf(samplePageProps({ route: '/policy' })), 'Organization'),
    ).not.toHaveProperty('hasCredential');
    const story = samplePageProps({ route: itemRoute('/resources/case-studies/') });
    expect(find(blocksOf(story), 'Article')).toMatchObject({
      author: { '@type': 'Organization', name: 'Noorvale Assurance' },
    });
  });

  it('gives each kind of page the blocks that describe it', () => {
    const cases: [string, string[]][] = [
      ['/', ['Organization']],
      ['/about-us', ['Organization', 'BreadcrumbList']],
      ['/policy', ['Organization', 'BreadcrumbList']],
      ['/services/cybersecurity-services', ['Organization', 'BreadcrumbList']],
      [
        '/services/cybersecurity-services/penetration-testing',
        ['Organization', 'BreadcrumbList', 'Service', 'FAQPage'],
      ],
      [
        '/compliance/iso-standards/iso-27001',
        ['Organization', 'BreadcrumbList', 'Service', 'FAQPage'],
      ],
      ['/resources/news', ['Organization', 'BreadcrumbList']],
      [itemRoute('/resources/news/'), ['Organization', 'BreadcrumbList', 'Article']],
      [itemRoute('/resources/blogs/'), ['Organization', 'BreadcrumbList', 'Article']],
      [itemRoute('/resources/publications/'), ['Organization', 'BreadcrumbList']],
      [itemRoute('/resources/webinars/'), ['Organization', 'BreadcrumbList', 'Event']],
      [itemRoute('/careers/jop-vacancies/'), ['Organization', 'BreadcrumbList', 'JobPosting']],
      ['/no-such-page', ['Organization']],
    ];
    for (const [route, types] of cases) {
      expect(typesOf(samplePageProps({ route, locale: 'ar' })), route).toEqual(types);
    }
  });

  it('describes the outsourcing area, which reads like a service, as a service', () => {
    const types = typesOf(samplePageProps({ route: '/services/outsourcing-service' }));
    expect(types).toContain('Service');
  });

  it('lists the linked steps of the trail, ending at the page itself', () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/risk-assessment',
      locale: 'fr',
    });
    const trail = find(blocksOf(props, 'Évaluation des risques'), 'BreadcrumbList');
    expect(trail.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://localhost:8080/fr' },
      {
        '@type': 'ListItem',
        position: 2,
        name: 'Cybersecurity Services',
        item: 'http://localhost:8080/fr/services/cybersecurity-services',
      },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Évaluation des risques',
        item: 'http://localhost:8080/fr/services/cybersecurity-services/risk-assessment',
      },
    ]);
  });

  it('describes a service with its provider and the countries it is offered in', () => {
    const props = samplePageProps({
      route: '/services/cybersecurity-services/penetration-testing',
    });
    const service = find(blocksOf(props, 'Penetration Testing'), 'Service');
    expect(service).toMatchObject({
      name: 'Penetration Testing',
      serviceType: 'Penetration Testing',
      provider: { '@type': 'Organization', name: 'Noorvale Assurance' },
      areaServed,
      url: props.canonical,
    });
    expect(areaServed).toEqual(['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'EG', 'GB']);
  });

  it('puts every question of the page, with its answer, in the FAQPage', () => {
    const props = samplePageProps({ route: '/compliance/iso-standards/iso-27001' });
    const faqs = props.page.content!.faqs as { question: string; answer: string }[];
    const page = find(blocksOf(props), 'FAQPage');
    expect(page.mainEntity).toEqual(
      faqs.map((faq) => ({
        '@type': 'Question',
        name: faq.question,
        acceptedAnswer: { '@type': 'Answer', text: faq.answer },
      })),
    );
  });

  it('describes news and blog posts as articles with their author and publisher', () => {
    const news = samplePageProps({ route: itemRoute('/resources/news/') });
    const article = find(blocksOf(news), 'Article');
    expect(article).toMatchObject({
      headline: news.page.content!.title,
      datePublished: news.page.content!.date,
      author: { '@type': 'Person', name: news.page.content!.author },
      publisher: { '@type': 'Organization', name: 'Noorvale Assurance' },
      image: 'http://localhost:8080/og-default.png',
    });
    // Changed since it went out: the day of the change; never changed: the day it went out.
    news.page.updated = '2099-01-02';
    expect(find(blocksOf(news), 'Article').dateModified).toBe('2099-01-02');
    news.page.updated = '';
    expect(find(blocksOf(news), 'Article').dateModified).toBe(news.page.content!.date);
    const blog = samplePageProps({ route: itemRoute('/resources/blogs/') });
    const author = blog.page.content!.author as { name: string; role: string };
    expect(find(blocksOf(blog), 'Article').author).toEqual({
      '@type': 'Person',
      name: author.name,
      jobTitle: author.role,
    });
  });

  it('describes a vacancy as a job posting at its office', () => {
    const props = samplePageProps({ route: '/careers/jop-vacancies/it-auditor-cairo' });
    const content = props.page.content!;
    const posting = find(blocksOf(props), 'JobPosting');
    expect(posting).toMatchObject({
      title: content.title,
      datePosted: content.datePosted,
      validThrough: content.validThrough,
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Noorvale Assurance' },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '12 Street 90, Fifth Settlement, New Cairo',
          addressLocality: 'Cairo',
          addressCountry: 'EG',
        },
      },
    });
    expect(posting.description).toContain(String(content.summary));
    expect(posting.identifier).toEqual({
      '@type': 'PropertyValue',
      name: 'Noorvale Assurance',
      value: 'it-auditor-cairo',
    });
  });

  it('gives the pay range of a vacancy that has one, and none for one without', () => {
    const props = samplePageProps({ route: '/careers/jop-vacancies/iso-lead-implementer-dubai' });
    expect(find(blocksOf(props), 'JobPosting').baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'AED',
      value: { '@type': 'QuantitativeValue', minValue: 30000, maxValue: 38000, unitText: 'MONTH' },
    });
    const yearly = samplePageProps({
      route: '/careers/jop-vacancies/senior-penetration-tester-london',
    });
    expect(find(blocksOf(yearly), 'JobPosting').baseSalary).toMatchObject({
      currency: 'GBP',
      value: { unitText: 'YEAR' },
    });
    const { baseSalary: _, ...unpaid } = props.page.content!;
    props.page.content = unpaid;
    expect(find(blocksOf(props), 'JobPosting')).not.toHaveProperty('baseSalary');
  });

  it('names part-time and contract roles the way schema.org does', () => {
    const props = samplePageProps({ route: itemRoute('/careers/jop-vacancies/') });
    for (const [written, expected] of [
      ['Part-time', 'PART_TIME'],
      ['Contract', 'CONTRACTOR'],
      ['Full-time', 'FULL_TIME'],
    ]) {
      props.page.content = { ...props.page.content!, employmentType: written };
      expect(find(blocksOf(props), 'JobPosting').employmentType).toBe(expected);
    }
  });

  it('describes a webinar as an online event with its end time', () => {
    const props = samplePageProps({ route: itemRoute('/resources/webinars/') });
    props.page.content = {
      ...props.page.content!,
      start: '2026-12-09T10:00:00+04:00',
      durationMinutes: 90,
    };
    expect(find(blocksOf(props), 'Event')).toMatchObject({
      name: props.page.content.title,
      startDate: '2026-12-09T10:00:00+04:00',
      endDate: '2026-12-09T11:30:00+04:00',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'VirtualLocation', url: props.canonical },
      offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD', url: props.canonical },
      organizer: { '@type': 'Organization', name: 'Noorvale Assurance' },
    });
  });
});

describe('postalAddress', () => {
  it('keeps an address whose country it does not know as written', () => {
    expect(
      postalAddress({
        key: 'x',
        city: 'Paris',
        email: '',
        phone: '',
        address: '1 Rue, Paris, France',
      }),
    ).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '1 Rue, Paris, France',
      addressLocality: 'Paris',
      addressCountry: 'France',
    });
  });
});
