import { leadSourceHeaders } from './lead-source';
import { linkClass } from '../accounts/auth-layout';
import { post } from '../../shared/form-kit/api-client';
import { fillNodes } from '../content/fill-nodes';
import { CalendarIcon } from '../../shared/ui/icons';
import { LocalDate } from '../content/local-date';
import { formsNamespace } from '../../shared/i18n/i18n';
import { useLocalizedPath } from '../pages/page-context';
import { requestRoute } from '../routing/routes';
import { useTranslation } from '../../shared/i18n/translation';
import { FormDone, PersonFields, SiteFormFrame } from './form-parts';
import { checkConsent, checkEmail, checkFullName, checkLine, formLimits } from './rules';
import { useSiteForm } from './use-site-form';

/** What the server answers on a registration: the webinar's start (ISO 8601 with offset). */
type Registered = { start?: string };

/**
 * Registration for an upcoming webinar (POST /api/forms/webinar/{webinar}), for the marketing
 * team; the visitor gets a confirmation with the date and time by e-mail.
 */
export function WebinarForm({ webinar, start }: { webinar: string; start: string }) {
  const { t } = useTranslation(formsNamespace);
  const { form, captcha, done, doneId, onSubmit, again, user } = useSiteForm<
    { name: string; email: string; company: string; jobTitle: string; consent: boolean },
    Registered
  >({
    initial: { name: '', email: '', company: '', jobTitle: '', consent: false },
    validate: (v) => ({
      name: checkFullName(v.name),
      email: checkEmail(v.email),
      company: checkLine(v.company, formLimits.line, false),
      jobTitle: checkLine(v.jobTitle, formLimits.line, false),
      consent: checkConsent(v.consent),
    }),
    prefill: (who) => ({ name: who.fullName, email: who.email }),
  });

  if (done) {
    return (
      <FormDone
        id={doneId}
        title={t('webinar.doneTitle')}
        message={done.message || t('webinar.done')}
        onAgain={again}
        againLabel={t('webinar.again')}
      >
        <p className="mt-3 flex items-start gap-2 font-semibold">
          <CalendarIcon className="mt-0.5 size-5 shrink-0 text-accent" />
          <span>
            {fillNodes(t('webinar.doneWhen'), {
              date: <LocalDate value={done.data?.start || start} withTime />,
            })}
          </span>
        </p>
      </FormDone>
    );
  }

  const submit = onSubmit((values, token) =>
    post<Registered>(
      `/forms/webinar/${encodeURIComponent(webinar)}`,
      {
        ...values,
        captcha: token,
      },
      leadSourceHeaders(),
    ),
  );

  return (
    <SiteFormFrame
      form={form}
      captcha={captcha}
      user={user}
      onSubmit={submit}
      submitLabel={t('webinar.submit')}
    >
      <PersonFields form={form} company="optional" jobTitle />
    </SiteFormFrame>
  );
}

/** What replaces the form once the webinar has taken place: where to go instead. */
export function WebinarOver({ listRoute }: { listRoute: string }) {
  const { t } = useTranslation(formsNamespace);
  const localize = useLocalizedPath();
  return (
    <p className="leading-relaxed text-ink">
      {fillNodes(t('webinar.over'), {
        webinars: (
          <a href={localize(listRoute)} className={linkClass}>
            {t('webinar.overWebinars')}
          </a>
        ),
        contact: (
          <a href={localize(requestRoute)} className={linkClass}>
            {t('webinar.overContact')}
          </a>
        ),
      })}
    </p>
  );
}
