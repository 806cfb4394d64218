import { Outlet, useMatches } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { onUnauthorized } from '../../shared/form-kit/api-client';
import { applyTheme, currentTheme } from '../../shared/theme/theme';
import { Enrol, RecoveryCodes, SecondFactor } from '../account/factor';
import { ForgotPassword, NewPassword } from '../account/forgot-password';
import { Join } from '../account/join';
import { SignIn } from '../account/sign-in';
import { adminApi, type Enrolled, type Session } from '../api';
import { direction, nextLanguage, translate, type Key, type Lang, type Params } from '../i18n';
import { initialLang, LangContext, rememberLang } from './lang';
import { moveTo, navigate, usePathname, whenLeaving } from './navigation';
import { Navigation } from './nav';
import { NotificationBell } from '../notifications';
import { SessionContext } from './session';

/**
 * The back-office's frame, at the root of its router: the language, the theme and the session;
 * the top bar and the navigation; and in <main> the sign-in stages (loading, recovery codes,
 * enrolling, the second factor, signed out) or, once signed in, the screen the address names.
 */
export function Frame() {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [dark, setDark] = useState(() => currentTheme() === 'theme-dark');
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | null>(null);
  const pathname = usePathname();
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1]?.staticData.screen });
  const main = useRef<HTMLElement>(null);
  const other = nextLanguage(lang);
  const t = useCallback((key: Key, params?: Params) => translate(lang, key, params), [lang]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = direction(lang);
    rememberLang(lang);
  }, [lang]);

  useEffect(() => {
    // A 401 means the staff session ended: back to signing in. The visitor's own session,
    // which the site's pages keep, is none of the back-office's business.
    onUnauthorized(() => setSession(null));
    void adminApi.session().then((result) => setSession(result.ok ? result.data : null));
  }, []);

  useEffect(() => {
    main.current?.focus();
  }, [pathname]);

  const signedIn = session?.stage === 'full' && !codes;
  const section = pathname.replace(/\/+$/, '') || '/admin';
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
            [
              '/admin/login',
              '/admin/join',
              '/admin/enrol',
              '/admin/forgot',
              '/admin/password',
            ].includes(section)
              ? '/admin'
              : pathname,
          );
        }}
      />
    );
  } else if (!session) {
    if (section === '/admin/join') {
      title = 'join.title';
      content = <Join onSession={setSession} />;
    } else if (section === '/admin/forgot') {
      title = 'staffInvites.forgotTitle';
      content = <ForgotPassword />;
    } else if (section === '/admin/password') {
      title = 'staffInvites.newPasswordTitle';
      content = <NewPassword />;
    } else if (section === '/admin/enrol' && window.location.hash.length > 1) {
      title = 'signIn.enrolTitle';
      content = <SignIn onSession={setSession} enrolToken={window.location.hash.slice(1)} />;
    } else {
      content = <SignIn onSession={setSession} />;
    }
  } else {
    title = leaf?.title ?? 'app.notFoundTitle';
    content = <Outlet />;
  }

  useEffect(() => {
    document.title = `${t(title)} · ${t('app.backOffice')} · ${t('app.brand')}`;
  }, [t, title]);

  const signOut = () =>
    // Unsaved edits are asked about first, as on any move away from them.
    whenLeaving(async () => {
      await adminApi.logout();
      setSession(null);
      setCodes(null);
      moveTo('/admin/login');
    });

  return (
    <LangContext.Provider value={lang}>
      <SessionContext.Provider value={{ session, onSession: setSession }}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-10 focus:rounded focus:bg-raised focus:p-2"
        >
          {t('app.skip')}
        </a>
        <header className="on-dark bg-topbar text-topbar-ink print:hidden">
          <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3">
            <p className="font-semibold">
              {t('app.brand')} <span className="font-normal">· {t('app.backOffice')}</span>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {signedIn && <NotificationBell />}
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
              {/* The button says what it does: the theme it turns on, not the one that is on. */}
              <button
                type="button"
                className="min-h-11 rounded-lg px-3 underline-offset-4 hover:underline"
                onClick={() => {
                  applyTheme(dark ? 'theme-light' : 'theme-dark');
                  setDark(!dark);
                }}
                data-theme-switch
              >
                {t(dark ? 'app.themeLight' : 'app.themeDark')}
              </button>
              {session && (
                <button
                  type="button"
                  className="min-h-11 rounded-lg border border-topbar-ink px-3"
                  onClick={signOut}
                >
                  {t('app.signOut')}
                </button>
              )}
            </div>
          </div>
          {signedIn && session && <Navigation session={session} section={section} />}
        </header>
        <main
          id="main"
          ref={main}
          tabIndex={-1}
          className="mx-auto max-w-5xl px-4 py-8 outline-none"
        >
          <div className={signedIn ? '' : 'mx-auto max-w-lg'}>{content}</div>
        </main>
      </SessionContext.Provider>
    </LangContext.Provider>
  );
}
