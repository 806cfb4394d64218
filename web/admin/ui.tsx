import type { ReactNode } from 'react';
import {
  officeButtonClass,
  officeDangerButtonClass,
  officeInputClass,
  officeSecondaryButtonClass,
} from '../shared/ui/control-styles';
import { Field } from '../shared/ui/form-controls';
import { useT } from './shell/lang';
import { Link } from './shell/navigation';

// The back-office's controls, from the kit the site's forms use too.
export const buttonClass = officeButtonClass;
export const secondaryButtonClass = officeSecondaryButtonClass;
export const dangerButtonClass = officeDangerButtonClass;
export const inputClass = officeInputClass;
export { Field };

export type Notice = { tone: 'error' | 'success'; text: string } | null;

export function NoticeBox({ notice }: { notice: Notice }) {
  if (!notice) return null;
  const tone =
    notice.tone === 'error'
      ? 'border-danger bg-danger-soft text-ink'
      : 'border-accent bg-accent-soft text-ink';
  return (
    <p
      role={notice.tone === 'error' ? 'alert' : 'status'}
      className={`mb-4 rounded-lg border px-4 py-3 ${tone}`}
    >
      {notice.text}
    </p>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-card border border-line bg-raised p-5 sm:p-6 ${className}`}>
      {children}
    </section>
  );
}

/** A filter's first and last day (both included), as the list addresses name them: from and to. */
export function DateRange({
  from,
  to,
  errors,
  onChange,
}: {
  from: string;
  to: string;
  errors: Record<string, string>;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useT();
  const day = (name: 'from' | 'to', value: string) => (
    <Field label={t(`common.${name}`)} error={errors[name]}>
      {(props) => (
        <input
          {...props}
          type="date"
          name={name}
          className={inputClass}
          value={value}
          onChange={(event) => {
            const chosen = event.target.value;
            onChange(name === 'from' ? { from: chosen, to } : { from, to: chosen });
          }}
        />
      )}
    </Field>
  );
  return (
    <>
      {day('from', from)}
      {day('to', to)}
    </>
  );
}

/** Links to the newer and older pages of a list, with where the reader is; nothing for one page. */
export function Pager({
  label,
  page,
  pages,
  pageLink,
}: {
  label: string;
  page: number;
  pages: number;
  pageLink: (page: number) => string;
}) {
  const { t } = useT();
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageLink(page - 1)} className={secondaryButtonClass}>
          {t('common.newer')}
        </Link>
      ) : (
        <span />
      )}
      <p>{t('common.pageOf', { page, pages })}</p>
      {page < pages ? (
        <Link to={pageLink(page + 1)} className={secondaryButtonClass}>
          {t('common.older')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
