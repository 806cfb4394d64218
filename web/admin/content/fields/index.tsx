import { useId, type ComponentType } from 'react';
import type { FieldSpec } from '../../api';
import { useT } from '../../shell/lang';
import { fieldLabel } from '../content-labels';
import { DateEditor, EnumEditor, NumberEditor } from './choice';
import { CoverEditor } from './cover';
import { ObjectEditor, ObjectListEditor, TextListEditor } from './lists';
import { ProseField } from './prose';
import { RouteTextsEditor, RoutesEditor } from './routes';
import { SeoEditor } from './seo';
import { MarkupEditor, PlainEditor, TextEditor } from './text';
import type { EditorProps, FieldsProps } from './types';

export { TextLang, type Json } from './types';
export { ListingTarget } from './seo';
export { cleaned, emptyObject } from './values';

/**
 * The editor of each kind of field the schema names. A kind not here (an image's file name, an
 * affix, a moment) is a plain left-to-right text.
 */
export const fieldEditors: Partial<Record<FieldSpec['kind'], ComponentType<EditorProps>>> = {
  text: TextEditor,
  markup: MarkupEditor,
  routeTexts: RouteTextsEditor,
  date: DateEditor,
  count: NumberEditor,
  rating: NumberEditor,
  enum: EnumEditor,
  prose: ProseField,
  cover: CoverEditor,
  texts: TextListEditor,
  routes: RoutesEditor,
  object: ObjectEditor,
  objects: ObjectListEditor,
};

/** One field, drawn by the editor of its kind. */
function FieldEditor(
  props: Omit<EditorProps, 'id' | 'label' | 'renderFields'> & { label?: string },
) {
  const { t } = useT();
  const id = useId();
  // The search listing is one object every page and item shares, with an editor of its own.
  const Editor =
    props.spec.name === 'seo' && !props.path.includes('.')
      ? SeoEditor
      : (fieldEditors[props.spec.kind] ?? PlainEditor);
  return (
    <Editor
      {...props}
      id={id}
      label={props.label ?? fieldLabel(t, props.spec.name)}
      renderFields={(inner) => <Fields {...inner} />}
    />
  );
}

/** The fields of a shape, each drawn from its kind. */
export function Fields({
  fields,
  prefix,
  value,
  english,
  errors,
  readOnly,
  onChange,
}: FieldsProps) {
  return (
    <>
      {fields.map((spec) => (
        <FieldEditor
          key={spec.name}
          spec={spec}
          path={`${prefix}${spec.name}`}
          value={value[spec.name]}
          english={english?.[spec.name]}
          errors={errors}
          readOnly={readOnly}
          onChange={(next) => onChange({ ...value, [spec.name]: next })}
        />
      ))}
    </>
  );
}
