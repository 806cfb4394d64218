import { useLocalizedPath, useNavLabel, usePage } from '../pages/page-context';
import { useTranslation } from '../../shared/i18n/translation';
import { ArrowEndIcon } from '../../shared/ui/icons';

/** A way back from an item to the list it belongs to: the page before it in the breadcrumbs. */
export function BackLink() {
  const { t } = useTranslation('resources');
  const { page } = usePage();
  const label = useNavLabel();
  const localize = useLocalizedPath();
  const parent = page.breadcrumbs[page.breadcrumbs.length - 2];
  if (parent?.route === undefined) return null;
  return (
    <div className="page-shell pb-14 lg:pb-20">
      <a
        href={localize(parent.route)}
        className="group inline-flex items-center gap-2 font-semibold text-accent hover:underline"
      >
        <ArrowEndIcon className="size-4 rotate-180 transition-transform group-hover:-translate-x-1 rtl:group-hover:translate-x-1" />
        {t('item.backTo', { page: label(parent) })}
      </a>
    </div>
  );
}
