import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, type NoticeDelivery, type NoticeKind, type NoticeSettings } from '../api';
import { zoneName, zones } from '../content';
import { answer } from '../query-result';
import { Card, NoticeBox, buttonClass, inputClass, type Notice } from '../ui';
import { useT } from '../shell/lang';
import { Link } from '../shell/navigation';
import { noticeKeys } from './queries';

const deliveries: NoticeDelivery[] = ['now', 'digest', 'off'];
const hours = Array.from({ length: 24 }, (_, h) => h);

/** The staff member's choice, per kind of notification, of how it is e-mailed, and when the digest comes. */
export function NotificationSettings() {
  const { t } = useT();
  const { data, error } = useQuery({
    queryKey: noticeKeys.settings,
    queryFn: () => answer(adminApi.noticeSettings()),
  });
  return (
    <Card>
      <h1 className="mb-2 text-2xl font-semibold">{t('notifications.settings.title')}</h1>
      <p className="mb-4 text-ink-muted">{t('notifications.settings.intro')}</p>
      {error && (
        <NoticeBox notice={{ tone: 'error', text: error.message || t('common.unreachable') }} />
      )}
      {!data && !error && <p>{t('common.loading')}</p>}
      {data && <SettingsForm settings={data} />}
      <p className="mt-6">
        <Link to="/admin/notifications" className="underline underline-offset-4">
          {t('notifications.settings.back')}
        </Link>
      </p>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: NoticeSettings }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState(settings.deliveries);
  const [hour, setHour] = useState(settings.digestHour);
  const [zone, setZone] = useState(settings.timeZone);
  const [notice, setNotice] = useState<Notice>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const choose = (kind: NoticeKind, d: NoticeDelivery) => setChosen({ ...chosen, [kind]: d });
  const save = async () => {
    setBusy(true);
    const result = await adminApi.saveNoticeSettings({
      deliveries: chosen,
      digestHour: hour,
      timeZone: zone,
    });
    setBusy(false);
    setErrors(result.errors);
    setNotice({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
    if (result.ok && result.data) queryClient.setQueryData(noticeKeys.settings, result.data);
  };

  return (
    <form
      className="grid gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {settings.kinds.map((kind) => (
        <fieldset key={kind} className="grid gap-2" data-kind={kind}>
          <legend className="mb-1 font-semibold">
            {t(`notifications.settings.kinds.${kind}`)}
          </legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {deliveries.map((d) => (
              <label key={d} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name={`delivery-${kind}`}
                  value={d}
                  checked={chosen[kind] === d}
                  onChange={() => choose(kind, d)}
                  className="size-5 accent-accent"
                />
                {t(`notifications.settings.deliveries.${d}`)}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      {errors.deliveries && <p className="text-danger">{errors.deliveries}</p>}
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">{t('notifications.settings.digest')}</legend>
        <div>
          <label htmlFor="digest-hour" className="block">
            {t('notifications.settings.hour')}
          </label>
          <select
            id="digest-hour"
            className={inputClass}
            value={hour}
            aria-invalid={Boolean(errors.digestHour)}
            onChange={(e) => setHour(Number(e.target.value))}
          >
            {hours.map((h) => (
              <option key={h} value={h}>
                {`${String(h).padStart(2, '0')}:00`}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="digest-zone" className="block">
            {t('notifications.settings.zone')}
          </label>
          <select
            id="digest-zone"
            className={inputClass}
            value={zone}
            aria-invalid={Boolean(errors.timeZone)}
            onChange={(e) => setZone(e.target.value)}
          >
            {zones().map((z) => (
              <option key={z} value={z}>
                {zoneName(z)}
              </option>
            ))}
          </select>
          {errors.timeZone && <p className="text-danger">{errors.timeZone}</p>}
        </div>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass} disabled={busy}>
          {t('notifications.settings.save')}
        </button>
        <div aria-live="polite">
          <NoticeBox notice={notice} />
        </div>
      </div>
    </form>
  );
}
