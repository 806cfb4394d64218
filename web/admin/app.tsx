import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../shared/form-kit/api-client';
import { applyTheme, currentTheme } from '../shared/theme/theme';
import { adminApi, type Enrolled, type Session } from './api';
import { Audit } from './audit';
import { ContentSection, mayManageItems, mayReadContent } from './content';
import { SettingsSection } from './settings';
import { Dashboard } from './dashboard';
import { Enrol, RecoveryCodes, SecondFactor } from './factor';
import { Home } from './home';
import { InboxBadge, InboxSection, mayUseInbox } from './inbox';
import { Join } from './join';
import { Privacy } from './privacy';
import { Security } from './security';
import { SignIn } from './sign-in';
import { Staff } from './staff';
import {
  chooseLanguage,
  direction,
  nextLanguage,
  translate,
  type Key,
  type Lang,
  type Params,
} from './i18n';
import { Card, LangContext, Link, moveTo, navigate, whenLeaving } from './ui';
import { VisitorsSection } from './visitors';

const langKey = 'admin-language';

/** The back-office language: the one chosen here before, else the browser's, else English. */
export function initialLang(): Lang {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(langKey);
  } catch {
    // Storage may be unavailable; the browser's language decides.
  }
  return chooseLanguage(stored, navigator.language);
}

