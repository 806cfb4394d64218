import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon } from '../../shared/ui/icons';
import { useLocalizedPath } from './page-context';
import { homeContactRoute } from './home-page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <section className="page-shell flex flex-col items-start py-20 lg:py-28">
      <p className="text-sm font-semibold tracking-[0.18em] text-accent uppercase" dir="ltr">
        404
      </p>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink sm:text-4xl lg:text-5xl">
        {t('nav.notFound')}
      </h1>
      <p className="mt-5 max-w-xl text-lg text-ink-muted">{t('notFound.text')}</p>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        <a
          href={localize('/')}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand px-6 py-3 font-semibold text-on-brand transition-colors hover:bg-brand-hover"
        >
          {t('notFound.home')}
          <ArrowEndIcon />
        </a>
        <a
          href={localize(homeContactRoute)}
          className="inline-flex items-center justify-center rounded-md border border-line-strong px-6 py-3 font-semibold text-ink transition-colors hover:border-accent hover:text-accent"
        >
          {t('notFound.contact')}
        </a>
      </div>
    </section>
  );
}
