import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { adminApi, type InboxDetail, type InboxNote } from '../api';
import { Card, Field, buttonClass, inputClass, secondaryButtonClass, type Notice } from '../ui';
import { useLabels } from '../shell/lang';
import { NoteList } from './notes';
import { inboxKeys } from './queries';

/**
 * A submission's follow-up: its status and assignee, internal notes, and replies to the sender
 * by e-mail. Each save marks the submission, the lists and the count as changed.
 */
export function FollowUp({
  detail,
  onNotice,
}: {
  detail: InboxDetail;
  onNotice: (notice: Notice) => void;
}) {
  const { t, label } = useLabels();
  const queryClient = useQueryClient();
  const { item } = detail;
  // The status and assignee chosen; until one is chosen, the submission's own.
  const [status, setStatus] = useState<string | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [reply, setReply] = useState('');
  const [replyErrors, setReplyErrors] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const noteField = useRef<HTMLTextAreaElement>(null);
  const replyField = useRef<HTMLTextAreaElement>(null);

  const changed = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });

  /** Shows a note or reply just written at once, while the submission loads again. */
  const added = (written: InboxNote) => {
    queryClient.setQueryData<InboxDetail>(inboxKeys.item(String(item.id)), (shown) =>
      shown ? { ...shown, notes: [...shown.notes, written] } : shown,
    );
    changed();
  };

  const saveWork = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    let message = '';
    let saved = false;
    const fail = (result: { errors: Record<string, string>; message: string }) => {
      setErrors(result.errors);
      onNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      if (saved) changed();
      setBusy(false);
    };
    if (status !== null && status !== item.status) {
      const result = await adminApi.setStatus(item.id, status);
      if (!result.ok) return fail(result);
      saved = true;
      message = result.message;
    }
    if (assignee !== null && assignee !== item.assignee) {
      const result = await adminApi.setAssignee(item.id, assignee);
      if (!result.ok) return fail(result);
      saved = true;
      message = message ? `${message} ${result.message}` : result.message;
    }
    if (message) onNotice({ tone: 'success', text: message });
    changed();
    setBusy(false);
  };

  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi.addNote(item.id, note);
    setErrors(result.errors);
    if (result.ok && result.data) {
      added(result.data);
      setNote('');
      onNotice({ tone: 'success', text: result.message });
    } else {
      onNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      noteField.current?.focus();
    }
    setBusy(false);
  };

  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi.reply(item.id, reply);
    setReplyErrors(result.errors);
    if (result.ok && result.data) {
      added(result.data);
      setReply('');
      onNotice({ tone: 'success', text: result.message });
    } else {
      onNotice({ tone: 'error', text: result.message || t('common.unreachable') });
      replyField.current?.focus();
    }
    setBusy(false);
  };

  const notes = detail.notes.filter((n) => n.kind !== 'reply');
  const replies = detail.notes.filter((n) => n.kind === 'reply');
  const replyTo = typeof detail.fields.email === 'string' ? detail.fields.email : '';

  return (
    <div className="grid content-start gap-6">
      <Card>
        <h2 className="mb-4 text-xl font-semibold">{t('inbox.followUp')}</h2>
        <form onSubmit={saveWork} noValidate>
          <Field label={t('inbox.status')} error={errors.status}>
            {(props) => (
              <select
                {...props}
                name="status"
                className={inputClass}
                value={status ?? item.status}
                onChange={(event) => setStatus(event.target.value)}
              >
                {detail.statuses.map((s) => (
                  <option key={s} value={s}>
                    {label('inbox.statuses', s)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('inbox.assignee')} error={errors.assignee}>
            {(props) => (
              <select
                {...props}
                name="assignee"
                className={inputClass}
                value={assignee ?? item.assignee}
                onChange={(event) => setAssignee(event.target.value)}
              >
                <option value="">{t('inbox.nobody')}</option>
                {detail.staff.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className={buttonClass} disabled={busy}>
            {t('common.save')}
          </button>
        </form>
      </Card>
      <Card>
        <h2 className="mb-4 text-xl font-semibold">{t('inbox.notes')}</h2>
        {notes.length === 0 ? (
          <p className="mb-4 text-ink-muted">{t('inbox.noNotes')}</p>
        ) : (
          <NoteList label={t('inbox.notes')} notes={notes} by={(n) => n.author} />
        )}
        {item.erasedAt ? (
          <p className="text-ink-muted">{t('inbox.notesErased')}</p>
        ) : (
          <form onSubmit={addNote} noValidate>
            <Field label={t('inbox.note')} hint={t('inbox.noteHint')} error={errors.body}>
              {(props) => (
                <textarea
                  {...props}
                  ref={noteField}
                  name="note"
                  rows={3}
                  className={inputClass}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className={secondaryButtonClass} disabled={busy}>
              {t('inbox.addNote')}
            </button>
          </form>
        )}
      </Card>
      <Card>
        <h2 className="mb-2 text-xl font-semibold">{t('inbox.replyTitle')}</h2>
        {replies.length > 0 && (
          <NoteList
            label={t('inbox.repliesSent')}
            notes={replies}
            by={(n) => t('inbox.replyBy', { name: n.author })}
          />
        )}
        {replyTo ? (
          <form onSubmit={sendReply} noValidate>
            <p className="mb-4 text-sm text-ink-muted">
              {t('inbox.replyLead', { email: '\u2066' + replyTo + '\u2069' })}
            </p>
            <Field
              label={t('inbox.replyField')}
              hint={t('inbox.replyHint')}
              error={replyErrors.body}
            >
              {(props) => (
                <textarea
                  {...props}
                  ref={replyField}
                  name="reply"
                  rows={6}
                  className={inputClass}
                  value={reply}
                  onChange={(event) => setReply(event.target.value)}
                />
              )}
            </Field>
            <button type="submit" className={buttonClass} disabled={busy}>
              {t('inbox.sendReply')}
            </button>
          </form>
        ) : (
          <p className="text-ink-muted">{t('inbox.replyUnavailable')}</p>
        )}
      </Card>
    </div>
  );
}
