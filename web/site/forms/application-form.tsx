import { leadSourceHeaders } from './lead-source';
import { useId, useState, type DragEvent } from 'react';
import { upload, type ApiResult } from '../../shared/form-kit/api-client';
import type { FieldState } from '../../shared/form-kit/use-form';
import { buttonClass, FieldError, TextArea, TextField } from '../../shared/ui/form-controls';
import { todayIso } from './date-field';
import { DocumentIcon } from '../../shared/ui/icons';
import { intlLocale } from '../i18n/formatting';
import { formsNamespace } from '../../shared/i18n/i18n';
import { usePage } from '../pages/page-context';
import type { Locale } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';
import { FormDone, PersonFields, SiteFormFrame } from './form-parts';
import {
  checkConsent,
  checkCv,
  checkEmail,
  checkFullName,
  checkLinkedIn,
  checkPhoneNumber,
  checkText,
  formLimits,
} from './rules';
import { useSiteForm } from './use-site-form';
import { useBrowserValue } from '../islands/browser-value';

/** What the CV picker offers: PDF and Word (.docx), by extension and by type. */
export const cvAccept =
  '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const maxCvMegabytes = formLimits.cvBytes / (1024 * 1024);

/**
 * Whether a vacancy still takes applications by the visitor's clock: through its closing date
 * (a date without a time), included. The cached page is the same for everyone at any time, so
 * the server leaves it undecided (null) and the browser decides once hydrated.
 */
export function useApplicationsOpen(validThrough: string): boolean | null {
  return useBrowserValue(
    () => /^\d{4}-\d{2}-\d{2}$/.test(validThrough) && todayIso() <= validThrough,
  );
}

/** A file's size in the page's language: "840 kB", "1.2 MB", "1,2 Mo", "1.2 ميغابايت". */
export function formatFileSize(bytes: number, locale: Locale): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] =
    megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte'];
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'unit',
    unit,
    // Arabic's short units ("م.ب") are not what people write; its long ones are.
    unitDisplay: locale === 'ar' ? 'long' : 'short',
    maximumFractionDigits: megabytes >= 1 ? 1 : 0,
    numberingSystem: 'latn',
  }).format(value);
}

function formatPercent(fraction: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), {
    style: 'percent',
    maximumFractionDigits: 0,
    numberingSystem: 'latn',
  }).format(fraction);
}

function UploadIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d="M12 15V4m0 0-4 4m4-4 4 4" />
      <path d="M5 15v3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-3" />
    </svg>
  );
}

const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * The CV: a real file input (visually hidden, still focusable and labelled), a label styled as a
 * button that opens it, a zone that also takes a dropped file, and the chosen file with a way to
 * remove it.
 */
function CvPicker({
  state,
  file,
  disabled,
  onPick,
  onRemove,
  onLeave,
}: {
  state: FieldState;
  file: File | null;
  disabled: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation(formsNamespace);
  const { locale } = usePage();
  const [dragging, setDragging] = useState(false);
  const labelId = `${state.id}-label`;
  const chooseId = `${state.id}-choose`;
  const hintId = `${state.id}-hint`;
  const fileId = `${state.id}-file`;

  const over = (event: DragEvent<HTMLDivElement>) => {
    if (disabled || !hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const leave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onPick(dropped);
  };

  const zoneTone = dragging
    ? 'border-accent bg-accent-soft'
    : state.invalid
      ? 'border-danger bg-surface'
      : 'border-line-strong bg-surface';

  return (
    <div>
      <p id={labelId} className="mb-1.5 block text-sm font-semibold text-ink">
        {t('application.cv')}
        <span aria-hidden="true" className="ms-0.5 text-danger">
          *
        </span>
      </p>
      <div
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={leave}
        onDrop={drop}
        data-dragging={dragging || undefined}
        className={`relative flex flex-col items-center gap-2 rounded-md border-2 border-dashed px-4 py-6 text-center transition-colors motion-reduce:transition-none ${zoneTone}`}
      >
        <input
          id={state.id}
          name="cv"
          type="file"
          accept={cvAccept}
          required
          // Not `disabled`: the field must stay focusable, as the server's answer may point at it.
          aria-disabled={disabled || undefined}
          onClick={(event) => {
            if (disabled) event.preventDefault();
          }}
          aria-labelledby={`${labelId} ${chooseId}`}
          aria-describedby={
            [hintId, file ? fileId : '', state.error ? state.errorId : '']
              .filter(Boolean)
              .join(' ') || undefined
          }
          aria-invalid={state.invalid || undefined}
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen && !disabled) onPick(chosen);
          }}
          onBlur={onLeave}
          className="peer sr-only"
        />
        <label
          id={chooseId}
          htmlFor={state.id}
          onClick={(event) => {
            if (disabled) event.preventDefault();
          }}
          className={buttonClass(
            'secondary',
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-aria-disabled:cursor-not-allowed peer-aria-disabled:opacity-70',
          )}
        >
          <UploadIcon className="size-5 text-accent" />
          {t('application.choose')}
        </label>
        <p className="text-sm text-ink-muted">
          {dragging ? t('application.dropActive') : t('application.drop')}
        </p>
        <p id={hintId} className="text-sm text-ink-muted">
          {t('application.cvHint', { max: maxCvMegabytes })}
        </p>
      </div>
      <div role="status">
        {file && (
          <div className="mt-3 flex items-center gap-3 rounded-md border border-line bg-raised px-3 py-2.5">
            <DocumentIcon className="size-6 shrink-0 text-accent" />
            <p id={fileId} className="min-w-0 flex-1 text-sm">
              <span className="sr-only">{t('application.selected')} </span>
              <span className="block truncate font-medium text-ink" title={file.name}>
                <bdi>{file.name}</bdi>
              </span>
              <span className="block text-ink-muted">{formatFileSize(file.size, locale)}</span>
            </p>
            <button
              type="button"
              onClick={onRemove}
              disabled={disabled}
              aria-describedby={fileId}
              className="shrink-0 rounded px-2 py-1 text-sm font-semibold text-accent hover:bg-surface hover:underline disabled:cursor-not-allowed disabled:opacity-70"
            >
              {t('application.remove')}
            </button>
          </div>
        )}
      </div>
      <FieldError state={state} />
    </div>
  );
}

