import type { ComponentType } from 'react';
import { ThemeToggle } from '../layout/theme-toggle';
import { Toaster } from '../layout/toasts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each island has its own props
type AnyComponent = ComponentType<any>;

type IslandModule = {
  /** The component, as the browser loads it. */
  load: () => Promise<AnyComponent>;
  /**
   * Strings the island may show only after the visitor acts (a menu opened, a link copied), as
   * `namespace:section` or `namespace:section.key`. Those it shows from the start are found by
   * rendering it, and are sent as well.
   */
  strings: string[];
  /**
   * For a visitor who is not signed in, the island waits for the visitor to come to it (pointer
   * over it, a press or focus in it) before its code loads; a press made meanwhile is replayed.
   * Only for islands whose server HTML is already right for such a visitor.
   */
  waits?: boolean;
  /**
   * For an island that waits: whether the visitor came for it (the address names it), in which
   * case it starts at once.
   */
  wanted?: () => boolean;
  /**
   * For every visitor, the island waits until it comes near the screen (or the visitor comes to
   * it, as above): parts further down the page, whose code a page's load need not run.
   */
  near?: boolean;
};

const ready = (component: AnyComponent) => () => Promise.resolve(component);

/**
 * Every interactive part of a page that hydrates island by island. The theme switch and the
 * toasts come with the page's first script, since every such page has them at once; the others
 * are chunks of their own, loaded when the page has them and, for those that wait, when the
 * visitor comes to them or, for the home page's sections, when they come near the screen.
 */
export const islands = {
  'desktop-nav': {
    load: () => import('../layout/desktop-nav').then((module) => module.DesktopNav),
    strings: ['common:nav'],
    waits: true,
  },
  'language-switcher': {
    load: () => import('../layout/language-switcher').then((module) => module.LanguageSwitcher),
    strings: ['common:languages'],
    waits: true,
  },
  'theme-toggle': { load: ready(ThemeToggle), strings: ['common:theme'] },
  'account-control': {
    load: () => import('../layout/profile-menu').then((module) => module.AccountControl),
    strings: ['common:profileMenu'],
    waits: true,
  },
  'mobile-menu': {
    load: () => import('../layout/mobile-menu').then((module) => module.MobileMenu),
    waits: true,
    strings: [
      'common:nav',
      'common:header',
      'common:languages',
      'common:theme',
      'common:profileMenu',
    ],
  },
  'site-search': {
    load: () => import('../search/site-search').then((module) => module.SiteSearch),
    strings: ['common:searchBox'],
    waits: true,
  },
  toaster: { load: ready(Toaster), strings: ['common:toast'] },
  'on-this-page': {
    load: () => import('../content/on-this-page').then((module) => module.OnThisPage),
    strings: [],
  },
  'share-links': {
    load: () => import('../content/share-links').then((module) => module.ShareLinks),
    strings: ['common:share'],
  },
  'enquiry-forms': {
    load: () => import('../forms/enquiry-forms').then((module) => module.EnquiryForms),
    // What the forms may say once used: their checks' messages, the captcha's and date picker's
    // words, the counts and the answer after sending.
    strings: [
      'forms:forms',
      'forms:fields',
      'forms:captcha',
      'forms:datePicker',
      'forms:formsPage',
      'forms:proposal',
      'forms:inquiry',
    ],
    waits: true,
    // A link to one of the forms (#proposal, #inquiry, #proposal/<service>) was followed.
    wanted: () => /^#(proposal|inquiry)(\/|$)/.test(window.location.hash),
  },
  counters: {
    load: () => import('../content/home/counters').then((module) => module.Counters),
    strings: [],
    near: true,
  },
  'clients-strip': {
    load: () => import('../content/home/clients-strip').then((module) => module.ClientsStrip),
    strings: [],
    near: true,
  },
  'news-slider': {
    load: () => import('../content/home/news-slider').then((module) => module.NewsSlider),
    strings: ['common:carousel'],
    near: true,
  },
  'partner-slider': {
    load: () => import('../content/home/partner-slider').then((module) => module.PartnerSlider),
    strings: ['common:carousel'],
    near: true,
  },
  'solutions-slider': {
    load: () => import('../content/home/solutions-slider').then((module) => module.SolutionsSlider),
    strings: ['common:carousel'],
    near: true,
  },
  testimonials: {
    load: () => import('../content/home/testimonials').then((module) => module.Testimonials),
    strings: ['common:carousel'],
    near: true,
  },
} satisfies Record<string, IslandModule>;

export type IslandName = keyof typeof islands;
