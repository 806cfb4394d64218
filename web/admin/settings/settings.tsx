import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminApi, type SiteSettings } from '../api';
import { Fields, cleaned } from '../content';
import { Card, NoticeBox, buttonClass, secondaryButtonClass, type Notice } from '../ui';
import { useLabels } from '../shell/lang';

/**
 * The firm's settings (names, parent company, e-mail, phone, chat link, social links, offices with
 * their addresses per language): one form generated from the shape the server checks them with,
 * saved on top of the latest save or refused with who saved meanwhile. Editors and administrators.
 */

type Json = Record<string, unknown>;

type Revision = SiteSettings['revision'];

export function SettingsSection() {
  const { t, when } = useLabels();
  const queryClient = useQueryClient();
  const { data: loaded } = useQuery({ queryKey: ['settings'], queryFn: () => adminApi.settings() });
  const data = loaded?.ok ? loaded.data : null;
  // The form starts from the settings as loaded, and keeps its own edits from there on.
  const [draft, setDraft] = useState<Json | null>(null);
  const [base, setBase] = useState<number | null>(null);
  const shownDraft = draft ?? data?.body ?? {};
  const shownBase = base ?? data?.revision?.id ?? 0;
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [said, setNotice] = useState<Notice>(null);
  const notice: Notice =
    loaded && !data ? { tone: 'error', text: loaded.message || t('common.unreachable') } : said;
  const [conflict, setConflict] = useState<{ body: Json; revision: Revision } | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async (on: number) => {
    if (!data) return;
    setBusy(true);
    const result = await adminApi.saveSettings(on, cleaned(data.fields, shownDraft));
    setBusy(false);
    setErrors(result.errors);
    if (result.ok && result.data) {
      setBase(result.data.revision.id);
      // The saved revision (who saved, when) shows at once; the settings load again behind it.
      const revision = result.data.revision;
      queryClient.setQueryData<typeof loaded>(['settings'], (old) =>
        old?.data ? { ...old, data: { ...old.data, revision } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['settings'] });
      setDirty(false);
      setConflict(null);
      setNotice({ tone: 'success', text: result.message });
      return;
    }
    if (result.status === 409) {
      const theirs = result.data as { body: Json; revision: Revision } | null;
      setConflict(theirs);
      setNotice(null);
      return;
    }
    setNotice({ tone: 'error', text: result.message || t('common.unreachable') });
  };

  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">{t('settings.title')}</h1>
      <p className="mb-6 text-ink-muted">{t('settings.lead')}</p>
      <NoticeBox notice={notice} />
      {!data && !notice && <p role="status">{t('common.loading')}</p>}
      {conflict && (
        <div
          role="alert"
          className="mb-6 rounded-lg border border-danger bg-danger-soft p-4 text-ink"
          data-conflict
        >
          <h2 className="mb-1 font-semibold">{t('content.conflict.title')}</h2>
          <p className="mb-3">
            {conflict.revision
              ? t('content.conflict.body', {
                  name: conflict.revision.author.name || t('content.someone'),
                  date: when(conflict.revision.createdAt),
                })
              : t('settings.conflict')}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                setDraft(conflict.body);
                setBase(conflict.revision?.id ?? 0);
                setDirty(false);
                setErrors({});
                setConflict(null);
                setNotice({ tone: 'success', text: t('content.loadedTheirs') });
              }}
            >
              {t('content.loadTheirs')}
            </button>
            <button
              type="button"
              className={buttonClass}
              disabled={busy}
              onClick={() => void save(conflict.revision?.id ?? 0)}
            >
              {t('content.overwrite')}
            </button>
          </div>
        </div>
      )}
      {data && (
        <Card>
          <p className="mb-4 text-sm text-ink-muted" role="status">
            {data.revision
              ? t('settings.savedBy', {
                  name: data.revision.author.name || t('content.someone'),
                  date: when(data.revision.createdAt),
                })
              : t('settings.fromSeed')}
            {dirty ? ` · ${t('content.unsaved')}` : ''}
          </p>
          <form
            noValidate
            // A fieldset is at least as wide as its content; a long link must not widen the page.
            className="[&_fieldset]:min-w-0"
            onSubmit={(e) => {
              e.preventDefault();
              void save(shownBase);
            }}
          >
            <Fields
              fields={data.fields}
              prefix=""
              value={shownDraft}
              english={undefined}
              errors={errors}
              readOnly={false}
              onChange={(next) => {
                setDraft(next);
                setDirty(true);
              }}
            />
            <button type="submit" className={buttonClass} disabled={busy}>
              {t('settings.save')}
            </button>
          </form>
        </Card>
      )}
    </div>
  );
}
