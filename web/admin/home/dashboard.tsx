import { useQuery } from '@tanstack/react-query';
import { adminApi, type InboxDashboard } from '../api';
import { Card } from '../ui';
import { useLabels } from '../shell/lang';
import { formattingLocale } from '../i18n';

type Series = InboxDashboard['series'][number];

/** The inbox's dashboard: submissions per week by form and office, open items by status. */
export function Dashboard() {
  const { t, lang, label } = useLabels();
  const { data: result } = useQuery({
    queryKey: ['inbox-dashboard'],
    queryFn: () => adminApi.inboxDashboard(),
  });
  const board = result?.ok ? result.data : null;
  const failed = result && !board ? result.message || t('common.unreachable') : '';
  if (failed) return <p role="alert">{failed}</p>;
  if (!board) return <p role="status">{t('common.loading')}</p>;

  const name = (s: Series) =>
    s.office
      ? `${label('inbox.kinds', s.kind)} · ${label('offices', s.office)}`
      : label('inbox.kinds', s.kind);
  const number = (n: number) => n.toLocaleString(formattingLocale(lang));
  const week = (iso: string) =>
    new Date(`${iso}T00:00:00Z`).toLocaleDateString(formattingLocale(lang), {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
  const busiest = Math.max(1, ...board.series.flatMap((s) => s.counts));
  const mostOpen = Math.max(1, ...board.open.map((o) => o.count));
  const last = board.weeks.length - 1;

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('dashboard.title')}</h1>
        <p className="mt-2 text-ink-muted">{t('dashboard.lead')}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <h2 className="text-xl font-semibold">{t('dashboard.perWeek')}</h2>
          <p className="mb-4 text-sm text-ink-muted">{t('dashboard.perWeekLead')}</p>
          <ul className="grid gap-4" data-weekly>
            {board.series.map((s) => (
              <li key={`${s.kind}-${s.office ?? ''}`} className="grid gap-1">
                <p className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold">{name(s)}</span>
                  <span className="text-sm text-ink-muted">
                    <span className="text-base font-semibold text-ink">{number(s.total)}</span>{' '}
                    {t('dashboard.inTwelveWeeks')}
                  </span>
                </p>
                <div
                  role="img"
                  aria-label={t('dashboard.perWeekSummary', {
                    name: name(s),
                    total: number(s.total),
                    now: number(s.counts[last] ?? 0),
                  })}
                  className="flex h-12 items-end gap-1 border-b border-line-strong"
                >
                  {s.counts.map((n, i) => (
                    <span
                      key={board.weeks[i]}
                      aria-hidden="true"
                      className={`flex-1 rounded-t-sm ${i === last ? 'bg-accent' : 'bg-brand'}`}
                      style={{ height: n === 0 ? '1px' : `${Math.max(8, (n / busiest) * 100)}%` }}
                    />
                  ))}
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-2 flex justify-between text-xs text-ink-muted" aria-hidden="true">
            <span>{week(board.weeks[0] ?? '')}</span>
            <span>{week(board.weeks[last] ?? '')}</span>
          </p>
        </Card>
        <Card>
          <h2 className="text-xl font-semibold">{t('dashboard.openByStatus')}</h2>
          <p className="mb-4 text-sm text-ink-muted">{t('dashboard.openByStatusLead')}</p>
          <ul className="grid gap-3" data-open>
            {board.open.map((o) => (
              <li
                key={o.status}
                className="grid grid-cols-[7rem_minmax(0,1fr)_auto] items-center gap-3"
              >
                <span>{label('inbox.statuses', o.status)}</span>
                <span aria-hidden="true" className="h-4 rounded-sm bg-surface">
                  <span
                    className="block h-4 rounded-sm bg-brand"
                    style={{
                      width: o.count === 0 ? '0' : `${Math.max(4, (o.count / mostOpen) * 100)}%`,
                    }}
                  />
                </span>
                <span className="font-semibold">{number(o.count)}</span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Card>
        <h2 className="mb-4 text-xl font-semibold">{t('dashboard.theNumbers')}</h2>
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={t('dashboard.perWeek')}
        >
          <table className="w-full text-sm">
            <caption className="mb-2 text-start font-semibold">{t('dashboard.perWeek')}</caption>
            <thead>
              <tr className="border-b border-line-strong">
                <th scope="col" className="p-2 text-start">
                  {t('dashboard.weekOf')}
                </th>
                {board.series.map((s) => (
                  <th key={`${s.kind}-${s.office ?? ''}`} scope="col" className="p-2 text-end">
                    {name(s)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {board.weeks.map((w, i) => (
                <tr key={w} className="border-b border-line">
                  <th scope="row" className="p-2 text-start font-normal whitespace-nowrap">
                    <time dateTime={w}>{week(w)}</time>
                  </th>
                  {board.series.map((s) => (
                    <td key={`${s.kind}-${s.office ?? ''}`} className="p-2 text-end">
                      {number(s.counts[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row" className="p-2 text-start">
                  {t('dashboard.total')}
                </th>
                {board.series.map((s) => (
                  <td key={`${s.kind}-${s.office ?? ''}`} className="p-2 text-end font-semibold">
                    {number(s.total)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
        <table className="mt-6 w-full max-w-sm text-sm">
          <caption className="mb-2 text-start font-semibold">{t('dashboard.openByStatus')}</caption>
          <thead>
            <tr className="border-b border-line-strong">
              <th scope="col" className="p-2 text-start">
                {t('inbox.status')}
              </th>
              <th scope="col" className="p-2 text-end">
                {t('dashboard.items')}
              </th>
            </tr>
          </thead>
          <tbody>
            {board.open.map((o) => (
              <tr key={o.status} className="border-b border-line">
                <th scope="row" className="p-2 text-start font-normal">
                  {label('inbox.statuses', o.status)}
                </th>
                <td className="p-2 text-end">{number(o.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  );
}
