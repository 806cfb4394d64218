import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi, exportAnalytics, saveFile, type Session } from '../api';
import { formattingLocale } from '../i18n';
import { answer, refusedErrors } from '../query-result';
import { useLabels } from '../shell/lang';
import {
  Card,
  DateRange,
  Field,
  NoticeBox,
  buttonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';
import { FigureTable } from './figure-table';
import { WeekChart, WeekChartKey } from './week-chart';

/** Whether a staff member may read the marketing figures. */
export const mayReadAnalytics = (session: Session) => session.permissions.includes('analytics');

const languages = ['en', 'nl', 'fr', 'ar'];

type Filter = { from: string; to: string; language: string };

const queryOf = (f: Filter) => {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(f)) if (value) q.set(key, value);
  return q.toString();
};

/**
 * The marketing figures: visitors and page views by week, top pages per language, sources and
 * campaigns, conversion of the service and standard pages, and the site search's words, for a
 * range of days (the last twelve weeks unless chosen) and a language.
 */
export function Analytics() {
  const { t, lang, label, day } = useLabels();
  const [typed, setTyped] = useState<Filter>({ from: '', to: '', language: '' });
  const [applied, setApplied] = useState<Filter>(typed);
  const [notice, setNotice] = useState<Notice | null>(null);
  const query = queryOf(applied);
  const { data, error, isFetching } = useQuery({
    queryKey: ['analytics', query],
    queryFn: () => answer(adminApi.analytics(query)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const errors = refusedErrors(error);
  const number = (n: number) => n.toLocaleString(formattingLocale(lang));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setApplied(typed);
  };
  const download = async () => {
    const result = await exportAnalytics(queryOf(typed));
    if (result.ok && result.data) {
      const url = URL.createObjectURL(result.data);
      saveFile(url, 'analytics.csv');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setNotice({ tone: 'success', text: t('analytics.exportStarted') });
    } else setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };

  const views = data ? data.weeks.reduce((sum, w) => sum + w.views, 0) : 0;
  const visitors = data ? data.weeks.reduce((sum, w) => sum + w.visitors, 0) : 0;
  const share = (n: number, of: number[]) => n / Math.max(1, ...of);

  return (
    <div className="grid min-w-0 gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('analytics.title')}</h1>
        <p className="mt-2 max-w-3xl text-ink-muted">{t('analytics.lead')}</p>
      </div>
      <Card className="min-w-0">
        <form
          onSubmit={apply}
          className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[repeat(3,minmax(0,12rem))_auto_auto]"
          aria-label={t('analytics.filters')}
        >
          <DateRange
            from={typed.from}
            to={typed.to}
            errors={errors}
            onChange={(range) => setTyped({ ...typed, ...range })}
          />
          <Field label={t('analytics.language')} error={errors.language}>
            {(props) => (
              <select
                {...props}
                name="language"
                className={inputClass}
                value={typed.language}
                onChange={(event) => setTyped({ ...typed, language: event.target.value })}
              >
                <option value="">{t('analytics.anyLanguage')}</option>
                {languages.map((l) => (
                  <option key={l} value={l}>
                    {label('languageNames', l)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className={buttonClass}>
            {t('analytics.show')}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => void download()}>
            {t('analytics.exportCsv')}
          </button>
        </form>
        {notice && <NoticeBox notice={notice} />}
      </Card>
      {error && Object.keys(errors).length === 0 && (
        <p role="alert">{error.message || t('common.unreachable')}</p>
      )}
      {!data && !error && <p role="status">{t('common.loading')}</p>}
      {data && (
        <div className="grid gap-6" aria-busy={isFetching}>
          <Card className="min-w-0">
            <h2 className="text-xl font-semibold">{t('analytics.perWeek')}</h2>
            <p className="mb-4 text-sm text-ink-muted">{t('analytics.perWeekLead')}</p>
            <WeekChart
              weeks={data.weeks}
              summary={t('analytics.chartSummary', {
                views: number(views),
                visitors: number(visitors),
                from: day(data.from),
                to: day(data.to),
              })}
            />
            <WeekChartKey views={t('analytics.views')} visitors={t('analytics.visitors')} />
            <div className="mt-4">
              <FigureTable
                name="weeks"
                caption={t('analytics.theNumbers')}
                empty={t('analytics.none')}
                columns={[
                  { head: t('analytics.weekOf') },
                  { head: t('analytics.views'), numeric: true },
                  { head: t('analytics.visitors'), numeric: true },
                ]}
                rows={data.weeks.map((w) => ({
                  key: w.week,
                  cells: [
                    <time dateTime={w.week}>{day(w.week)}</time>,
                    number(w.views),
                    number(w.visitors),
                  ],
                }))}
              />
            </div>
          </Card>
          <Card className="min-w-0">
            <FigureTable
              name="pages"
              caption={t('analytics.topPages')}
              empty={t('analytics.none')}
              columns={[
                { head: t('analytics.page') },
                { head: t('analytics.language') },
                { head: t('analytics.views'), numeric: true },
              ]}
              rows={data.pages.map((p) => ({
                key: `${p.language}${p.path}`,
                cells: [
                  <>
                    <span className="block">{p.name || p.path}</span>
                    {p.name && (
                      <span className="block text-xs break-all text-ink-muted" dir="ltr">
                        {p.path}
                      </span>
                    )}
                  </>,
                  label('languageNames', p.language),
                  number(p.views),
                ],
                bar: share(
                  p.views,
                  data.pages.filter((q) => q.language === p.language).map((q) => q.views),
                ),
              }))}
            />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="min-w-0">
              <p className="mb-2 text-sm text-ink-muted">{t('analytics.sourcesLead')}</p>
              <FigureTable
                name="referrers"
                caption={t('analytics.sources')}
                empty={t('analytics.none')}
                columns={[
                  { head: t('analytics.referrer') },
                  { head: t('analytics.views'), numeric: true },
                ]}
                rows={data.referrers.map((r) => ({
                  key: r.domain,
                  cells: [<span dir="ltr">{r.domain}</span>, number(r.views)],
                  bar: share(
                    r.views,
                    data.referrers.map((q) => q.views),
                  ),
                }))}
              />
            </Card>
            <Card className="min-w-0">
              <p className="mb-2 text-sm text-ink-muted">{t('analytics.campaignsLead')}</p>
              <FigureTable
                name="campaigns"
                caption={t('analytics.campaigns')}
                empty={t('analytics.none')}
                columns={[
                  { head: t('analytics.campaign') },
                  { head: t('analytics.source') },
                  { head: t('analytics.medium') },
                  { head: t('analytics.views'), numeric: true },
                ]}
                rows={data.campaigns.map((c) => ({
                  key: `${c.source}/${c.medium}/${c.campaign}`,
                  cells: [
                    <span dir="ltr">{c.campaign || '—'}</span>,
                    <span dir="ltr">{c.source || '—'}</span>,
                    <span dir="ltr">{c.medium || '—'}</span>,
                    number(c.views),
                  ],
                  bar: share(
                    c.views,
                    data.campaigns.map((q) => q.views),
                  ),
                }))}
              />
            </Card>
          </div>
          <Card className="min-w-0">
            <p className="mb-2 text-sm text-ink-muted">{t('analytics.conversionLead')}</p>
            <FigureTable
              name="conversion"
              caption={t('analytics.conversion')}
              empty={t('analytics.none')}
              columns={[
                { head: t('analytics.page') },
                { head: t('analytics.views'), numeric: true },
                { head: t('analytics.proposalsStarted'), numeric: true },
                { head: t('analytics.proposalsSent'), numeric: true },
                { head: t('analytics.enquiriesStarted'), numeric: true },
                { head: t('analytics.enquiriesSent'), numeric: true },
              ]}
              rows={data.conversion
                .filter(
                  (c) =>
                    c.views +
                      c.proposalsStarted +
                      c.proposalsSent +
                      c.enquiriesStarted +
                      c.enquiriesSent >
                    0,
                )
                .map((c) => ({
                  key: c.path,
                  cells: [
                    <>
                      <span className="block">{c.name}</span>
                      <span className="block text-xs break-all text-ink-muted" dir="ltr">
                        {c.path}
                      </span>
                    </>,
                    number(c.views),
                    number(c.proposalsStarted),
                    number(c.proposalsSent),
                    number(c.enquiriesStarted),
                    number(c.enquiriesSent),
                  ],
                }))}
            />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            {(['searches', 'misses'] as const).map((list) => (
              <Card key={list} className="min-w-0">
                <FigureTable
                  name={list}
                  caption={t(`analytics.${list}`)}
                  empty={t('analytics.none')}
                  columns={[
                    { head: t('analytics.words') },
                    { head: t('analytics.language') },
                    { head: t('analytics.searchCount'), numeric: true },
                    { head: t('analytics.missCount'), numeric: true },
                  ]}
                  rows={data[list].map((s) => ({
                    key: `${s.language}/${s.words}`,
                    cells: [
                      <span lang={s.language}>{s.words}</span>,
                      label('languageNames', s.language),
                      number(s.searches),
                      number(s.misses),
                    ],
                  }))}
                />
              </Card>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
