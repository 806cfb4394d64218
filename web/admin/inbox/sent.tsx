import type { ReactNode } from 'react';
import { adminApi, saveFile, type InboxDetail } from '../api';
import type { useStepUp } from '../account/step-up';
import { Card, buttonClass, type Notice } from '../ui';
import { useLabels } from '../shell/lang';
import { ErasedOn, targetText } from './parts';

// The order the submitted fields are shown in; others follow.
const fieldOrder = [
  'name',
  'email',
  'phone',
  'company',
  'jobTitle',
  'country',
  'companySize',
  'timeline',
  'services',
  'preferredStart',
  'linkedin',
  'subject',
  'message',
  'coverLetter',
  'cvFileName',
];

// Fields written left to right whatever the page's direction: addresses, numbers, dates.
const leftToRight = new Set(['email', 'phone', 'linkedin', 'preferredStart']);

/** A submitted value: a list as a list, a text as written. */
function Value({ value, ltr }: { value: unknown; ltr: boolean }): ReactNode {
  if (Array.isArray(value)) {
    return (
      <ul className="list-inside list-disc">
        {value.map((v, i) => (
          <li key={i}>
            <bdi>{String(v)}</bdi>
          </li>
        ))}
      </ul>
    );
  }
  const text = String(value ?? '');
  return (
    <bdi className="whitespace-pre-line" dir={ltr ? 'ltr' : undefined}>
      {text}
    </bdi>
  );
}

/**
 * What the visitor sent, as sent: when, for what, in which language, each field in a set order,
 * and an application's CV, downloaded after the second factor again when the server asks.
 */
/** The fields whose values are codes of a list of choices, and where their labels are. */
const choiceLabels: Record<string, string> = {
  companySize: 'choices.companySizes',
  timeline: 'choices.timelines',
};

export function SentCard({
  detail,
  run,
  onNotice,
}: {
  detail: InboxDetail;
  run: ReturnType<typeof useStepUp>['run'];
  onNotice: (notice: Notice) => void;
}) {
  const { t, label, when } = useLabels();
  const { item } = detail;
  const fields = Object.entries(detail.fields)
    .filter(([, v]) => v !== '' && v !== null && !(Array.isArray(v) && v.length === 0))
    .sort(([a], [b]) => {
      const ia = fieldOrder.indexOf(a);
      const ib = fieldOrder.indexOf(b);
      return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib);
    });
  return (
    <Card>
      <h2 className="text-xl font-semibold">{t('inbox.sent')}</h2>
      {!item.erasedAt && <p className="mb-4 text-sm text-ink-muted">{t('inbox.readOnly')}</p>}
      <ErasedOn
        item={item}
        className="mb-4 rounded-lg border border-line-strong bg-surface px-3 py-2"
      />
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]" data-fields>
        <dt className="text-ink-muted">{t('inbox.received')}</dt>
        <dd>
          <time dateTime={item.createdAt}>{when(item.createdAt)}</time>
        </dd>
        {item.target && (
          <>
            <dt className="text-ink-muted">{label('inbox.targets', item.kind)}</dt>
            <dd>{targetText(label, item)}</dd>
          </>
        )}
        <dt className="text-ink-muted">{t('inbox.submissionLanguage')}</dt>
        <dd>{label('languageNames', item.locale)}</dd>
        {fields.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="text-ink-muted">{label('inbox.fields', key)}</dt>
            <dd className="break-words">
              <Value
                value={
                  key === 'services' && Array.isArray(value)
                    ? value.map((route) => detail.pageNames?.[String(route)] ?? route)
                    : choiceLabels[key] && typeof value === 'string'
                      ? label(choiceLabels[key], value)
                      : value
                }
                ltr={leftToRight.has(key)}
              />
            </dd>
          </div>
        ))}
      </dl>
      {item.kind === 'application' && (
        <div className="mt-6 border-t border-line pt-4">
          <h3 className="mb-2 text-lg font-semibold">{t('inbox.cv')}</h3>
          {detail.cv === 'deleted' && (
            <p>
              {item.erasedAt
                ? t('privacy.erasedOn', { date: when(item.erasedAt) })
                : t('inbox.cvDeleted')}
            </p>
          )}
          {detail.canOpenCV && (
            <>
              <p className="mb-3 text-sm text-ink-muted">{t('inbox.cvHint')}</p>
              <button
                type="button"
                className={buttonClass}
                onClick={() =>
                  void run(
                    () => adminApi.cvLink(item.id),
                    (result) => {
                      if (result.ok && result.data) {
                        saveFile(result.data.url, '');
                        onNotice({ tone: 'success', text: t('inbox.cvStarted') });
                      } else
                        onNotice({
                          tone: 'error',
                          text: result.message || t('common.unreachable'),
                        });
                    },
                  )
                }
              >
                {t('inbox.openCv')}
              </button>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
