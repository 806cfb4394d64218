import type { Session } from '../api';
import { isKey } from '../i18n';
import { Card } from '../ui';
import { useT } from '../shell/lang';
import { Link } from '../shell/navigation';
import { WorkPanel } from './work';

/** The signed-in staff member's home: who they are, the work waiting for them, and what they can do. */
export function Home({ session }: { session: Session }) {
  const { t } = useT();
  const { staff, permissions, factors } = session;
  const roleKey = `roles.${staff.role}`;
  const languages = staff.languages
    .map((l) => {
      const key = `languageNames.${l}`;
      return isKey(key) ? t(key) : l;
    })
    .join(', ');
  const officeKey = `offices.${staff.office}`;
  const describe = (p: string) => {
    if (p === 'content.translate') return t('home.permissions.content.translate', { languages });
    if (p === 'leads' && staff.office && isKey(officeKey))
      return t('home.permissions.leads_office', { office: t(officeKey) });
    const key = `home.permissions.${p}`;
    return isKey(key) ? t(key) : p;
  };
  return (
    <div className="grid gap-6">
      <Card>
        <h1 className="mb-2 text-2xl font-semibold">{t('home.title', { name: staff.name })}</h1>
        <p className="text-ink-muted">
          {t('home.role', { role: isKey(roleKey) ? t(roleKey) : staff.role })}
        </p>
        <p className="mt-2 text-ink-muted">
          {t('home.factors', {
            passkeys: t('home.passkeys', { count: factors.passkeys }),
            totp: factors.totp ? t('home.factorSet') : t('home.factorNotSet'),
            codes: t('home.codesLeft', { count: factors.recoveryCodesLeft }),
          })}
        </p>
      </Card>
      <WorkPanel />
      <Card>
        <h2 className="mb-3 text-xl font-semibold">{t('home.can')}</h2>
        <ul className="grid gap-2" data-permissions>
          {permissions.map((p) => (
            <li key={p} className="flex gap-2">
              <span aria-hidden="true" className="text-accent">
                ✓
              </span>
              {p === 'staff' ? (
                <Link to="/admin/staff" className="underline">
                  {describe(p)}
                </Link>
              ) : null}
              {p === 'audit' ? (
                <Link to="/admin/audit" className="underline">
                  {describe(p)}
                </Link>
              ) : null}
              {p === 'leads' || p === 'applications' ? (
                <Link to="/admin/inbox" className="underline">
                  {describe(p)}
                </Link>
              ) : null}
              {p === 'visitors' ? (
                <Link to="/admin/visitors" className="underline">
                  {describe(p)}
                </Link>
              ) : null}
              {p === 'erasure' ? (
                <Link to="/admin/privacy" className="underline">
                  {describe(p)}
                </Link>
              ) : null}
              {p === 'analytics' ? (
                <Link to="/admin/analytics" className="underline">
                  {describe(p)}
                </Link>
              ) : null}
              {![
                'staff',
                'audit',
                'leads',
                'applications',
                'visitors',
                'erasure',
                'analytics',
              ].includes(p) ? (
                <span>{describe(p)}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
