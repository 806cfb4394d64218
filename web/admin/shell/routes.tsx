import type { ReactNode } from 'react';
import type { Permission, Session } from '../api';
import { Analytics, mayReadAnalytics } from '../analytics';
import { Security } from '../account/security';
import { Audit } from '../audit/audit';
import {
  ContentItem,
  ContentList,
  findSearch,
  mayManageItems,
  mayReadContent,
  NewContentItem,
} from '../content';
import { Dashboard } from '../home/dashboard';
import { Home } from '../home/home';
import type { Key } from '../i18n';
import { Inbox, InboxBadge, InboxSubmission, mayUseInbox } from '../inbox';
import { MediaLibrary, mayUseMedia } from '../media';
import { NotificationList, NotificationSettings } from '../notifications';
import { Privacy } from '../privacy/privacy';
import { Redirects } from '../redirects';
import { SettingsSection } from '../settings/settings';
import { ReviewRulesSection } from '../settings/review-rules';
import { Staff } from '../staff/staff';
import { Message } from './message';
import { VisitorAccount } from '../visitors/account';
import { VisitorList } from '../visitors/list';
import { visitorSearch } from '../visitors/search';

/** What a screen is given: the staff member, their setter, and the address's path without a trailing slash. */
export type ScreenProps = {
  session: Session;
  onSession: (session: Session) => void;
  path: string;
};

/** One line of the back-office's table of addresses. */
export type Screen = {
  /** The router's path: `$` stands for the rest of the address. */
  path: string;
  /** Who may open it; everyone signed in when absent. The navigation shows only what they may open. */
  allowed?: (session: Session) => boolean;
  /** The document's title, and the first words of the browser tab. */
  title: Key;
  /** Its link in the navigation, when it has one, with what follows the words (the inbox's count). */
  nav?: { label: Key; extra?: ReactNode; currentBelow?: boolean };
  /** Typed from the address's query. */
  validateSearch?: (search: Record<string, unknown>) => object;
  element: (props: ScreenProps) => ReactNode;
};

const has = (permission: Permission) => (session: Session) =>
  session.permissions.includes(permission);

const home = ({ session }: ScreenProps) => <Home session={session} />;

/** The back-office's addresses, in the navigation's order. */
export const screens: Screen[] = [
  { path: '/admin', title: 'nav.home', nav: { label: 'nav.home' }, element: home },
  {
    path: '/admin/inbox',
    allowed: mayUseInbox,
    title: 'inbox.title',
    nav: { label: 'nav.inbox', extra: <InboxBadge /> },
    element: ({ session, onSession }) => <Inbox session={session} onSession={onSession} />,
  },
  {
    path: '/admin/inbox/$id',
    allowed: mayUseInbox,
    title: 'inbox.title',
    element: ({ session, onSession, path }) => {
      const id = path.slice('/admin/inbox/'.length);
      return <InboxSubmission key={id} id={id} session={session} onSession={onSession} />;
    },
  },
  {
    path: '/admin/dashboard',
    allowed: mayUseInbox,
    title: 'dashboard.title',
    nav: { label: 'nav.dashboard' },
    element: () => <Dashboard />,
  },
  {
    path: '/admin/analytics',
    allowed: mayReadAnalytics,
    title: 'analytics.title',
    nav: { label: 'nav.analytics' },
    element: () => <Analytics />,
  },
  {
    path: '/admin/content',
    allowed: mayReadContent,
    title: 'content.title',
    nav: { label: 'nav.content', currentBelow: true },
    validateSearch: findSearch,
    element: ({ session }) => <ContentList session={session} />,
  },
  {
    path: '/admin/content/new',
    allowed: mayReadContent,
    title: 'content.title',
    element: ({ session }) => <NewContentItem session={session} />,
  },
  {
    path: '/admin/content/$',
    allowed: mayReadContent,
    title: 'content.title',
    element: ({ session, path }) => <ContentItem path={path} session={session} />,
  },
  {
    path: '/admin/media',
    allowed: mayUseMedia,
    title: 'media.title',
    nav: { label: 'nav.media' },
    element: ({ session }) => <MediaLibrary session={session} />,
  },
  {
    path: '/admin/settings',
    allowed: mayManageItems,
    title: 'settings.title',
    nav: { label: 'nav.settings' },
    element: () => <SettingsSection />,
  },
  {
    path: '/admin/redirects',
    allowed: mayManageItems,
    title: 'redirects.title',
    nav: { label: 'nav.redirects' },
    element: () => <Redirects />,
  },
  {
    path: '/admin/visitors',
    allowed: has('visitors'),
    title: 'visitors.title',
    nav: { label: 'nav.visitors' },
    validateSearch: visitorSearch,
    element: () => <VisitorList />,
  },
  {
    path: '/admin/visitors/$id',
    allowed: has('visitors'),
    title: 'visitors.title',
    element: ({ session, onSession, path }) => {
      const id = path.slice('/admin/visitors/'.length);
      return <VisitorAccount key={id} id={id} session={session} onSession={onSession} />;
    },
  },
  {
    path: '/admin/staff',
    allowed: has('staff'),
    title: 'staff.title',
    nav: { label: 'nav.staff' },
    element: ({ session, onSession }) => <Staff session={session} onSession={onSession} />,
  },
  {
    path: '/admin/review-rules',
    allowed: has('staff'),
    title: 'reviewRules.title',
    nav: { label: 'nav.reviewRules' },
    element: () => <ReviewRulesSection />,
  },
  {
    path: '/admin/audit',
    allowed: has('audit'),
    title: 'audit.title',
    nav: { label: 'nav.audit' },
    element: ({ session, onSession }) => <Audit session={session} onSession={onSession} />,
  },
  {
    path: '/admin/privacy',
    allowed: has('erasure'),
    title: 'privacy.title',
    nav: { label: 'nav.privacy' },
    element: ({ session, onSession }) => <Privacy session={session} onSession={onSession} />,
  },
  {
    path: '/admin/security',
    title: 'security.title',
    nav: { label: 'nav.security' },
    element: ({ session, onSession }) => <Security session={session} onSession={onSession} />,
  },
  // Reached from the bell in the top bar, not the navigation.
  {
    path: '/admin/notifications',
    title: 'notifications.title',
    element: () => <NotificationList />,
  },
  {
    path: '/admin/notifications/settings',
    title: 'notifications.settings.title',
    element: () => <NotificationSettings />,
  },
  // Signing in, joining and setting up a second factor end on these addresses: the home screen shows there.
  { path: '/admin/login', title: 'nav.home', element: home },
  { path: '/admin/join', title: 'nav.home', element: home },
  { path: '/admin/enrol', title: 'nav.home', element: home },
  { path: '/admin/forgot', title: 'nav.home', element: home },
  { path: '/admin/password', title: 'nav.home', element: home },
  // Anything else.
  {
    path: '$',
    title: 'app.notFoundTitle',
    element: () => <Message title="app.notFoundTitle" body="app.notFoundBody" />,
  },
];
