import { leadSourceHeaders } from './lead-source';
import { post } from '../../shared/form-kit/api-client';
import { useUser } from '../session/user-store';
import { fillNodes } from '../content/fill-nodes';
import { buttonClass } from '../../shared/ui/form-controls';
import { DocumentIcon } from '../../shared/ui/icons';
import { formsNamespace } from '../../shared/i18n/i18n';
import { usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { FormDone, PersonFields, SiteFormFrame } from './form-parts';
import { checkConsent, checkEmail, checkFullName, checkLine, formLimits } from './rules';
import { useSiteForm } from './use-site-form';

/** What the server answers for a download: a signed link (valid 24 hours) and its expiry. */
type Download = { downloadUrl: string; expiresAt: string };

/** The address a signed-in visitor downloads a publication from: their session is the key. */
export function directDownloadPath(publication: string, lang: string): string {
  return `/api/forms/publication/${encodeURIComponent(publication)}/download?lang=${encodeURIComponent(lang)}`;
}

/** The big "Download the PDF" link. */
function DownloadLink({ href, className = '' }: { href: string; className?: string }) {
  const { t } = useTranslation(formsNamespace);
  return (
    <a href={href} download className={buttonClass('primary', `px-6 py-3 text-base ${className}`)}>
      <DocumentIcon className="size-5" />
      {t('publication.download')}
    </a>
  );
}

/**
 * A gated publication: a signed-out visitor leaves their details (POST
 * /api/forms/publication/{publication}) and gets a download link, also e-mailed; a signed-in
 * visitor downloads it straight away.
 */
export function PublicationDownload({ publication }: { publication: string }) {
  const { t } = useTranslation(formsNamespace);
  const { locale } = usePage();
  const user = useUser();
  if (user) {
    return (
      <div className="space-y-4">
        <p className="leading-relaxed text-ink">
          {fillNodes(t('publication.signedIn'), {
            email: (
              <bdi dir="ltr" className="font-semibold break-all">
                {user.email || user.fullName}
              </bdi>
            ),
          })}
        </p>
        <DownloadLink href={directDownloadPath(publication, locale)} />
      </div>
    );
  }
  return <PublicationForm publication={publication} />;
}

function PublicationForm({ publication }: { publication: string }) {
  const { t } = useTranslation(formsNamespace);
  const { form, captcha, done, doneId, onSubmit } = useSiteForm<
    { name: string; email: string; company: string; jobTitle: string; consent: boolean },
    Download
  >({
    initial: { name: '', email: '', company: '', jobTitle: '', consent: false },
    validate: (v) => ({
      name: checkFullName(v.name),
      email: checkEmail(v.email),
      company: checkLine(v.company, formLimits.line, true),
      jobTitle: checkLine(v.jobTitle, formLimits.line, false),
      consent: checkConsent(v.consent),
    }),
  });

  if (done) {
    return (
      <FormDone
        id={doneId}
        title={t('publication.doneTitle')}
        message={done.message || t('publication.done')}
      >
        {done.data?.downloadUrl && (
          <DownloadLink href={done.data.downloadUrl} className="mt-4 w-full sm:w-auto" />
        )}
      </FormDone>
    );
  }

  const submit = onSubmit((values, token) =>
    post<Download>(
      `/forms/publication/${encodeURIComponent(publication)}`,
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
      // Only visitors who are not signed in see this form.
      user={null}
      onSubmit={submit}
      submitLabel={t('publication.submit')}
    >
      <PersonFields form={form} company="required" jobTitle />
    </SiteFormFrame>
  );
}
