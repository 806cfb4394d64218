import type { FieldSpec } from '../../api';
import type { Json } from './types';

/** An empty value of a field's kind, for a new entry of a list. */
function emptyOf(spec: FieldSpec): unknown {
  switch (spec.kind) {
    case 'texts':
      return [''];
    case 'routes':
      return [];
    case 'objects':
      return [emptyObject(spec.fields ?? [])];
    case 'object':
      return emptyObject(spec.fields ?? []);
    case 'count':
    case 'rating':
      return 1;
    case 'enum':
      return spec.values?.[0] ?? '';
    case 'routeTexts':
      return {};
    case 'prose':
      return { type: 'doc', content: [] };
    default:
      return '';
  }
}

/** A new text of a shape: each field that must be there, empty. */
export function emptyObject(fields: FieldSpec[]): Json {
  return Object.fromEntries(fields.filter((f) => !f.optional).map((f) => [f.name, emptyOf(f)]));
}

/** The body to send: optional fields left empty are left out, as the files leave them out. */
export function cleaned(fields: FieldSpec[], value: Json): Json {
  const out: Json = {};
  for (const [name, v] of Object.entries(value)) {
    const spec = fields.find((f) => f.name === name);
    if (spec?.optional && (v === '' || (Array.isArray(v) && v.length === 0))) continue;
    if (spec?.kind === 'object' && v && typeof v === 'object' && !Array.isArray(v)) {
      out[name] = cleaned(spec.fields ?? [], v as Json);
    } else if (spec?.kind === 'objects' && Array.isArray(v)) {
      out[name] = v.map((el) =>
        el && typeof el === 'object' ? cleaned(spec.fields ?? [], el as Json) : el,
      );
    } else out[name] = v;
  }
  return out;
}
