import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { adminApi, type WorkItem } from '../api';
import { answer } from '../query-result';
import { Card, NoticeBox } from '../ui';
import { useLabels } from '../shell/lang';
import { Link } from '../shell/navigation';

// The home screen's work follows the day: asked again every minute while the tab is visible.
const every = 60_000;

const linkClass = 'underline underline-offset-4';

/** One heading of the work: a titled card. */
function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby={id} className="grid gap-3">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {children}
      </section>
    </Card>
  );
}

/**
 * What waits for the signed-in staff member: new and assigned leads, what is outdated or missing
 * in their languages, their drafts and what is scheduled today, each a link to the filtered list
 * or to the item. Nothing for a role that has none of it.
 */
export function WorkPanel() {
  const { t, label, when } = useLabels();
  const { data, error } = useQuery({
    queryKey: ['work'],
    queryFn: () => answer(adminApi.work()),
    refetchInterval: every,
    refetchOnWindowFocus: true,
  });
  if (error)
    return <NoticeBox notice={{ tone: 'error', text: error.message || t('common.unreachable') }} />;
  if (!data) return <p role="status">{t('common.loading')}</p>;
  if (!data.inbox && !data.content) return null;
  const item = (it: WorkItem) => (
    <Link to={it.link} className={linkClass}>
      <bdi>
        {t('work.itemIn', {
          item: it.title || it.slug || t('work.untitled'),
          language: label('languageNames', it.locale),
        })}
      </bdi>
    </Link>
  );
  const content = data.content;
  return (
    <section aria-labelledby="work-title" className="grid gap-4" data-work>
      <h2 id="work-title" className="text-xl font-semibold">
        {t('work.title')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {data.inbox && (
          <Part id="work-leads" title={t('work.leads')}>
            <ul className="grid gap-2">
              <li>
                <Link to={data.inbox.newLink} className={linkClass}>
                  {t('work.newLeads', { count: data.inbox.new })}
                </Link>
              </li>
              <li>
                <Link to={data.inbox.assignedLink} className={linkClass}>
                  {t('work.assignedLeads', { count: data.inbox.assigned })}
                </Link>
              </li>
            </ul>
          </Part>
        )}
        {content && content.languages.length > 0 && (
          <Part id="work-translations" title={t('work.translations')}>
            {content.languages.map((l) => (
              <div key={l.locale} className="grid gap-2" data-work-language={l.locale}>
                <h4 className="font-semibold">{label('languageNames', l.locale)}</h4>
                <ul className="flex flex-wrap gap-x-6 gap-y-2">
                  <li>
                    <Link to={l.outdatedLink} className={linkClass}>
                      {t('work.outdated', { count: l.outdated })}
                    </Link>
                  </li>
                  <li>
                    <Link to={l.missingLink} className={linkClass}>
                      {t('work.missing', { count: l.missing })}
                    </Link>
                  </li>
                </ul>
                {l.outdatedList.length > 0 && (
                  <ul
                    className="grid list-disc gap-1 ps-6"
                    aria-label={t('work.outdated', { count: l.outdated })}
                  >
                    {l.outdatedList.map((it) => (
                      <li key={`${it.collection}/${it.slug}`}>{item(it)}</li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </Part>
        )}
        {content && (
          <Part id="work-drafts" title={t('work.drafts')}>
            {content.draftCount === 0 ? (
              <p className="text-ink-muted">{t('work.noDrafts')}</p>
            ) : (
              <>
                <Link to={content.draftsLink} className={linkClass}>
                  {t('work.draftCount', { count: content.draftCount })}
                </Link>
                <ul className="grid list-disc gap-1 ps-6">
                  {content.drafts.map((it) => (
                    <li key={`${it.collection}/${it.slug}/${it.locale}`}>{item(it)}</li>
                  ))}
                </ul>
              </>
            )}
          </Part>
        )}
        {content && (
          <Part id="work-reviews" title={t('work.reviews')}>
            {content.reviewCount === 0 ? (
              <p className="text-ink-muted">{t('work.noReviews')}</p>
            ) : (
              <>
                <Link to={content.reviewsLink} className={linkClass}>
                  {t('work.reviewCount', { count: content.reviewCount })}
                </Link>
                <ul className="grid list-disc gap-1 ps-6" data-work-reviews>
                  {content.reviews.map((it) => (
                    <li key={`${it.collection}/${it.slug}/${it.locale}`}>{item(it)}</li>
                  ))}
                </ul>
              </>
            )}
          </Part>
        )}
        {content && (
          <Part id="work-today" title={t('work.today')}>
            {content.today.length === 0 ? (
              <p className="text-ink-muted">{t('work.noneToday')}</p>
            ) : (
              <ul className="grid gap-2">
                {content.today.map((it) => (
                  <li key={`${it.collection}/${it.slug}/${it.locale}`}>
                    <span className="me-2">
                      {t('work.scheduled', {
                        time: when(it.at),
                        action: label('work.actions', it.action ?? ''),
                      })}
                    </span>
                    {item(it)}
                  </li>
                ))}
              </ul>
            )}
          </Part>
        )}
      </div>
    </section>
  );
}
