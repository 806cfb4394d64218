import { Fragment } from 'react';
import { usePage } from '../pages/page-context';
import type { Office } from '../pages/page-props';

/** Runs of Latin letters and digits (a postcode, a building number, "Bay Square"). */
const latinRun = /[A-Za-z0-9][A-Za-z0-9 .+-]*[A-Za-z0-9]|[A-Za-z0-9]/g;

/**
 * Splits text into the parts a right-to-left page shows as they are and the Latin runs (a
 * postcode such as "EC2M 7EB") it must keep reading left to right.
 */
export function ltrRuns(text: string): { text: string; ltr: boolean }[] {
  const parts: { text: string; ltr: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(latinRun)) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start), ltr: false });
    parts.push({ text: match[0], ltr: true });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), ltr: false });
  return parts;
}

/**
 * An office's address in the page's language. On a right-to-left page the text follows the
 * page's direction and alignment, with its Latin runs isolated left to right; elsewhere it is
 * plain text.
 */
export function OfficeAddress({ office }: { office: Office }) {
  const { locale, dir } = usePage();
  const address = office.addresses?.[locale] ?? office.address;
  if (dir !== 'rtl') return <>{address}</>;
  return (
    <>
      {ltrRuns(address).map((part, i) =>
        part.ltr ? (
          <bdi key={i} dir="ltr">
            {part.text}
          </bdi>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
