import { useCallback, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Avatar } from './avatar';
import { Dialog } from '../../shared/ui/dialog';
import { fillNodes } from '../content/fill-nodes';
import {
  buttonClass,
  FormShell,
  FormStatus,
  PasswordField,
  PhoneField,
  SubmitButton,
} from '../../shared/ui/form-controls';
import { Spinner } from '../../shared/ui/spinner';
import { dismissToasts, flashToast, showToast, welcomeToast } from '../layout/toasts';
import { authNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath, usePage } from '../pages/page-context';
import type { User } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { del, get, post, put, upload } from '../../shared/form-kit/api-client';
import { preparePicture } from './avatar-picture';
import { formatWhen } from '../session/session-time';
import { useForm } from '../../shared/form-kit/use-form';
import { NameFields, NewPasswordFields } from './account-fields';
import { forgetUser, storeUser } from '../session/user-store';
import {
  checkConfirmation,
  checkCurrentPassword,
  checkName,
  checkNewPassword,
  checkPhone,
} from '../../shared/form-kit/validation';

/** A titled panel of the account page. */
export function Section({
  id,
  title,
  intro,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-card border bg-raised p-5 shadow-sm sm:p-7 ${tone === 'danger' ? 'border-danger/40' : 'border-line'}`}
    >
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {intro && <p className="mt-1.5 text-sm text-ink-muted">{intro}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

const maxAvatarBytes = 2 * 1024 * 1024;
const avatarTypes = ['image/png', 'image/jpeg', 'image/webp'];

/** The profile picture: upload with progress and a preview, or removal. */
export function AvatarEditor({ user }: { user: User }) {
  const { t } = useTranslation(authNamespace);
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState('');
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState('');
  const busy = preparing || progress !== null || removing;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setError('');
    if (!avatarTypes.includes(file.type)) return setError(t('account.avatar.wrongType'));
    setPreparing(true);
    const picture = await preparePicture(file);
    setPreparing(false);
    if (!picture) return setError(t('account.avatar.unreadable'));
    if (picture.size > maxAvatarBytes) return setError(t('account.avatar.tooLarge'));
    // A data: address, which the Content-Security-Policy allows for images (blob: it does not).
    const reader = new FileReader();
    reader.addEventListener('load', () => setPreview(String(reader.result)));
    reader.readAsDataURL(picture);
    setProgress(0);
    const form = new FormData();
    form.append('file', picture, picture.type === 'image/png' ? 'picture.png' : 'picture.jpg');
    const result = await upload<User>('/account/avatar', form, setProgress);
    setProgress(null);
    setPreview('');
    if (result.ok && result.data) {
      storeUser(result.data);
      showToast(result.message || t('account.avatar.saved'));
    } else {
      setError(
        result.errors.file ||
          result.message ||
          (result.status === 0 ? t('forms:forms.unreachable') : t('forms:forms.failed')),
      );
    }
  };

  const remove = async () => {
    setRemoving(true);
    setError('');
    const result = await del<User>('/account/avatar');
    setRemoving(false);
    if (result.ok && result.data) {
      storeUser(result.data);
      showToast(result.message || t('account.avatar.removed'));
    } else {
      setError(result.message || t('forms:forms.failed'));
    }
  };

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div className="flex flex-col items-start gap-5 sm:flex-row sm:items-center">
      {preview ? (
        <img
          src={preview}
          alt={t('account.avatar.preview')}
          className="size-24 shrink-0 rounded-full object-cover ring-2 ring-accent"
        />
      ) : (
        <Avatar user={user} className="size-24 text-3xl" />
      )}
      <div className="min-w-0 flex-1 space-y-3">
        <p className="text-sm text-ink-muted" id="avatar-hint">
          {t('account.avatar.hint')}
        </p>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="avatar-file"
            type="file"
            accept={avatarTypes.join(',')}
            onChange={onFile}
            disabled={busy}
            // Reached through the button below, which says what it does: out of the tab order.
            tabIndex={-1}
            aria-label={
              user.profileImageUrl ? t('account.avatar.change') : t('account.avatar.upload')
            }
            aria-describedby="avatar-hint"
            className="sr-only"
          />
          <button
            type="button"
            onClick={() => input.current?.click()}
            disabled={busy}
            aria-busy={preparing || progress !== null || undefined}
            className={buttonClass('secondary')}
          >
            {(preparing || progress !== null) && <Spinner />}
            {user.profileImageUrl ? t('account.avatar.change') : t('account.avatar.upload')}
          </button>
          {user.profileImageUrl && (
            <button
              type="button"
              onClick={remove}
              disabled={busy}
              aria-busy={removing || undefined}
              className={buttonClass('secondary')}
            >
              {removing && <Spinner />}
              {removing ? t('account.avatar.removing') : t('account.avatar.remove')}
            </button>
          )}
        </div>
        {preparing && (
          <p className="text-sm text-ink-muted" aria-live="polite">
            {t('account.avatar.preparing')}
          </p>
        )}
        {progress !== null && (
          <div className="space-y-1">
            <progress
              value={percent}
              max={100}
              aria-label={t('account.avatar.progress')}
              className="h-2 w-full max-w-xs accent-brand"
            />
            <p className="text-sm text-ink-muted" aria-live="polite">
              {t('account.avatar.uploading', { percent })}
            </p>
          </div>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** First and last name and phone; the e-mail address is shown but not editable. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation(authNamespace);
  const form = useForm(
    { firstName: user.firstName, lastName: user.lastName, phoneNumber: user.phoneNumber },
    (v) => ({
      firstName: checkName(v.firstName),
      lastName: checkName(v.lastName),
      phoneNumber: checkPhone(v.phoneNumber),
    }),
  );

  const submit = form.onSubmit(async (values) => {
    const result = await put<User>('/account/profile', {
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phoneNumber: values.phoneNumber.trim(),
    });
    if (result.ok && result.data) {
      storeUser(result.data);
      // A greeting still on screen would name the visitor as they were.
      dismissToasts(welcomeToast);
    }
    form.showResult(
      { ...result, message: result.message || (result.ok ? t('account.profile.saved') : '') },
      t('forms:forms.failed'),
    );
  });

  return (
    <FormShell form={form} onSubmit={submit}>
      <NameFields form={form} />
      <div>
        <p className="mb-1.5 text-sm font-semibold text-ink">{t('fields.email')}</p>
        <p dir="ltr" className="text-start text-base text-ink rtl:text-end">
          {user.email}
        </p>
        <p className="mt-1 text-sm text-ink-muted">{t('account.profile.emailNote')}</p>
      </div>
      <PhoneField
        label={t('fields.phone')}
        state={form.field('phoneNumber')}
        {...form.input('phoneNumber')}
        hint={t('fields.phoneHint')}
      />
      <SubmitButton
        busy={form.busy}
        label={t('account.profile.save')}
        busyLabel={t('account.profile.busy')}
      />
    </FormShell>
  );
}

/** Change the password; the server ends every other session. */
export function PasswordForm({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation(authNamespace);
  const [generation, setGeneration] = useState(0);
  const form = useForm({ currentPassword: '', newPassword: '', confirmPassword: '' }, (v) => ({
    currentPassword: checkCurrentPassword(v.currentPassword),
    newPassword: checkNewPassword(v.newPassword, [
      user.email,
      user.firstName,
      user.lastName,
      user.fullName,
    ]),
    confirmPassword: checkConfirmation(v.confirmPassword, v.newPassword),
  }));

  const submit = form.onSubmit(async (values) => {
    const result = await post('/account/password', values);
    if (result.ok) {
      showToast(result.message || t('account.password.done'));
      setGeneration((g) => g + 1);
      onChanged();
      return;
    }
    form.showResult(result, t('forms:forms.failed'));
  });

  return (
    <form
      key={generation}
      id={form.formId}
      noValidate
      onSubmit={submit}
      aria-busy={form.busy || undefined}
      className="space-y-5"
    >
      <FormStatus message={form.message} id={form.messageId} />
      <input type="email" name="email" value={user.email} autoComplete="username" readOnly hidden />
      <PasswordField
        label={t('fields.currentPassword')}
        state={form.field('currentPassword')}
        {...form.input('currentPassword')}
        autoComplete="current-password"
        required
      />
      <NewPasswordFields form={form} name="newPassword" label={t('fields.newPassword')} />
      <SubmitButton
        busy={form.busy}
        label={t('account.password.submit')}
        busyLabel={t('account.password.busy')}
      />
    </form>
  );
}

type SessionInfo = {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};

/** The account's sessions: device, when and where, each with a button that ends it. */
export function SessionsList({ refreshKey }: { refreshKey: number }) {
  const { t } = useTranslation(authNamespace);
  const { locale } = usePage();
  const [sessions, setSessions] = useState<SessionInfo[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [ending, setEnding] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    void get<SessionInfo[]>('/account/sessions').then((result) => {
      if (!active) return;
      if (result.ok && Array.isArray(result.data)) {
        setSessions(result.data);
        setFailed(false);
      } else {
        setFailed(true);
      }
    });
    return () => {
      active = false;
    };
  }, [refreshKey, attempt]);

  const end = async (session: SessionInfo) => {
    setEnding(session.id);
    const result = await del('/account/sessions', session.id);
    setEnding(null);
    if (result.ok && session.current) {
      // Ending this device's session is a logout.
      try {
        localStorage.clear();
      } catch {
        // Nothing kept.
      }
      forgetUser();
      window.location.reload();
      return;
    }
    showToast(
      result.message || (result.ok ? t('account.sessions.ended') : t('forms:forms.failed')),
      {
        tone: result.ok ? 'success' : 'error',
      },
    );
    setAttempt((n) => n + 1);
  };

  if (failed) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {t('account.sessions.failed')}
        <button
          type="button"
          onClick={() => setAttempt((n) => n + 1)}
          className={buttonClass('secondary')}
        >
          {t('account.sessions.retry')}
        </button>
      </div>
    );
  }
  if (!sessions) {
    return (
      <p className="flex items-center gap-3 text-sm text-ink-muted">
        <Spinner />
        {t('account.sessions.loading')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-line rounded-md border border-line">
      {sessions.map((session) => (
        <li key={session.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              <span id={`session-${session.id}`}>{session.device}</span>
              {session.current && (
                <span className="rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent">
                  {t('account.sessions.current')}
                </span>
              )}
            </p>
            <p className="mt-1 text-sm text-ink-muted">
              {t('account.sessions.lastActive', { when: formatWhen(session.lastSeenAt, locale) })}
              {' · '}
              {t('account.sessions.started', { when: formatWhen(session.createdAt, locale) })}
            </p>
            <p className="mt-0.5 text-sm text-ink-muted">
              {fillNodes(t('account.sessions.ip'), { ip: <bdi dir="ltr">{session.ip}</bdi> })}
            </p>
          </div>
          <button
            type="button"
            onClick={() => end(session)}
            disabled={ending !== null}
            aria-busy={ending === session.id || undefined}
            aria-describedby={`session-${session.id}`}
            className={buttonClass('secondary')}
          >
            {ending === session.id && <Spinner />}
            {ending === session.id ? t('account.sessions.ending') : t('account.sessions.end')}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Deletes the account after a modal confirmation that asks for the password. */
export function DeleteAccount() {
  const { t } = useTranslation(authNamespace);
  const localize = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const form = useForm({ password: '' }, (v) => ({ password: checkCurrentPassword(v.password) }));
  const close = useCallback(() => setOpen(false), []);

  const submit = form.onSubmit(async (values) => {
    const result = await post('/account/delete', { password: values.password });
    if (result.ok) {
      try {
        localStorage.clear();
      } catch {
        // Nothing kept.
      }
      forgetUser();
      flashToast(result.message || t('account.delete.done'));
      window.location.assign(localize('/'));
      return;
    }
    form.showResult(result, t('forms:forms.failed'));
  });

  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={buttonClass('danger')}>
        {t('account.delete.open')}
      </button>
      {/* Modal, unlike the dialogs' default: the WAI-ARIA dialog pattern advises it for a
          destructive confirmation, which must be answered before anything else is done. */}
      <Dialog open={open} onClose={close} title={t('account.delete.dialogTitle')} modal>
        <form
          id={form.formId}
          noValidate
          onSubmit={submit}
          aria-busy={form.busy || undefined}
          className="space-y-5"
        >
          <p className="text-sm text-ink">{t('account.delete.dialogText')}</p>
          <FormStatus message={form.message} id={form.messageId} />
          <PasswordField
            label={t('fields.password')}
            state={form.field('password')}
            {...form.input('password')}
            autoComplete="current-password"
            required
          />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" onClick={close} className={buttonClass('secondary')}>
              {t('account.delete.cancel')}
            </button>
            <SubmitButton
              busy={form.busy}
              tone="danger"
              label={t('account.delete.confirm')}
              busyLabel={t('account.delete.busy')}
            />
          </div>
        </form>
      </Dialog>
    </>
  );
}
