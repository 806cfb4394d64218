import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { checkConfirmation, checkName, checkNewPassword } from '../../shared/form-kit/validation';
import { adminApi, type Session } from '../api';
import { FormMessage, TextField, useStaffForm } from '../form';
import { isKey } from '../i18n';
import { replaceWith } from '../shell/navigation';
import { Card, NoticeBox, buttonClass, type Notice } from '../ui';
import { useT } from '../shell/lang';

/**
 * Accepting an invitation: the link carries its token after '#', so it never reaches a server
 * log or a Referer header; this page sends it in a request body.
 */
export function Join({ onSession }: { onSession: (session: Session) => void }) {
  const { t } = useT();
  const [token] = useState(() => window.location.hash.slice(1));
  const queryClient = useQueryClient();
  const { data: asked } = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => adminApi.invitation(token),
    enabled: Boolean(token),
  });
  const invitation = asked?.ok ? asked.data : null;
  const notice: Notice = !token
    ? { tone: 'error', text: t('join.invitationMissing') }
    : asked && !invitation
      ? { tone: 'error', text: asked.message || t('common.unreachable') }
      : null;
  const form = useStaffForm({ name: '', password: '', confirmPassword: '' }, (values) => ({
    name: checkName(values.name),
    password: checkNewPassword(values.password, [values.name, invitation?.email ?? '']),
    confirmPassword: checkConfirmation(values.confirmPassword, values.password),
  }));

  const submit = form.onSubmit(async (values) => {
    const result = await adminApi.join({ token, ...values, name: values.name.trim() });
    if (result.ok && result.data) {
      // The token is spent: it leaves the address bar and the history.
      replaceWith('/admin/join');
      queryClient.removeQueries({ queryKey: ['invitation'] });
      onSession(result.data);
      return;
    }
    form.showResult(result, t('common.unreachable'));
  });

  const roleKey = `roles.${invitation?.role ?? ''}`;
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t('join.title')}</h1>
      <NoticeBox notice={notice} />
      {invitation && (
        <>
          <p className="mb-4 text-ink-muted">
            {t('join.lead', { role: isKey(roleKey) ? t(roleKey) : invitation.role })}
          </p>
          <p className="mb-4">
            <span className="font-semibold">{t('join.as')}: </span>
            <span dir="ltr">{invitation.email}</span>
          </p>
          <FormMessage form={form} />
          <form id={form.formId} onSubmit={submit} noValidate>
            <TextField form={form} name="name" label={t('account.name')} autoComplete="name" />
            <TextField
              form={form}
              name="password"
              label={t('account.password')}
              type="password"
              autoComplete="new-password"
            />
            <TextField
              form={form}
              name="confirmPassword"
              label={t('account.confirmPassword')}
              type="password"
              autoComplete="new-password"
            />
            <button type="submit" className={buttonClass} disabled={form.busy}>
              {t('join.submit')}
            </button>
          </form>
        </>
      )}
    </Card>
  );
}