/** How far the CV has gone up: a labelled bar with the percentage, then a word while the server checks. */
function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation(formsNamespace);
  const { locale } = usePage();
  const labelId = useId();
  const percent = Math.round(fraction * 100);
  return (
    <div className="w-full min-w-0 sm:max-w-sm sm:flex-1">
      <p id={labelId} className="text-sm font-medium text-ink tabular-nums">
        {percent >= 100
          ? t('application.finishing')
          : t('application.uploading', { percent: formatPercent(fraction, locale) })}
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1.5 h-2.5 overflow-hidden rounded-full border border-line bg-surface"
      >
        <svg
          viewBox="0 0 100 1"
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
          className="block size-full rtl:-scale-x-100"
        >
          <rect
            width={percent}
            height="1"
            className="fill-brand transition-[width] duration-300 ease-out motion-reduce:transition-none"
          />
        </svg>
      </div>
    </div>
  );
}

/**
 * The job application form of a vacancy (POST /api/forms/application/{vacancy}, multipart with
 * the CV as the part "cv"), read by the HR team. The CV goes up with a progress bar.
 */
export function ApplicationForm({ vacancy }: { vacancy: string }) {
  const { t } = useTranslation(formsNamespace);
  const [cv, setCv] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const { form, captcha, done, doneId, onSubmit, user } = useSiteForm({
    // `cv` holds the chosen file's name, so the field takes part in checks, focus and server
    // errors like the others; the file itself is `cv` above.
    initial: {
      name: '',
      email: '',
      phone: '',
      linkedin: '',
      coverLetter: '',
      cv: '',
      consent: false,
    },
    validate: (v) => ({
      name: checkFullName(v.name),
      email: checkEmail(v.email),
      phone: checkPhoneNumber(v.phone, true),
      linkedin: checkLinkedIn(v.linkedin),
      coverLetter: checkText(v.coverLetter, formLimits.coverLetter),
      cv: checkCv(cv),
      consent: checkConsent(v.consent),
    }),
    prefill: (user) => ({ name: user.fullName, email: user.email, phone: user.phoneNumber }),
  });

  if (done) {
    return (
      <FormDone
        id={doneId}
        title={t('application.doneTitle')}
        message={done.message || t('application.doneTitle')}
      />
    );
  }

  const pick = (file: File) => {
    setCv(file);
    form.setValue('cv', file.name);
    form.touch('cv');
  };

  const remove = () => {
    setCv(null);
    form.setValue('cv', '');
    const input = document.getElementById(form.field('cv').id) as HTMLInputElement | null;
    if (input) {
      input.value = '';
      input.focus();
    }
  };

  const submit = onSubmit(async (values, token): Promise<ApiResult> => {
    const body = new FormData();
    for (const name of ['name', 'email', 'phone', 'linkedin', 'coverLetter'] as const) {
      body.set(name, values[name]);
    }
    body.set('consent', values.consent ? 'true' : 'false');
    body.set('captcha', token);
    body.set('cv', cv as File, (cv as File).name);
    setProgress(0);
    let result: ApiResult;
    try {
      result = await upload(
        `/forms/application/${encodeURIComponent(vacancy)}`,
        body,
        setProgress,
        leadSourceHeaders(),
      );
    } finally {
      setProgress(null);
    }
    // Too large belongs to the CV (whether the captcha was spent, the answer says).
    if (result.status === 413) {
      return {
        ...result,
        errors: {
          cv: result.message || t('forms.errors.cvTooLarge', { max: maxCvMegabytes }),
        },
      };
    }
    return result;
  });

  return (
    <SiteFormFrame
      form={form}
      captcha={captcha}
      user={user}
      onSubmit={submit}
      submitLabel={t('application.submit')}
      busyLabel={t('application.busy')}
      besideSubmit={progress !== null && <UploadProgress fraction={progress} />}
    >
      <PersonFields form={form} phone="required">
        <TextField
          label={t('application.linkedIn')}
          state={form.field('linkedin')}
          {...form.input('linkedin')}
          type="url"
          inputMode="url"
          autoComplete="url"
          dir="ltr"
          placeholder="https://www.linkedin.com/in/…"
          maxLength={formLimits.linkedIn}
        />
      </PersonFields>
      <TextArea
        label={t('application.coverLetter')}
        state={form.field('coverLetter')}
        {...form.input('coverLetter')}
        hint={t('application.coverLetterHint')}
        maxLength={formLimits.coverLetter}
        rows={8}
        required
      />
      <CvPicker
        state={form.field('cv')}
        file={cv}
        disabled={form.busy}
        onPick={pick}
        onRemove={remove}
        onLeave={() => {
          // Opening the system's file dialog takes focus from the page: not a visit that left.
          if (document.hasFocus()) form.touch('cv');
        }}
      />
    </SiteFormFrame>
  );
}
