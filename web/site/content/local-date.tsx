import { formatDate, formatDateTime } from '../i18n/formatting';
import { usePage } from '../pages/page-context';

type LocalDateProps = {
  /** An ISO date (2026-10-14) or date-time with offset (2026-12-09T10:00:00+04:00). */
  value: string;
  /** Also show the weekday, time and time zone. */
  withTime?: boolean;
  className?: string;
};

/**
 * A date in the page's language. The browser's date library may word a date slightly
 * differently from the server's, so the server's text is kept as rendered.
 */
export function LocalDate({ value, withTime, className }: LocalDateProps) {
  const { locale } = usePage();
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {withTime ? formatDateTime(value, locale) : formatDate(value, locale)}
    </time>
  );
}
