import { useContext } from 'react';
import { inputClass } from '../../ui';
import { useT } from '../../shell/lang';
import { ErrorLine, OptionalMark, Reference } from './frame';
import { usePickablePages } from './page-names';
import { ChosenPages, PagePicker } from './page-picker';
import { TextLang, rowsFor, type EditorProps } from './types';

/** The routes a value holds, in order: a list's entries, or the keys of texts by route. */
const routesOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v !== '')
    : value && typeof value === 'object'
      ? Object.keys(value)
      : [];

/** The frame both page fields share: the chosen pages, the picker, the errors and the English. */
function PagesField({
  props,
  routes,
  onRoutes,
  entryError,
  extra,
}: {
  props: EditorProps;
  routes: string[];
  onRoutes: (routes: string[]) => void;
  entryError: (route: string, i: number) => string | undefined;
  extra?: Parameters<typeof ChosenPages>[0]['extra'];
}) {
  const { t } = useT();
  const { spec, path, id, label, english, errors, readOnly } = props;
  const { pages, loading } = usePickablePages();
  const names = new Map(pages.map((p) => [p.route, p.title]));
  const englishRoutes = routesOf(english);
  const englishText = englishRoutes.map((r) => names.get(r) ?? r).join(t('common.listSeparator'));
  return (
    <fieldset className="mb-4 rounded-lg border border-line p-3" data-field={path} data-pages>
      <legend className="px-1 font-semibold">
        {label}
        <OptionalMark optional={spec.optional} />
      </legend>
      <ErrorLine id={`${id}-error`} error={errors[path]} />
      <ChosenPages
        id={id}
        routes={routes}
        names={names}
        readOnly={readOnly}
        onChange={onRoutes}
        entryError={entryError}
        extra={extra}
      />
      {!readOnly && (
        <PagePicker
          id={`${id}-picker`}
          label={label}
          pages={pages}
          chosen={routes}
          loading={loading}
          onPick={(page) => onRoutes([...routes, page.route])}
        />
      )}
      {props.english !== undefined && <Reference value={englishText} />}
    </fieldset>
  );
}

/** A list of the site's pages (a service's related pages): chosen from the picker, in order. */
export function RoutesEditor(props: EditorProps) {
  const { path, errors, value, onChange } = props;
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const routes = routesOf(list);
  return (
    <PagesField
      props={props}
      routes={routes}
      onRoutes={onChange}
      // The server names a refused entry by its place in the list it was sent.
      entryError={(route) => errors[`${path}[${list.indexOf(route)}]`]}
    />
  );
}

/** A text for each of several pages (a landing page's cards): the pages chosen, a text each. */
export function RouteTextsEditor(props: EditorProps) {
  const { t } = useT();
  const textLang = useContext(TextLang);
  const { id, path, errors, value, english, readOnly, onChange } = props;
  const texts = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const en = (english && typeof english === 'object' ? english : {}) as Record<string, unknown>;
  const routes = routesOf(texts);
  const textOf = (route: string) => (typeof texts[route] === 'string' ? texts[route] : '');
  const byRoutes = (next: string[]) =>
    onChange(Object.fromEntries(next.map((route) => [route, textOf(route)])));
  return (
    <PagesField
      props={props}
      routes={routes}
      onRoutes={byRoutes}
      // A refused page and a refused text are both named by the page's address.
      entryError={() => undefined}
      extra={(route, i, title) => {
        const at = `${path}[${route}]`;
        const textId = `${id}-text-${i}`;
        return (
          <div className="mt-2" data-field={at}>
            <label htmlFor={textId} className="block text-sm font-semibold">
              {t('picker.text', { title })}
            </label>
            <textarea
              id={textId}
              name={at}
              {...textLang}
              rows={rowsFor(textOf(route), 2, 8)}
              readOnly={readOnly}
              aria-invalid={Boolean(errors[at])}
              aria-describedby={errors[at] ? `${textId}-error` : undefined}
              className={`${inputClass} [field-sizing:content]`}
              value={textOf(route)}
              onChange={(e) => onChange({ ...texts, [route]: e.target.value })}
            />
            <ErrorLine id={`${textId}-error`} error={errors[at]} />
            <Reference value={en[route]} />
          </div>
        );
      }}
    />
  );
}
