import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  adminApi,
  type InvitationLink,
  type ListedStaffMember,
  type PendingInvitation,
  type Session,
  type StaffMember,
} from '../api';
import type { ApiResult } from '../../shared/form-kit/api-client';
import { formattingLocale, isKey } from '../i18n';
import { useStepUp } from '../account/step-up';
import {
  Card,
  Field,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { useLabels, useT } from '../shell/lang';
import { FactorSummary, PendingInvitations, invitationsQuery } from './invitations';

type Lists = { roles: string[]; offices: string[]; languages: string[] };
type RoleValues = { role: string; languages: string[]; office: string };

/** Role, languages (a translator's) and office (a sales account's) of one account or invitation. */
function RoleFields({
  values,
  lists,
  onChange,
  errors,
}: {
  values: RoleValues;
  lists: Lists;
  onChange: (values: RoleValues) => void;
  errors: Record<string, string>;
}) {
  const { t } = useT();
  const label = (group: string, value: string) => {
    const key = `${group}.${value}`;
    return isKey(key) ? t(key) : value;
  };
  return (
    <>
      <Field label={t('staff.role')} error={errors.role}>
        {(props) => (
          <select
            {...props}
            className={inputClass}
            value={values.role}
            onChange={(event) => onChange({ ...values, role: event.target.value })}
          >
            {lists.roles.map((r) => (
              <option key={r} value={r}>
                {label('roles', r)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {values.role === 'translator' && (
        <fieldset className="mb-4">
          <legend className="font-semibold">{t('staff.languages')}</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            {lists.languages.map((l) => (
              <label key={l} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={values.languages.includes(l)}
                  onChange={(event) =>
                    onChange({
                      ...values,
                      languages: event.target.checked
                        ? [...values.languages, l]
                        : values.languages.filter((x) => x !== l),
                    })
                  }
                />
                {label('languageNames', l)}
              </label>
            ))}
          </div>
          {errors.languages && <p className="mt-1 text-sm text-danger">{errors.languages}</p>}
        </fieldset>
      )}
      {values.role === 'sales' && (
        <Field label={t('staff.office')} error={errors.office}>
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={values.office}
              onChange={(event) => onChange({ ...values, office: event.target.value })}
            >
              <option value="">{t('staff.anyOffice')}</option>
              {lists.offices.map((o) => (
                <option key={o} value={o}>
                  {label('offices', o)}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
    </>
  );
}

function MemberCard({
  member,
  me,
  lists,
  act,
  notice,
}: {
  member: ListedStaffMember;
  me: string;
  lists: Lists;
  notice: Notice;
  act: (
    kind: 'role' | 'disable' | 'enable' | 'reset' | 'approve-on' | 'approve-off',
    member: StaffMember,
    values?: RoleValues,
    onErrors?: (errors: Record<string, string>) => void,
  ) => void;
}) {
  const { t, day } = useLabels();
  const [values, setValues] = useState<RoleValues>({
    role: member.role,
    languages: member.languages,
    office: member.office,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const roleKey = `roles.${member.role}`;
  return (
    <li className="rounded-card border border-line bg-raised p-4" data-staff={member.email}>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold">
            {member.name}
            {member.id === me && <span className="text-ink-muted"> ({t('staff.you')})</span>}
          </h3>
          <p className="break-all text-ink-muted" dir="ltr">
            {member.email}
          </p>
        </div>
        <p className="text-sm">
          <span className={member.disabled ? 'font-semibold text-danger' : 'text-accent'}>
            {member.disabled ? t('staff.disabled') : t('staff.active')}
          </span>
          {' · '}
          {isKey(roleKey) ? t(roleKey) : member.role}
          {' · '}
          {t('staff.since', { date: day(member.createdAt) })}
          {' · '}
          <FactorSummary member={member} />
        </p>
      </div>
      {member.id !== me && (
        <form
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            act('role', member, values, setErrors);
          }}
        >
          <RoleFields values={values} lists={lists} onChange={setValues} errors={errors} />
          {(member.role === 'editor' ||
            member.role === 'translator' ||
            member.role === 'administrator') && (
            <div className="mb-4 flex min-h-11 items-center gap-3">
              <input
                id={`approve-${member.id}`}
                type="checkbox"
                className="size-5"
                checked={member.mayApprove}
                aria-describedby={`approve-${member.id}-hint`}
                onChange={(event) =>
                  act(event.target.checked ? 'approve-on' : 'approve-off', member)
                }
              />
              <label htmlFor={`approve-${member.id}`} className="font-semibold">
                {t('staff.mayApprove')}
              </label>
              <span id={`approve-${member.id}-hint`} className="text-sm text-ink-muted">
                {t('staff.mayApproveHint')}
              </span>
            </div>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={secondaryButtonClass}>
              {t('staff.changeRole')}
            </button>
            <button
              type="button"
              className={member.disabled ? secondaryButtonClass : dangerButtonClass}
              onClick={() => act(member.disabled ? 'enable' : 'disable', member)}
            >
              {member.disabled ? t('staff.enable') : t('staff.disable')}
            </button>
            {!member.disabled && (
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => act('reset', member)}
              >
                {member.secondFactors.length === 0
                  ? t('staff.sendEnrolLink')
                  : t('staff.resetFactor')}
              </button>
            )}
          </div>
        </form>
      )}
      <div className="mt-3 empty:hidden">
        <NoticeBox notice={notice} />
      </div>
    </li>
  );
}

/** An invitation's link, for the administrator to pass on another way too. */
function LinkBox({ link }: { link: { link: string; text: string } }) {
  return (
    <div className="rounded-lg border border-accent bg-accent-soft p-4">
      <p className="mb-2">{link.text}</p>
      <p className="font-mono break-all" dir="ltr" data-invitation-link>
        {link.link}
      </p>
    </div>
  );
}

const noLists: Lists = { roles: [], offices: [], languages: [] };

/** The staff accounts with the lists their forms choose from; the audit trail names them too. */
export const staffQuery = queryOptions({ queryKey: ['staff'], queryFn: () => adminApi.staff() });

/** The staff list, invitations, role changes and disabling, for administrators. */
export function Staff({
  session,
  onSession,
}: {
  session: Session;
  onSession: (s: Session) => void;
}) {
  const { t, lang } = useT();
  const queryClient = useQueryClient();
  const { data: loaded } = useQuery(staffQuery);
  const staff = loaded?.ok && loaded.data ? loaded.data.staff : [];
  const lists: Lists = loaded?.ok && loaded.data ? loaded.data : noLists;
  // A message shows where its action was: 'invite', 'pending' or a member's id.
  const [said, setSaid] = useState<{ at: string; notice: Notice }>({ at: '', notice: null });
  const noticeAt = (at: string): Notice => (said.at === at ? said.notice : null);
  const notice: Notice =
    loaded && !(loaded.ok && loaded.data)
      ? { tone: 'error', text: loaded.message || t('common.unreachable') }
      : null;
  const [invite, setInvite] = useState<RoleValues & { email: string }>({
    email: '',
    role: 'editor',
    languages: [],
    office: '',
  });
  const [inviteErrors, setInviteErrors] = useState<Record<string, string>>({});
  const [link, setLink] = useState<{ at: string; link: string; text: string } | null>(null);
  const { run, panel } = useStepUp(session, onSession);

  const act = (
    kind: 'role' | 'disable' | 'enable' | 'reset' | 'approve-on' | 'approve-off',
    member: StaffMember,
    values?: RoleValues,
    onErrors?: (errors: Record<string, string>) => void,
  ) => {
    const action = () =>
      kind === 'role' && values
        ? adminApi.changeRole(member.id, values)
        : kind === 'reset'
          ? adminApi.resetFactor(member.id)
          : kind === 'approve-on' || kind === 'approve-off'
            ? adminApi.setMayApprove(member.id, kind === 'approve-on')
            : adminApi.setDisabled(member.id, kind === 'disable');
    setLink(null);
    void run(action, (result) => {
      onErrors?.(result.errors);
      setSaid({
        at: member.id,
        notice: {
          tone: result.ok ? 'success' : 'error',
          text: result.message || t('common.unreachable'),
        },
      });
      if (result.ok) void queryClient.invalidateQueries({ queryKey: staffQuery.queryKey });
    });
  };

  /** Shows a new or resent invitation's link and where its e-mail went. */
  const showInvitation = (at: string, email: string, result: ApiResult<InvitationLink>) => {
    if (result.ok && result.data) {
      const expires = new Date(result.data.expiresAt).toLocaleString(formattingLocale(lang), {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      setLink({
        at,
        link: result.data.link,
        text: t('staffInvites.inviteLink', { email, expires }),
      });
      setSaid({ at, notice: { tone: 'success', text: result.message } });
      void queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
    } else
      setSaid({ at, notice: { tone: 'error', text: result.message || t('common.unreachable') } });
  };

  const submitInvite = (event: FormEvent) => {
    event.preventDefault();
    setLink(null);
    const email = invite.email.trim();
    void run(
      () => adminApi.invite({ ...invite, email }),
      (result) => {
        setInviteErrors(result.errors);
        showInvitation('invite', email.toLowerCase(), result);
      },
    );
  };

  const resend = (inv: PendingInvitation) => {
    setLink(null);
    void run(
      () => adminApi.resendInvitation(inv.id),
      (result) => showInvitation('pending', inv.email, result),
    );
  };

  const revoke = (inv: PendingInvitation) => {
    setLink(null);
    void run(
      () => adminApi.revokeInvitation(inv.id),
      (result) => {
        setSaid({
          at: 'pending',
          notice: {
            tone: result.ok ? 'success' : 'error',
            text: result.message || t('common.unreachable'),
          },
        });
        void queryClient.invalidateQueries({ queryKey: invitationsQuery.queryKey });
      },
    );
  };

  return (
    <div>
      <h1 className="mb-6 text-2xl font-semibold">{t('staff.title')}</h1>
      {panel}
      <NoticeBox notice={notice} />
      <Card className="mb-6">
        <h2 className="mb-4 text-xl font-semibold">{t('staff.inviteTitle')}</h2>
        <form onSubmit={submitInvite} noValidate>
          <Field label={t('account.email')} error={inviteErrors.email}>
            {(props) => (
              <input
                {...props}
                className={inputClass}
                type="email"
                name="invite-email"
                dir="ltr"
                value={invite.email}
                onChange={(event) => setInvite({ ...invite, email: event.target.value })}
              />
            )}
          </Field>
          {lists.roles.length > 0 && (
            <RoleFields
              values={invite}
              lists={lists}
              errors={inviteErrors}
              onChange={(values) => setInvite({ ...invite, ...values })}
            />
          )}
          <button type="submit" className={buttonClass}>
            {t('staffInvites.invite')}
          </button>
        </form>
        <div className="mt-4">
          <NoticeBox notice={noticeAt('invite')} />
          {link?.at === 'invite' && <LinkBox link={link} />}
        </div>
      </Card>
      <PendingInvitations staff={staff} onResend={resend} onRevoke={revoke}>
        <NoticeBox notice={noticeAt('pending')} />
        {link?.at === 'pending' && <LinkBox link={link} />}
      </PendingInvitations>
      <ul className="grid gap-4" aria-label={t('staff.title')}>
        {staff.map((m) => (
          <MemberCard
            key={`${m.id}-${m.role}-${m.disabled}`}
            member={m}
            me={session.staff.id}
            lists={lists}
            act={act}
            notice={noticeAt(m.id)}
          />
        ))}
      </ul>
    </div>
  );
}