function usePath(): string {
  const [path, setPath] = useState(() => window.location.pathname);
  useEffect(() => {
    const update = () => setPath(window.location.pathname);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}

function Message({ title, body }: { title: string; body: string }) {
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{title}</h1>
      <p>{body}</p>
    </Card>
  );
}

export function App() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [dark, setDark] = useState(() => currentTheme() === 'theme-dark');
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | null>(null);
  const path = usePath();
  const main = useRef<HTMLElement>(null);
  const other = nextLanguage(lang);
  const t = useCallback((key: Key, params?: Params) => translate(lang, key, params), [lang]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = direction(lang);
    try {
      localStorage.setItem(langKey, lang);
    } catch {
      // The choice holds for this visit.
    }
  }, [lang]);

  useEffect(() => {
    // A 401 means the staff session ended: back to signing in. The visitor's own session,
    // which the site's pages keep, is none of the back-office's business.
    onUnauthorized(() => setSession(null));
    void adminApi.session().then((result) => setSession(result.ok ? result.data : null));
  }, []);

  useEffect(() => {
    main.current?.focus();
  }, [path]);

  const signedIn = session?.stage === 'full' && !codes;
  const section = path.replace(/\/+$/, '') || '/admin';
  let title: Key = 'signIn.title';
  let content: ReactNode;
  if (session === undefined) {
    title = 'common.loading';
    content = <p role="status">{t('common.loading')}</p>;
  } else if (codes) {
    title = 'enrol.codesTitle';
    content = (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          navigate('/admin');
        }}
      />
    );
  } else if (session?.stage === 'enrol') {
    title = 'enrol.title';
    content = (
      <Enrol
        onEnrolled={(result: Enrolled) => {
          setSession(result.session);
          setCodes(
            result.recoveryCodes && result.recoveryCodes.length ? result.recoveryCodes : null,
          );
          if (!result.recoveryCodes?.length) navigate('/admin');
        }}
      />
    );
  } else if (session?.stage === 'password') {
    title = 'factor.title';
    content = (
      <SecondFactor
        session={session}
        title={t('factor.title')}
        lead={t('factor.lead')}
        onDone={(next) => {
          setSession(next);
          navigate(
            section === '/admin/login' || section === '/admin/join' || section === '/admin/enrol'
              ? '/admin'
              : path,
          );
        }}
      />
    );
  } else if (!session) {
    if (section === '/admin/join') {
      title = 'join.title';
      content = <Join onSession={setSession} />;
    } else if (section === '/admin/enrol' && window.location.hash.length > 1) {
      title = 'signIn.enrolTitle';
      content = <SignIn onSession={setSession} enrolToken={window.location.hash.slice(1)} />;
    } else {
      content = <SignIn onSession={setSession} />;
    }
  } else if (
    section === '/admin' ||
    section === '/admin/login' ||
    section === '/admin/join' ||
    section === '/admin/enrol'
  ) {
    title = 'nav.home';
    content = <Home session={session} />;
  } else if (section === '/admin/security') {
    title = 'security.title';
    content = <Security session={session} onSession={setSession} />;
  } else if (section === '/admin/dashboard') {
    title = 'dashboard.title';
    content = mayUseInbox(session) ? (
      <Dashboard />
    ) : (
      <Message title={t('app.forbiddenTitle')} body={t('app.forbiddenBody')} />
    );
  } else if (section === '/admin/inbox' || section.startsWith('/admin/inbox/')) {
    title = 'inbox.title';
    content = <InboxSection path={section} session={session} onSession={setSession} />;
  } else if (section === '/admin/visitors' || section.startsWith('/admin/visitors/')) {
    title = 'visitors.title';
    content = <VisitorsSection path={section} session={session} onSession={setSession} />;
  } else if (section === '/admin/privacy') {
    title = 'privacy.title';
    content = !session.permissions.includes('erasure') ? (
      <Message title={t('app.forbiddenTitle')} body={t('app.forbiddenBody')} />
    ) : (
      <Privacy session={session} onSession={setSession} />
    );
  } else if (section === '/admin/content' || section.startsWith('/admin/content/')) {
    title = 'content.title';
    content = <ContentSection path={section} session={session} />;
  } else if (section === '/admin/settings') {
    title = 'settings.title';
    content = !mayManageItems(session) ? (
      <Message title={t('app.forbiddenTitle')} body={t('app.forbiddenBody')} />
    ) : (
      <SettingsSection />
    );
  } else if (section === '/admin/staff' || section === '/admin/audit') {
    const needs = section === '/admin/staff' ? 'staff' : 'audit';
    title = needs === 'staff' ? 'staff.title' : 'audit.title';
    content = !session.permissions.includes(needs) ? (
      <Message title={t('app.forbiddenTitle')} body={t('app.forbiddenBody')} />
    ) : needs === 'staff' ? (
      <Staff session={session} onSession={setSession} />
    ) : (
      <Audit session={session} onSession={setSession} />
    );
  } else {
    title = 'app.notFoundTitle';
    content = <Message title={t('app.notFoundTitle')} body={t('app.notFoundBody')} />;
  }

  useEffect(() => {
    document.title = `${t(title)} · ${t('app.backOffice')} · ${t('app.brand')}`;
  }, [t, title]);

  // A section's link is current on its own pages too (an item under /admin/content).
  const current = (to: string) =>
    section === to || (to === '/admin/content' && section.startsWith('/admin/content/'));

  const navItems: { to: string; key: Key; show: boolean; extra?: ReactNode }[] = [
    { to: '/admin', key: 'nav.home', show: true },
    {
      to: '/admin/inbox',
      key: 'nav.inbox',
      show: mayUseInbox(session),
      extra: <InboxBadge />,
    },
    { to: '/admin/dashboard', key: 'nav.dashboard', show: mayUseInbox(session) },
    { to: '/admin/content', key: 'nav.content', show: mayReadContent(session) },
    {
      to: '/admin/settings',
      key: 'nav.settings',
      show: Boolean(session && mayManageItems(session)),
    },
    {
      to: '/admin/visitors',
      key: 'nav.visitors',
      show: Boolean(session?.permissions.includes('visitors')),
    },
    { to: '/admin/staff', key: 'nav.staff', show: Boolean(session?.permissions.includes('staff')) },
    { to: '/admin/audit', key: 'nav.audit', show: Boolean(session?.permissions.includes('audit')) },
    {
      to: '/admin/privacy',
      key: 'nav.privacy',
      show: Boolean(session?.permissions.includes('erasure')),
    },
    { to: '/admin/security', key: 'nav.security', show: true },
  ];

  return (
    <LangContext.Provider value={lang}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-10 focus:rounded focus:bg-raised focus:p-2"
      >
        {t('app.skip')}
      </a>
      <header className="on-dark bg-topbar text-topbar-ink">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">
            {t('app.brand')} <span className="font-normal">· {t('app.backOffice')}</span>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {/* The next language offers itself in its own words: its name and the switch's label. */}
            <button
              type="button"
              lang={other}
              aria-label={translate(other, 'language.switchTo')}
              className="min-h-11 rounded-lg px-3 underline-offset-4 hover:underline"
              onClick={() => setLang(other)}
            >
              {translate(other, 'language.name')}
            </button>
            <button
              type="button"
              aria-pressed={dark}
              className="min-h-11 rounded-lg px-3 underline-offset-4 hover:underline"
              onClick={() => {
                applyTheme(dark ? 'theme-light' : 'theme-dark');
                setDark(!dark);
              }}
            >
              {t('app.themeDark')}
            </button>
            {session && (
              <button
                type="button"
                className="min-h-11 rounded-lg border border-topbar-ink px-3"
                onClick={() =>
                  // Unsaved edits are asked about first, as on any move away from them.
                  whenLeaving(async () => {
                    await adminApi.logout();
                    setSession(null);
                    setCodes(null);
                    moveTo('/admin/login');
                  })
                }
              >
                {t('app.signOut')}
              </button>
            )}
          </div>
        </div>
        {signedIn && (
          <nav aria-label={t('nav.label')} className="border-t border-footer-line">
            <ul className="mx-auto flex max-w-5xl flex-wrap gap-1 px-2">
              {navItems
                .filter((item) => item.show)
                .map((item) => (
                  <li key={item.to}>
                    <Link
                      to={item.to}
                      className={`inline-flex min-h-11 items-center px-3 underline-offset-4 hover:underline ${
                        current(item.to) ? 'font-semibold underline' : ''
                      }`}
                    >
                      <span aria-current={current(item.to) ? 'page' : undefined}>
                        {t(item.key)}
                      </span>
                      {item.extra}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        )}
      </header>
      <main id="main" ref={main} tabIndex={-1} className="mx-auto max-w-5xl px-4 py-8 outline-none">
        <div className={signedIn ? '' : 'mx-auto max-w-lg'}>{content}</div>
      </main>
    </LangContext.Provider>
  );
}
