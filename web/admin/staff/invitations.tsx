import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminApi, type ListedStaffMember, type PendingInvitation } from '../api';
import { Card, dangerButtonClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';

/** The invitations waiting to be accepted, newest first. */
export const invitationsQuery = queryOptions({
  queryKey: ['staff', 'invitations'],
  queryFn: () => adminApi.invitations(),
});

/**
 * The pending invitations, each with who invited whom to which role and until when, and the
 * administrator's two moves on it: send it again (a new link replaces the old) or revoke it.
 */
export function PendingInvitations({
  staff,
  onResend,
  onRevoke,
  children,
}: {
  staff: ListedStaffMember[];
  children: ReactNode;
  onResend: (invitation: PendingInvitation) => void;
  onRevoke: (invitation: PendingInvitation) => void;
}) {
  const { t, lang, label, when, day } = useLabels();
  const { data } = useQuery(invitationsQuery);
  const invitations = (data?.ok && data.data?.invitations) || [];
  const inviter = (id: string) => staff.find((m) => m.id === id)?.name ?? t('staffInvites.someone');
  return (
    <Card className="mb-6">
      <h2 className="mb-4 text-xl font-semibold">{t('staffInvites.pendingTitle')}</h2>
      {children}
      {invitations.length === 0 ? (
        <p className="text-ink-muted">{t('staffInvites.pendingNone')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('staffInvites.pendingTitle')}>
          {invitations.map((inv) => (
            <li
              key={inv.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line p-3"
              data-invitation={inv.email}
            >
              <div className="min-w-0">
                <p className="font-semibold break-all" dir="ltr">
                  {inv.email}
                </p>
                <p className="text-sm text-ink-muted">
                  {label('roles', inv.role)}
                  {inv.languages.length > 0 &&
                    ` (${inv.languages.map((l) => label('languageNames', l)).join(lang === 'ar' ? '، ' : ', ')})`}
                  {inv.office && ` (${label('offices', inv.office)})`}
                  {' · '}
                  {inv.invitedBy
                    ? t('staffInvites.invitedBy', {
                        name: inviter(inv.invitedBy),
                        date: day(inv.createdAt),
                      })
                    : t('staffInvites.invitedFromCommandLine', { date: day(inv.createdAt) })}
                  {' · '}
                  {t('staffInvites.expires', { date: when(inv.expiresAt) })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={secondaryButtonClass}
                  aria-label={`${t('staffInvites.resend')}: ${inv.email}`}
                  onClick={() => onResend(inv)}
                >
                  {t('staffInvites.resend')}
                </button>
                <button
                  type="button"
                  className={dangerButtonClass}
                  aria-label={`${t('staffInvites.revoke')}: ${inv.email}`}
                  onClick={() => onRevoke(inv)}
                >
                  {t('staffInvites.revoke')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A member's second factors as administrators read them: passkeys, the app, codes left, or none. */
export function FactorSummary({ member }: { member: ListedStaffMember }) {
  const { t } = useLabels();
  if (member.secondFactors.length === 0) {
    return (
      <span
        className="ms-1 inline-flex items-center rounded-full border border-danger px-2 font-semibold text-danger"
        data-no-second-factor
      >
        {t('staff.noSecondFactor')}
      </span>
    );
  }
  const parts = [
    member.passkeys > 0 && t('staffInvites.passkeys', { n: member.passkeys }),
    member.secondFactors.includes('totp') && t('staffInvites.app'),
    t('staffInvites.codesLeft', { n: member.recoveryCodesLeft }),
  ].filter(Boolean);
  return (
    <span data-factors>
      <span className="sr-only">{t('staffInvites.factorsLabel')}: </span>
      {parts.join(' · ')}
    </span>
  );
}
