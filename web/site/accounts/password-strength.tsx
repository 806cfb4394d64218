import { authNamespace } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/translation';
import { passwordStrength, type Strength } from '../../shared/form-kit/validation';

const levels: Record<Strength, { bars: number; colour: string }> = {
  empty: { bars: 0, colour: 'bg-line' },
  short: { bars: 1, colour: 'bg-danger' },
  fair: { bars: 2, colour: 'bg-avatar-4' },
  good: { bars: 3, colour: 'bg-accent' },
  strong: { bars: 4, colour: 'bg-accent' },
};

/**
 * A hint under a new password: how long and varied it is, never a list of character classes
 * to include (the server has no composition rules, and neither does this hint).
 */
export function PasswordStrength({ password }: { password: string }) {
  const { t } = useTranslation(authNamespace);
  const strength = passwordStrength(password);
  const { bars, colour } = levels[strength];
  return (
    <span className="block">
      <span aria-hidden="true" className="mb-1.5 grid grid-cols-4 gap-1">
        {[1, 2, 3, 4].map((bar) => (
          <span key={bar} className={`h-1.5 rounded-full ${bar <= bars ? colour : 'bg-line'}`} />
        ))}
      </span>
      <span className="block">
        {strength === 'empty'
          ? t('strength.hint')
          : `${t('strength.label', { strength: t(`strength.${strength}`) })} ${t('strength.hint')}`}
      </span>
    </span>
  );
}
