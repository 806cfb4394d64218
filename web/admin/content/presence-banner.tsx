import { useEffect, useId, useRef, useState } from 'react';
import type { PresentEditor } from '../api';
import { buttonClass, dangerButtonClass, secondaryButtonClass } from '../ui';
import { useLabels, useT } from '../shell/lang';
import { named } from './content-labels';
import { byPerson, initials, presenceBanner, type usePresence } from './presence';

/** What a marker says of one other editor: who, in which language, and whether they have unsaved changes. */
export function usePresentLabel() {
  const { t } = useT();
  return (e: PresentEditor) =>
    t(e.dirty ? 'presence.editingDirty' : e.away ? 'presence.editingAway' : 'presence.editing', {
      name: e.staff.name || t('content.someone'),
      language: named(t, 'languageNames.', e.locale),
    });
}

/** The others who have an item open, as small initials: a list row's marker. */
export function PresenceMarkers({ editors }: { editors: PresentEditor[] }) {
  const label = usePresentLabel();
  if (editors.length === 0) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-presence>
      {byPerson(editors).map((e) => (
        <span
          key={e.staff.id}
          role="img"
          aria-label={label(e)}
          title={label(e)}
          data-present={e.staff.name}
          data-dirty={e.dirty || undefined}
          className={`relative inline-flex size-8 items-center justify-center rounded-full border-2 text-xs font-semibold text-ink ${
            e.dirty ? 'border-warn bg-warn-soft' : 'border-line-strong bg-surface'
          }`}
        >
          <span aria-hidden="true">{initials(e.staff.name)}</span>
          {e.dirty && (
            <span
              aria-hidden="true"
              className="absolute -end-0.5 -top-0.5 size-2.5 rounded-full border border-raised bg-warn"
            />
          )}
        </span>
      ))}
    </span>
  );
}

/**
 * The editor's word about the others: who else has this language (or another of the item) open
 * and whether they have unsaved changes, with Take over (asked first) when they have; or, when
 * someone took the language over from this editor, that the form keeps its changes.
 */
export function PresenceNotice({
  presence: { presence, takeOver },
  locale,
  canWrite,
  dirty,
  onTookOver,
}: {
  presence: ReturnType<typeof usePresence>;
  locale: string;
  canWrite: boolean;
  dirty: boolean;
  onTookOver: (ok: boolean, message: string) => void;
}) {
  const { t, when } = useLabels();
  const label = usePresentLabel();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const banner = presenceBanner(presence, locale, canWrite);
  if (banner.kind === 'none') return null;
  if (banner.kind === 'taken') {
    const name = banner.by || t('content.someone');
    return (
      <div
        role="alert"
        className="mb-3 rounded-lg border border-warn bg-warn-soft p-3 text-ink"
        data-presence-banner="taken"
      >
        <p className="font-semibold">
          {banner.at
            ? t('presence.tookOverAt', { name, time: when(banner.at) })
            : t('presence.tookOver', { name })}
        </p>
        <p className="text-sm">
          {dirty ? t('presence.keptDirty', { name }) : t('presence.keptClean', { name })}
        </p>
      </div>
    );
  }
  const people = byPerson(banner.here);
  const dirtyPeople = byPerson(banner.dirty);
  const names = (list: PresentEditor[]) =>
    list.map((e) => e.staff.name || t('content.someone')).join(', ');
  return (
    <div
      role="status"
      className={`mb-3 flex flex-wrap items-center gap-3 rounded-lg border p-3 text-ink ${
        dirtyPeople.length > 0 ? 'border-warn bg-warn-soft' : 'border-line bg-surface'
      }`}
      data-presence-banner="others"
    >
      <PresenceMarkers editors={[...banner.here, ...banner.elsewhere]} />
      <div className="min-w-0 grow text-sm">
        {dirtyPeople.length > 0 && (
          <p className="font-semibold">
            {t(dirtyPeople.length === 1 ? 'presence.hasUnsavedOne' : 'presence.hasUnsavedMany', {
              names: names(dirtyPeople),
            })}
          </p>
        )}
        {people.length > dirtyPeople.length && (
          <p>
            {t(
              people.length - dirtyPeople.length === 1
                ? 'presence.alsoHereOne'
                : 'presence.alsoHereMany',
              {
                names: names(people.filter((p) => !p.dirty)),
              },
            )}
          </p>
        )}
        {banner.elsewhere.length > 0 && (
          <p className="text-ink-muted">{byPerson(banner.elsewhere).map(label).join(' · ')}</p>
        )}
      </div>
      {banner.canTakeOver && (
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={busy}
          onClick={() => setAsking(true)}
        >
          {t('presence.takeOver')}
        </button>
      )}
      {asking && (
        <TakeOverDialog
          names={names(dirtyPeople)}
          onKeep={() => setAsking(false)}
          onTake={() => {
            setAsking(false);
            setBusy(true);
            void takeOver().then(({ ok, message }) => {
              setBusy(false);
              onTookOver(ok, message);
            });
          }}
        />
      )}
    </div>
  );
}

/** Asks before taking a language over: a modal dialog whose first button, focused, leaves it. */
function TakeOverDialog({
  names,
  onKeep,
  onTake,
}: {
  names: string;
  onKeep: () => void;
  onTake: () => void;
}) {
  const { t } = useT();
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-card border border-line bg-raised p-5 text-ink backdrop:bg-black/60"
      onCancel={(event) => {
        event.preventDefault();
        onKeep();
      }}
      data-take-over-dialog
    >
      <h2 id={`${id}-title`} className="mb-2 text-xl font-semibold">
        {t('presence.confirmTitle')}
      </h2>
      <p id={`${id}-body`} className="mb-4">
        {t('presence.confirmBody', { names })}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClass} autoFocus onClick={onKeep}>
          {t('presence.confirmKeep')}
        </button>
        <button type="button" className={dangerButtonClass} onClick={onTake}>
          {t('presence.confirmTake')}
        </button>
      </div>
    </dialog>
  );
}
