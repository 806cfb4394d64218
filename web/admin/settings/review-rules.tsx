import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi } from '../api';
import { Card, NoticeBox, buttonClass, type Notice } from '../ui';
import { useLabels } from '../shell/lang';

/**
 * The review rules, for administrators: per part of the site, the languages a second person
 * approves before they are public, and who holds the right to approve (given on the staff
 * screen).
 */
export function ReviewRulesSection() {
  const { t, label } = useLabels();
  const queryClient = useQueryClient();
  const { data: loaded } = useQuery({
    queryKey: ['review-rules'],
    queryFn: () => adminApi.reviewRules(),
  });
  const data = loaded?.ok ? loaded.data : null;
  const [draft, setDraft] = useState<Record<string, string[]> | null>(null);
  const [said, setSaid] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  if (loaded && !loaded.ok)
    return (
      <NoticeBox notice={{ tone: 'error', text: loaded.message || t('common.unreachable') }} />
    );
  if (!data) return <p role="status">{t('common.loading')}</p>;
  const rules = draft ?? data.rules;
  const toggle = (section: string, lang: string, on: boolean) => {
    const langs = rules[section] ?? [];
    setDraft({
      ...rules,
      [section]: on ? [...langs.filter((l) => l !== lang), lang] : langs.filter((l) => l !== lang),
    });
  };
  const save = async () => {
    setBusy(true);
    const result = await adminApi.saveReviewRules(rules);
    setBusy(false);
    setSaid({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
    if (result.ok) {
      setDraft(null);
      await queryClient.invalidateQueries({ queryKey: ['review-rules'] });
    }
  };
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="mb-2 text-2xl font-semibold">{t('reviewRules.title')}</h1>
        <p className="max-w-prose">{t('reviewRules.lead')}</p>
      </div>
      <Card>
        <div className="overflow-x-auto">
          <table className="w-full text-start" data-review-rules>
            <thead>
              <tr>
                <th scope="col" className="py-2 pe-4 text-start">
                  {t('reviewRules.section')}
                </th>
                {data.languages.map((l) => (
                  <th key={l} scope="col" className="px-2 py-2 text-center">
                    {label('languageNames', l)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.sections.map((sec) => (
                <tr key={sec} className="border-t border-line" data-rule={sec}>
                  <th scope="row" className="py-2 pe-4 text-start font-normal">
                    {label('reviewRules.sections', sec)}
                  </th>
                  {data.languages.map((l) => (
                    <td key={l} className="px-2 py-1 text-center">
                      <input
                        type="checkbox"
                        className="size-5"
                        aria-label={`${label('reviewRules.sections', sec)}: ${label('languageNames', l)}`}
                        checked={(rules[sec] ?? []).includes(l)}
                        onChange={(e) => toggle(sec, l, e.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button type="button" className={buttonClass} disabled={busy} onClick={() => void save()}>
            {t('reviewRules.save')}
          </button>
        </div>
        <div className="mt-3 empty:hidden" aria-live="polite">
          <NoticeBox notice={said} />
        </div>
      </Card>
      <Card>
        <h2 className="mb-2 text-lg font-semibold">{t('reviewRules.reviewers')}</h2>
        {data.reviewers.length === 0 ? (
          <p>{t('reviewRules.noReviewers')}</p>
        ) : (
          <ul className="grid list-disc gap-1 ps-6">
            {data.reviewers.map((r) => (
              <li key={r.id}>
                {r.name}:{' '}
                {r.languages.map((l) => label('languageNames', l)).join(t('common.listSeparator'))}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
