import type { FieldSpec } from '../api';
import { useT } from '../shell/lang';
import { fieldLabel } from './content-labels';
import { jumpTo } from './jump';

/** A form is long, and gets an index, when it has this many field groups or more. */
const longForm = 5;

/** The id of a top-level field's group in the editor's form. */
export const sectionId = (name: string) => `field-${name}`;

/** Jump links to the form's field groups (its top-level fields), for long forms only. */
export function SectionIndex({ fields }: { fields: FieldSpec[] }) {
  const { t } = useT();
  if (fields.length < longForm) return null;
  return (
    <nav
      aria-label={t('editing.sectionsLabel')}
      className="mb-6 rounded-lg border border-line bg-surface p-3"
      data-section-index
    >
      <h3 className="mb-2 text-sm font-semibold">{t('editing.sectionsTitle')}</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {fields.map((spec) => (
          <li key={spec.name}>
            <a
              href={`#${sectionId(spec.name)}`}
              className="inline-flex min-h-11 items-center underline underline-offset-4"
              onClick={(event) => {
                event.preventDefault();
                jumpTo(document.getElementById(sectionId(spec.name)));
              }}
            >
              {fieldLabel(t, spec.name)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
