import type { ContentState } from '../api';
import { useT } from '../shell/lang';
import { named } from './content-labels';

const badgeTone: Record<ContentState, string> = {
  published: 'border-accent bg-accent-soft',
  scheduled: 'border-brand bg-accent-soft',
  draft: 'border-brand bg-surface',
  unpublished: 'border-danger bg-danger-soft',
  missing: 'border-line-strong bg-surface',
  'in-review': 'border-brand bg-warn-soft',
  'changes-requested': 'border-danger bg-warn-soft',
  approved: 'border-accent bg-accent-soft',
  'approved-scheduled': 'border-accent bg-accent-soft',
};

/**
 * A language's state as a small badge: "AR · Draft", and "AR · Published · Outdated" for a
 * translation the English changed under since it was published.
 */
export function StateBadge({
  locale,
  state,
  outdated = false,
}: {
  locale: string;
  state: ContentState;
  outdated?: boolean;
}) {
  const { t } = useT();
  return (
    <span
      className={`inline-flex flex-wrap items-center gap-1 rounded-full border px-2 text-sm text-ink ${
        outdated ? 'border-warn bg-warn-soft' : badgeTone[state]
      }`}
      data-locale={locale}
      data-state={state}
      data-outdated={outdated || undefined}
    >
      <abbr title={named(t, 'languageNames.', locale)} className="font-semibold no-underline">
        {locale.toUpperCase()}
      </abbr>
      <span aria-hidden="true">·</span>
      <span>{t(`content.stateNames.${state}`)}</span>
      {outdated && (
        <>
          <span aria-hidden="true">·</span>
          <span className="font-semibold">{t('content.stateNames.outdated')}</span>
        </>
      )}
    </span>
  );
}
