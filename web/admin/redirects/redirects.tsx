import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { adminApi, type Redirect, type RedirectImport } from '../api';
import { useT } from '../shell/lang';
import {
  Card,
  Field,
  NoticeBox,
  buttonClass,
  dangerButtonClass,
  inputClass,
  secondaryButtonClass,
  type Notice,
} from '../ui';

/** An address, isolated and written left to right in either direction of the page. */
function Address({ value }: { value: string }) {
  return (
    <bdi dir="ltr" className="min-w-0 font-mono text-sm break-all">
      {value}
    </bdi>
  );
}

type Errors = Partial<Record<'from' | 'to' | 'status', string>>;

/** The form that adds one redirect. */
function AddRedirect({
  mayLinkOut,
  onDone,
}: {
  mayLinkOut: boolean;
  onDone: (notice: Notice) => void;
}) {
  const { t } = useT();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState(301);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await adminApi.addRedirect(from, to, status);
    setBusy(false);
    if (result.ok) {
      setErrors({});
      setFrom('');
      setTo('');
      onDone({ tone: 'success', text: result.message });
      return;
    }
    setErrors(result.errors as Errors);
    onDone(
      Object.keys(result.errors).length
        ? null
        : { tone: 'error', text: result.message || t('common.unreachable') },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-redirect" data-add-redirect>
      <h2 id="add-redirect" className="mb-4 text-xl font-semibold">
        {t('redirects.add')}
      </h2>
      <div className="grid gap-x-4 md:grid-cols-2">
        <Field label={t('redirects.from')} hint={t('redirects.fromHint')} error={errors.from}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              name="from"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('redirects.to')}
          hint={t(mayLinkOut ? 'redirects.toHintOut' : 'redirects.toHint')}
          error={errors.to}
        >
          {(props) => (
            <input
              {...props}
              className={inputClass}
              name="to"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          )}
        </Field>
      </div>
      <fieldset className="mb-4">
        <legend className="mb-1 font-medium">{t('redirects.status')}</legend>
        {[301, 302].map((s) => (
          <label key={s} className="me-6 inline-flex items-center gap-2 py-1">
            <input
              type="radio"
              name="status"
              value={s}
              checked={status === s}
              onChange={() => setStatus(s)}
            />
            {t(s === 301 ? 'redirects.permanent' : 'redirects.temporary')}
          </label>
        ))}
        {errors.status && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.status}
          </p>
        )}
      </fieldset>
      <button type="submit" className={buttonClass} disabled={busy}>
        {t('redirects.addButton')}
      </button>
    </form>
  );
}

/** The form that imports a CSV file of old addresses, and its report line by line. */
function ImportRedirects({ onDone }: { onDone: (notice: Notice) => void }) {
  const { t } = useT();
  const [report, setReport] = useState<RedirectImport | null>(null);
  const [error, setError] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('redirects.importChoose'));
      return;
    }
    setBusy(true);
    const result = await adminApi.importRedirects(await file.text());
    setBusy(false);
    setError(result.errors.csv ?? '');
    setReport(result.ok ? result.data : null);
    onDone(
      result.ok
        ? { tone: 'success', text: result.message }
        : result.errors.csv
          ? null
          : { tone: 'error', text: result.message || t('common.unreachable') },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="import-redirects" data-import-redirects>
      <h2 id="import-redirects" className="mb-2 text-xl font-semibold">
        {t('redirects.import')}
      </h2>
      <p className="mb-4 max-w-prose text-ink-muted">{t('redirects.importLead')}</p>
      <Field label={t('redirects.importFile')} error={error}>
        {(props) => (
          <input
            {...props}
            type="file"
            name="csv"
            accept=".csv,text/csv"
            className="block w-full text-sm file:me-3 file:rounded-md file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5"
            onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
          />
        )}
      </Field>
      <button type="submit" className={secondaryButtonClass} disabled={busy}>
        {t('redirects.importButton')}
      </button>
      {report && (
        <ol className="mt-4 grid gap-1" aria-label={t('redirects.report')} data-import-report>
          {report.lines.map((l, i) => (
            <li
              key={i}
              className="flex flex-wrap items-baseline gap-x-3"
              data-line={l.line}
              data-added={l.added}
            >
              <span className="text-sm text-ink-muted">{t('redirects.line', { n: l.line })}</span>
              {l.from && <Address value={l.from} />}
              <span className={l.added ? 'text-success' : 'font-medium text-danger'}>
                {l.message}
              </span>
            </li>
          ))}
        </ol>
      )}
    </form>
  );
}

