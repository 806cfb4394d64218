import { useCallback, useId, useState } from 'react';
import { useTranslation } from '../i18n/translation';
import { formsNamespace } from '../i18n/i18n';

/**
 * A form's captcha value (SPEC §5): the token once solved, '' otherwise. Its message appears
 * only when the visitor submits without a solved check, or when the server refused the token.
 */
export function useCaptcha() {
  const { t } = useTranslation(formsNamespace);
  const errorId = useId();
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const [refused, setRefused] = useState('');
  const [resetKey, setResetKey] = useState(0);

  const onChange = useCallback((value: string) => {
    setToken(value);
    if (value) {
      setMissing(false);
      setRefused('');
    }
  }, []);

  /** Before a submit: true when solved; otherwise the control says so. */
  const check = () => {
    if (token) return true;
    setMissing(true);
    return false;
  };

  /** After a submit that carried the token: it is spent, so the visitor solves a new one. */
  const spend = (serverMessage = '') => {
    setToken('');
    setRefused(serverMessage);
    setResetKey((key) => key + 1);
  };

  const error = missing ? t('forms.captchaMissing') : refused;
  return { token, onChange, check, spend, error, errorId, resetKey };
}

export type CaptchaState = ReturnType<typeof useCaptcha>;
