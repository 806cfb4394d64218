import { CoverField } from '../cover-upload';
import type { EditorProps } from './types';

/** An item's cover picture, uploaded from the field. */
export function CoverEditor({
  spec,
  path,
  label,
  value,
  english,
  errors,
  readOnly,
  onChange,
}: EditorProps) {
  return (
    <CoverField
      path={path}
      label={label}
      optional={Boolean(spec.optional)}
      value={value}
      english={english}
      error={errors[path]}
      readOnly={readOnly}
      onChange={onChange}
    />
  );
}
