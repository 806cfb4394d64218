import { useId, useState } from 'react';
import type { ContentLanguage, FieldSpec } from '../api';
import { buttonClass, inputClass, secondaryButtonClass } from '../ui';
import { useLabels } from '../shell/lang';
import { BodyDiff } from './version-diff';
import { zonedMoment } from './time-zone';

type Json = Record<string, unknown>;

/**
 * Review before publishing, for a language a rule asks a second person to check: the author
 * sends the text for review with a note; a reviewer who may approve this language (and did not
 * send or write it) sees it against what is live, word by word, and approves it (at once, at a
 * time they choose, or at the time the author planned) or sends it back with a comment.
 */
export function ReviewPanel({
  lang,
  locale,
  fields,
  me,
  canWrite,
  busy,
  onSend,
  onDecide,
}: {
  lang: ContentLanguage;
  locale: string;
  fields: FieldSpec[];
  me: string;
  canWrite: boolean;
  busy: boolean;
  onSend: (note: string) => Promise<boolean>;
  onDecide: (
    decision: 'approve' | 'changes',
    version: number,
    comment: string,
    at?: Date,
    zone?: string,
  ) => Promise<boolean>;
}) {
  const { t, when } = useLabels();
  const id = useId();
  const [note, setNote] = useState('');
  const [comment, setComment] = useState('');
  const [later, setLater] = useState('');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  if (!lang.reviewRequired) return null;
  const review = lang.review;
  const waiting = review?.state === 'in-review';
  const own = review && (review.sentBy.id === me || lang.latest?.author.id === me);
  const mayDecide = waiting && lang.mayApprove && !own;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return (
    <section
      id="review"
      aria-labelledby={id}
      className="mb-6 scroll-mt-4 rounded-lg border border-brand bg-surface p-4 text-ink"
      data-review-panel
      data-review-state={review?.state ?? 'none'}
    >
      <h2 id={id} className="mb-1 text-lg font-semibold">
        {t('review.title')}
      </h2>
      <p className="mb-3">{t('review.lead')}</p>
      {review && (
        <div className="mb-3 grid gap-1" data-review-current>
          <p className="font-semibold">{t(`review.states.${review.state}`)}</p>
          <p>
            {t('review.sentBy', { name: review.sentBy.name || t('content.someone') })}
            {review.note && (
              <>
                {': '}
                <q>{review.note}</q>
              </>
            )}
          </p>
          {review.reviewedBy && (
            <p data-review-comment>
              {t('review.decidedBy', {
                name: review.reviewedBy.name || t('content.someone'),
                time: when(review.at),
              })}
              {review.comment && (
                <>
                  {': '}
                  <q>{review.comment}</q>
                </>
              )}
            </p>
          )}
        </div>
      )}
      {canWrite && !waiting && (
        <div className="grid gap-2">
          <label htmlFor={`${id}-note`} className="font-semibold">
            {t('review.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className={inputClass}
            rows={2}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <div>
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => void onSend(note).then((ok) => ok && setNote(''))}
            >
              {t('review.send')}
            </button>
          </div>
        </div>
      )}
      {waiting && own && <p>{t('review.waitingOwn')}</p>}
      {waiting && !own && !lang.mayApprove && <p>{t('review.waiting')}</p>}
      {mayDecide && review && (
        <div className="grid gap-3" data-review-decision>
          <h3 className="font-semibold">{t('review.changes')}</h3>
          <BodyDiff
            before={lang.live as Json | null}
            after={(lang.latest?.body ?? null) as Json | null}
            fields={fields}
            lang={locale}
            dir={dir}
          />
          <label htmlFor={`${id}-comment`} className="font-semibold">
            {t('review.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            className={inputClass}
            rows={2}
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <label htmlFor={`${id}-at`} className="font-semibold">
            {t('review.at')}
          </label>
          <p id={`${id}-at-hint`} className="text-sm text-ink-muted">
            {lang.schedule
              ? t('review.atPlanned', { time: when(lang.schedule.at) })
              : t('review.atHint')}
          </p>
          <input
            id={`${id}-at`}
            type="datetime-local"
            className={`${inputClass} max-w-xs`}
            aria-describedby={`${id}-at-hint`}
            value={later}
            onChange={(e) => setLater(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => {
                const at = later ? (zonedMoment(later, zone) ?? undefined) : undefined;
                void onDecide('approve', review.version, comment, at, at ? zone : undefined).then(
                  (ok) => ok && setComment(''),
                );
              }}
            >
              {t('review.approve')}
            </button>
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() =>
                void onDecide('changes', review.version, comment).then((ok) => ok && setComment(''))
              }
            >
              {t('review.askChanges')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
