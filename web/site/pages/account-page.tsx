import { useEffect, useState } from 'react';
import {
  AvatarEditor,
  DeleteAccount,
  PasswordForm,
  ProfileForm,
  Section,
  SessionsList,
} from '../accounts/account-sections';
import { checkSession } from '../session/session-check';
import { useUser } from '../session/user-store';
import { Spinner } from '../../shared/ui/spinner';
import { PageHeader } from '../layout/page-header';
import { LoginButton } from '../layout/login-button';
import { authNamespace } from '../../shared/i18n/i18n';
import { usePage, usePageTitle } from './page-context';
import { useTranslation } from '../../shared/i18n/translation';

/**
 * My Account: profile, picture, password, sessions and deletion of the signed-in visitor. The page
 * is the same document for every visitor; the account's data comes from the API after hydration.
 */
export default function AccountPage() {
  const { t } = useTranslation(authNamespace);
  const { page } = usePage();
  const title = usePageTitle();
  const user = useUser();
  const [checked, setChecked] = useState(false);
  // Changing the password ends the other sessions: the list is fetched again.
  const [sessionsKey, setSessionsKey] = useState(0);

  useEffect(() => {
    let current = true;
    void checkSession().then(() => {
      if (current) setChecked(true);
    });
    return () => {
      current = false;
    };
  }, []);

  if (!checked) {
    return (
      <PageHeader title={title} breadcrumbs={page.breadcrumbs}>
        <p role="status" className="mt-6 inline-flex items-center gap-2 text-ink-muted">
          <Spinner />
          {t('account.loading')}
        </p>
      </PageHeader>
    );
  }

  if (!user) {
    // Logged out in another tab, or the session ended: the server would send a fresh visit to login.
    return (
      <PageHeader title={title} breadcrumbs={page.breadcrumbs}>
        <div className="mt-6">
          <LoginButton className="inline-flex" />
        </div>
      </PageHeader>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={page.breadcrumbs}
        lead={t('account.greeting', { name: user.firstName || user.fullName })}
      />
      <div className="bg-surface py-10 lg:py-14">
        <div className="page-shell grid gap-6 lg:grid-cols-2 lg:items-start">
          <div className="space-y-6">
            <Section id="account-avatar" title={t('account.avatar.title')}>
              <AvatarEditor user={user} />
            </Section>
            <Section id="account-profile" title={t('account.profile.title')}>
              <ProfileForm user={user} />
            </Section>
          </div>
          <div className="space-y-6">
            <Section
              id="account-password"
              title={t('account.password.title')}
              intro={t('account.password.intro')}
            >
              <PasswordForm user={user} onChanged={() => setSessionsKey((key) => key + 1)} />
            </Section>
            <Section
              id="account-sessions"
              title={t('account.sessions.title')}
              intro={t('account.sessions.intro')}
            >
              <SessionsList refreshKey={sessionsKey} />
            </Section>
            <Section
              id="account-delete"
              title={t('account.delete.title')}
              intro={t('account.delete.intro')}
              tone="danger"
            >
              <DeleteAccount />
            </Section>
          </div>
        </div>
      </div>
    </>
  );
}
