import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../src/form-kit/api-client';
import { applyTheme, currentTheme } from '../src/theme';
import { adminApi, type Enrolled, type Session } from './api';
import { Audit } from './audit';
import { ContentSection, mayReadContent } from './content';
import { mayManageItems } from './items';
import { SettingsSection } from './settings';
import { Dashboard } from './dashboard';
import { Enrol, RecoveryCodes, SecondFactor } from './factor';
import { Home } from './home';
import { InboxSection } from './inbox';
import { InboxBadge, mayUseInbox } from './inbox-count';
import { Join } from './join';
import { Privacy } from './privacy';
import { Security } from './security';
import { SignIn } from './sign-in';
import { Staff } from './staff';
import { translate, type Key, type Lang } from './strings';
import { Card, LangContext, Link, moveTo, navigate, whenLeaving } from './ui';
import { VisitorsSection } from './visitors';

const langKey = 'admin-language';

/** The back-office language: the one chosen here before, else the browser's (Arabic or English). */
export function initialLang(): Lang {
  try {
    const stored = localStorage.getItem(langKey);
    if (stored === 'ar' || stored === 'en') return stored;
  } catch {
    // Storage may be unavailable; the browser's language decides.
  }
  return navigator.language.toLowerCase().startsWith('ar') ? 'ar' : 'en';
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
  const t = useCallback(
    (key: Key, params?: Record<string, string | number>) => translate(lang, key, params),
    [lang],
  );

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
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
  let title: Key = 'signInTitle';
  let content: ReactNode;
  if (session === undefined) {
    title = 'loading';
    content = <p role="status">{t('loading')}</p>;
  } else if (codes) {
    title = 'codesTitle';
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
    title = 'enrolTitle';
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
    title = 'factorTitle';
    content = (
      <SecondFactor
        session={session}
        title={t('factorTitle')}
        lead={t('factorLead')}
        onDone={(next) => {
          setSession(next);
          navigate(section === '/admin/login' || section === '/admin/join' ? '/admin' : path);
        }}
      />
    );
  } else if (!session) {
    if (section === '/admin/join') {
      title = 'joinTitle';
      content = <Join onSession={setSession} />;
    } else {
      content = <SignIn onSession={setSession} />;
    }
  } else if (section === '/admin' || section === '/admin/login' || section === '/admin/join') {
    title = 'home';
    content = <Home session={session} />;
  } else if (section === '/admin/security') {
    title = 'securityTitle';
    content = <Security session={session} onSession={setSession} />;
  } else if (section === '/admin/dashboard') {
    title = 'dashboardTitle';
    content = mayUseInbox(session) ? (
      <Dashboard />
    ) : (
      <Message title={t('forbiddenTitle')} body={t('forbiddenBody')} />
    );
  } else if (section === '/admin/inbox' || section.startsWith('/admin/inbox/')) {
    title = 'inboxTitle';
    content = <InboxSection path={section} session={session} onSession={setSession} />;
  } else if (section === '/admin/visitors' || section.startsWith('/admin/visitors/')) {
    title = 'visitorsTitle';
    content = <VisitorsSection path={section} session={session} onSession={setSession} />;
  } else if (section === '/admin/privacy') {
    title = 'privacyTitle';
    content = !session.permissions.includes('erasure') ? (
      <Message title={t('forbiddenTitle')} body={t('forbiddenBody')} />
    ) : (
      <Privacy session={session} onSession={setSession} />
    );
  } else if (section === '/admin/content' || section.startsWith('/admin/content/')) {
    title = 'contentTitle';
    content = <ContentSection path={section} session={session} />;
  } else if (section === '/admin/settings') {
    title = 'settingsTitle';
    content = !mayManageItems(session) ? (
      <Message title={t('forbiddenTitle')} body={t('forbiddenBody')} />
    ) : (
      <SettingsSection />
    );
  } else if (section === '/admin/staff' || section === '/admin/audit') {
    const needs = section === '/admin/staff' ? 'staff' : 'audit';
    title = needs === 'staff' ? 'staffTitle' : 'auditTitle';
    content = !session.permissions.includes(needs) ? (
      <Message title={t('forbiddenTitle')} body={t('forbiddenBody')} />
    ) : needs === 'staff' ? (
      <Staff session={session} onSession={setSession} />
    ) : (
      <Audit session={session} onSession={setSession} />
    );
  } else {
    title = 'notFoundTitle';
    content = <Message title={t('notFoundTitle')} body={t('notFoundBody')} />;
  }

  useEffect(() => {
    document.title = `${t(title)} · ${t('backOffice')} · ${t('brand')}`;
  }, [t, title]);

  // A section's link is current on its own pages too (an item under /admin/content).
  const current = (to: string) =>
    section === to || (to === '/admin/content' && section.startsWith('/admin/content/'));

  const navItems: { to: string; key: Key; show: boolean; extra?: ReactNode }[] = [
    { to: '/admin', key: 'home', show: true },
    {
      to: '/admin/inbox',
      key: 'inbox',
      show: mayUseInbox(session),
      extra: <InboxBadge />,
    },
    { to: '/admin/dashboard', key: 'dashboard', show: mayUseInbox(session) },
    { to: '/admin/content', key: 'content', show: mayReadContent(session) },
    { to: '/admin/settings', key: 'settings', show: Boolean(session && mayManageItems(session)) },
    {
      to: '/admin/visitors',
      key: 'visitors',
      show: Boolean(session?.permissions.includes('visitors')),
    },
    { to: '/admin/staff', key: 'staff', show: Boolean(session?.permissions.includes('staff')) },
    { to: '/admin/audit', key: 'audit', show: Boolean(session?.permissions.includes('audit')) },
    {
      to: '/admin/privacy',
      key: 'privacy',
      show: Boolean(session?.permissions.includes('erasure')),
    },
    { to: '/admin/security', key: 'security', show: true },
  ];

  return (
    <LangContext.Provider value={lang}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-10 focus:rounded focus:bg-raised focus:p-2"
      >
        {t('skip')}
      </a>
      <header className="on-dark bg-topbar text-topbar-ink">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <p className="font-semibold">
            {t('brand')} <span className="font-normal">· {t('backOffice')}</span>
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              lang={lang === 'ar' ? 'en' : 'ar'}
              aria-label={t('languageLabel')}
              className="min-h-11 rounded-lg px-3 underline-offset-4 hover:underline"
              onClick={() => setLang(lang === 'ar' ? 'en' : 'ar')}
            >
              {t('language')}
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
              {t('themeDark')}
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
                {t('signOut')}
              </button>
            )}
          </div>
        </div>
        {signedIn && (
          <nav aria-label={t('nav')} className="border-t border-footer-line">
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
