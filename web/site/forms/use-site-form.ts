import { useEffect, useId, useRef, useState } from 'react';
import type { ApiResult } from '../../shared/form-kit/api-client';
import { useCaptcha } from '../../shared/form-kit/use-captcha';
import { useForm } from '../../shared/form-kit/use-form';
import { forgetLeadSource } from './lead-source';
import { useUser } from '../session/user-store';
import type { Problem } from '../../shared/form-kit/validation';
import { formsNamespace } from '../../shared/i18n/i18n';
import type { User } from '../pages/page-props';
import { useTranslation } from '../../shared/i18n/translation';

type Values = Record<string, string | boolean>;

/** What a successful submission answered: the server's message in the visitor's language, and data. */
export type Done<T> = { message: string; data: T | null };

type Options<V extends Values> = {
  initial: V;
  validate: (values: V) => Partial<Record<keyof V & string, Problem | null>>;
  /** The values a signed-in visitor's account fills in. */
  prefill?: (user: User) => Partial<V>;
};

/**
 * One of the site's forms (contact, proposal, inquiry, application, webinar, publication): the
 * values and their checks, the captcha, prefill from the signed-in visitor's account, the
 * submission and its success state.
 */
export function useSiteForm<V extends Values, T = unknown>({
  initial,
  validate,
  prefill,
}: Options<V>) {
  const { t } = useTranslation(formsNamespace);
  const user = useUser();
  const startValues = (who: User | null): V => ({
    ...initial,
    ...(who && prefill ? withoutEmpty(prefill(who)) : {}),
  });
  const form = useForm<V>(startValues(user), validate);
  const captcha = useCaptcha();
  const [done, setDone] = useState<Done<T> | null>(null);
  const doneId = useId();

  // A visitor who signs in after the page was served (in another tab, say): what they have not
  // typed yet is filled from their account; nothing they typed is replaced.
  const { values, setValue } = form;
  const filledFor = useRef<User | null>(user);
  useEffect(() => {
    if (!user || !prefill || filledFor.current === user) return;
    filledFor.current = user;
    for (const [name, value] of Object.entries(withoutEmpty(prefill(user)))) {
      if (values[name] === '' && value !== undefined) setValue(name, value as V[keyof V & string]);
    }
  }, [user, prefill, values, setValue]);

  useEffect(() => {
    if (done) document.getElementById(doneId)?.focus();
  }, [done, doneId]);

  /**
   * A submit handler that sends the values, trimmed, with the captcha's token. Field errors come back
   * before the server checks the captcha, so only then is the token still unspent, unless the
   * answer says otherwise (a CV judged after the captcha: `captchaSpent`).
   */
  const onSubmit = (
    send: (values: V, captchaToken: string) => Promise<ApiResult<T>>,
    extraCheck?: () => boolean,
  ) =>
    form.onSubmit(
      async (current) => {
        const result = await send(trimmed(current), captcha.token);
        if (result.ok) {
          forgetLeadSource();
          captcha.spend();
          setDone({ message: result.message, data: result.data });
          return;
        }
        const { captcha: captchaError, ...fieldErrors } = result.errors;
        const spent = (result.data as { captchaSpent?: boolean } | null)?.captchaSpent === true;
        if (Object.keys(fieldErrors).length === 0 || captchaError || spent) {
          captcha.spend(captchaError ?? '');
        }
        form.showResult({ ...result, errors: fieldErrors }, t('forms.failed'));
      },
      () => {
        // Both run, so every missing piece is marked at once.
        const solved = captcha.check();
        const extra = extraCheck ? extraCheck() : true;
        return solved && extra;
      },
    );

  /** Back to an empty form (prefilled again) after a success, to send another. */
  const again = () => {
    form.reset(startValues(user));
    setDone(null);
  };

  return { form, captcha, done, doneId, onSubmit, again, user };
}

function withoutEmpty<V>(values: Partial<V>): Partial<V> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== undefined),
  ) as Partial<V>;
}

/** The values as they are sent: text without the spaces around it. */
function trimmed<V extends Values>(values: V): V {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.trim() : value,
    ]),
  ) as V;
}
