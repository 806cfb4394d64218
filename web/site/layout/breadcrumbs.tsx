import { useTranslation } from '../../shared/i18n/translation';
import { useLocalizedPath, useNavLabel } from '../pages/page-context';
import type { Breadcrumb } from '../pages/page-props';
import { ChevronEndIcon } from '../../shared/ui/icons';

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const { t } = useTranslation();
  const label = useNavLabel();
  const localize = useLocalizedPath();
  return (
    <nav aria-label={t('breadcrumbs.label')}>
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-ink-muted">
        {items.map((crumb, index) => {
          const last = index === items.length - 1;
          return (
            <li
              key={`${crumb.translationKey}-${index}`}
              className="inline-flex max-w-full items-center gap-1.5"
            >
              {last ? (
                <span aria-current="page" className="line-clamp-1 min-w-0 font-medium text-ink">
                  {crumb.translationKey ? label(crumb) : <bdi>{crumb.name}</bdi>}
                </span>
              ) : crumb.route !== undefined ? (
                <a
                  href={localize(crumb.route)}
                  className="rounded-sm underline-offset-4 hover:text-accent hover:underline"
                >
                  {label(crumb)}
                </a>
              ) : (
                <span>{label(crumb)}</span>
              )}
              {!last && <ChevronEndIcon className="size-3.5 opacity-70" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
