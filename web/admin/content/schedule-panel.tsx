import { useId, useState } from 'react';
import { FieldError } from '../../shared/ui/form-controls';
import type { ContentSchedule } from '../api';
import { formattingLocale } from '../i18n';
import { inputClass, secondaryButtonClass } from '../ui';
import { useT } from '../shell/lang';
import { isolated, offsetOf, utcOffset, zonedMoment, zoneName, zones } from './time-zone';

/** A planned time as it reads in the zone it was chosen in. */
function useZonedWhen() {
  const { lang } = useT();
  return (iso: string, zone: string) =>
    new Date(iso).toLocaleString(formattingLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: zone,
    });
}

/**
 * A language's plan, or the form to make one: publish the text in the form, or take a
 * translation off, at a date and time in a time zone whose UTC offset is shown.
 */
export function SchedulePanel({
  locale,
  live,
  schedule,
  busy,
  onSchedule,
  onCancel,
}: {
  locale: string;
  live: boolean;
  schedule: ContentSchedule | null;
  busy: boolean;
  onSchedule: (action: 'publish' | 'unpublish', at: Date, zone: string) => Promise<void>;
  onCancel: () => Promise<void>;
}) {
  const { t } = useT();
  const zonedWhen = useZonedWhen();
  const id = useId();
  const [action, setAction] = useState<'publish' | 'unpublish'>('publish');
  const [local, setLocal] = useState('');
  const [zone, setZone] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [error, setError] = useState('');
  const moment = zonedMoment(local, zone);
  const offset = utcOffset(offsetOf(zone, moment ?? new Date()));
  const canUnpublish = locale !== 'en' && live;

  if (schedule) {
    const at = new Date(schedule.at);
    return (
      <section aria-labelledby={id} className="mt-6 border-t border-line pt-4" data-schedule>
        <h3 id={id} className="mb-2 font-semibold">
          {t('content.schedule.title')}
        </h3>
        <p className="mb-1">
          {t(
            schedule.action === 'publish'
              ? 'content.scheduledPublish'
              : 'content.scheduledUnpublish',
            {
              date: zonedWhen(schedule.at, schedule.timeZone),
              zone: isolated(zoneName(schedule.timeZone)),
              offset: utcOffset(offsetOf(schedule.timeZone, at)),
            },
          )}
        </p>
        {schedule.by.name && (
          <p className="mb-3 text-sm text-ink-muted">
            {t('content.scheduledBy', { name: schedule.by.name })}
          </p>
        )}
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy}
          onClick={() => void onCancel()}
        >
          {t('content.schedule.cancel')}
        </button>
      </section>
    );
  }
  return (
    <section aria-labelledby={id} className="mt-6 border-t border-line pt-4" data-schedule>
      <h3 id={id} className="mb-3 font-semibold">
        {t('content.schedule.title')}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        {canUnpublish && (
          <fieldset className="sm:col-span-2">
            <legend className="font-semibold">{t('content.schedule.action')}</legend>
            {(['publish', 'unpublish'] as const).map((a) => (
              <label key={a} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`${id}-action`}
                  value={a}
                  checked={action === a}
                  onChange={() => setAction(a)}
                />
                {t(a === 'publish' ? 'content.schedule.publish' : 'content.schedule.unpublish')}
              </label>
            ))}
          </fieldset>
        )}
        <div>
          <label htmlFor={`${id}-at`} className="block font-semibold">
            {t('content.schedule.at')}
          </label>
          <input
            id={`${id}-at`}
            type="datetime-local"
            step={1}
            className={inputClass}
            value={local}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setLocal(e.target.value);
              setError('');
            }}
          />
          <FieldError state={{ errorId: `${id}-error`, error }} />
        </div>
        <div>
          <label htmlFor={`${id}-zone`} className="block font-semibold">
            {t('content.schedule.zone')}
          </label>
          <select
            id={`${id}-zone`}
            className={inputClass}
            value={zone}
            aria-describedby={`${id}-offset`}
            onChange={(e) => setZone(e.target.value)}
          >
            {zones().map((z) => (
              <option key={z} value={z}>
                {zoneName(z)}
              </option>
            ))}
          </select>
          <p id={`${id}-offset`} className="mt-1 text-sm text-ink-muted" data-offset>
            {t('content.schedule.offset', { zone: isolated(zoneName(zone)), offset })}
          </p>
        </div>
      </div>
      <button
        type="button"
        className={`${secondaryButtonClass} mt-4`}
        disabled={busy}
        onClick={() => {
          if (!moment) {
            setError(t('content.schedule.missing'));
            return;
          }
          void onSchedule(canUnpublish ? action : 'publish', moment, zone);
        }}
      >
        {t('content.schedule.submit')}
      </button>
    </section>
  );
}