/** One row of the list, with its delete button and the question before it. */
function RedirectRow({ r, onDone }: { r: Redirect; onDone: (notice: Notice) => void }) {
  const { t } = useT();
  const [asking, setAsking] = useState(false);
  const remove = async () => {
    const result = await adminApi.deleteRedirect(r.from);
    setAsking(false);
    onDone({
      tone: result.ok ? 'success' : 'error',
      text: result.message || t('common.unreachable'),
    });
  };
  return (
    <tr className="border-t border-line align-top max-sm:block max-sm:py-2" data-redirect={r.from}>
      <td
        className="py-2 pe-3 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:pe-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]"
        data-label={t('redirects.from')}
      >
        <Address value={r.from} />
      </td>
      <td
        className="py-2 pe-3 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:pe-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]"
        data-label={t('redirects.to')}
      >
        <Address value={r.to} />
        {r.external && (
          <span className="ms-2 text-sm text-ink-muted">{t('redirects.external')}</span>
        )}
      </td>
      <td
        className="py-2 pe-3 max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:pe-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]"
        data-label={t('redirects.statusShort')}
        data-status={r.status}
      >
        {r.status}
      </td>
      <td
        className="py-2 pe-3 text-sm max-sm:flex max-sm:gap-2 max-sm:py-0.5 max-sm:pe-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-sm max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]"
        data-label={t('redirects.kind')}
      >
        {t(r.kind === 'renamed' ? 'redirects.kindRenamed' : 'redirects.kindAdded')}
      </td>
      <td className="py-2 max-sm:block max-sm:pt-1">
        {asking ? (
          <span role="group" aria-label={t('redirects.confirm')} className="flex flex-wrap gap-2">
            <button type="button" className={dangerButtonClass} onClick={() => void remove()}>
              {t('redirects.confirmDelete')}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => setAsking(false)}>
              {t('redirects.keep')}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className={secondaryButtonClass}
            aria-label={t('redirects.deleteFrom', { from: r.from })}
            onClick={() => setAsking(true)}
          >
            {t('redirects.delete')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The redirects manager: every redirect of the site, search, add, delete and import. */
export function Redirects() {
  const { t } = useT();
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const queryClient = useQueryClient();
  const { data: result } = useQuery({
    queryKey: ['redirects', q],
    queryFn: () => adminApi.redirects(q),
    placeholderData: keepPreviousData,
  });
  const data = result?.ok ? result.data : null;
  const done = (n: Notice) => {
    setNotice(n);
    void queryClient.invalidateQueries({ queryKey: ['redirects'] });
  };

  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold">{t('redirects.title')}</h1>
      <p className="mb-6 max-w-prose text-ink-muted">{t('redirects.lead')}</p>
      <NoticeBox notice={notice} />
      <Card className="mb-6">
        <AddRedirect mayLinkOut={data?.mayLinkOut ?? false} onDone={done} />
      </Card>
      <Card className="mb-6">
        <ImportRedirects onDone={done} />
      </Card>
      <Card>
        <h2 className="mb-4 text-xl font-semibold">{t('redirects.list')}</h2>
        <form role="search" aria-label={t('redirects.search')} onSubmit={(e) => e.preventDefault()}>
          <Field label={t('redirects.search')}>
            {(props) => (
              <input
                {...props}
                type="search"
                className={inputClass}
                name="q"
                dir="ltr"
                value={q}
                onChange={(e) => setQ(e.target.value)}
              />
            )}
          </Field>
        </form>
        {result && !result.ok && (
          <NoticeBox notice={{ tone: 'error', text: result.message || t('common.unreachable') }} />
        )}
        {data &&
          (data.redirects.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-start max-sm:block" data-redirects>
                <caption className="sr-only">{t('redirects.list')}</caption>
                <thead className="max-sm:sr-only">
                  <tr className="text-start text-sm text-ink-muted">
                    <th scope="col" className="pe-3 pb-2 text-start font-medium">
                      {t('redirects.from')}
                    </th>
                    <th scope="col" className="pe-3 pb-2 text-start font-medium">
                      {t('redirects.to')}
                    </th>
                    <th scope="col" className="pe-3 pb-2 text-start font-medium">
                      {t('redirects.statusShort')}
                    </th>
                    <th scope="col" className="pe-3 pb-2 text-start font-medium">
                      {t('redirects.kind')}
                    </th>
                    <th scope="col" className="pb-2 text-start font-medium">
                      <span className="sr-only">{t('redirects.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {data.redirects.map((r) => (
                    <RedirectRow key={r.from} r={r} onDone={done} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p data-redirects-none>{t(q ? 'redirects.noneFound' : 'redirects.none')}</p>
          ))}
      </Card>
    </div>
  );
}
