import { lazy, Suspense } from 'react';
import { plainText, type ProseDoc } from '../../../shared/prose/prose';
import { useT } from '../../shell/lang';
import { ErrorLine, Reference } from './frame';
import { useTextLang, type EditorProps } from './types';

/** The rich-text editor of prose fields, loaded with the first form that has one. */
const ProseEditor = lazy(() => import('../prose-editor'));

/** A story's text: headings, paragraphs, lists and links, in the rich-text editor. */
export function ProseField({
  spec,
  id,
  path,
  label,
  value,
  english,
  errors,
  readOnly,
  onChange,
}: EditorProps) {
  const { t } = useT();
  const textLang = useTextLang(spec.name);
  const error = errors[path];
  return (
    <div className="mb-4" data-field={path}>
      <p className="block font-semibold">{label}</p>
      <Suspense fallback={<p className="mt-1 text-ink-muted">{t('content.prose.loading')}</p>}>
        <ProseEditor
          id={id}
          name={label}
          value={value}
          onChange={onChange}
          readOnly={readOnly}
          invalid={Boolean(error)}
          describedBy={error ? `${id}-error` : undefined}
          {...textLang}
        />
      </Suspense>
      <ErrorLine id={`${id}-error`} error={error} />
      <Reference
        value={english && typeof english === 'object' ? plainText(english as ProseDoc) : english}
      />
    </div>
  );
}
