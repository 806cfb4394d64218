import { formsNamespace } from '../i18n/i18n';
import { useTranslation } from '../i18n/translation';
import { useFormState, type Validate, type Values } from './form-state';

export type { FieldState, FormApi, FormMessage } from './form-state';

/** A form of the site: its state, speaking the page's language through the forms namespace. */
export function useForm<V extends Values>(initial: V, validate: Validate<V>) {
  const { t } = useTranslation(formsNamespace);
  return useFormState(initial, validate, {
    describe: (problem) => t(`forms.errors.${problem.key}`, problem.params),
    fixFields: t('forms.fixFields'),
    unreachable: t('forms.unreachable'),
  });
}
