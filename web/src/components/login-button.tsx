import { useTranslation } from '../translation';
import { useLocalizedPath } from '../page-context';

/** `className` must say how it is displayed (`inline-flex`, `hidden lg:inline-flex`, …). */
type LoginButtonProps = { className?: string };

export const loginRoute = '/auth/login';

export function LoginButton({ className = 'inline-flex' }: LoginButtonProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  return (
    <a
      href={localize(loginRoute)}
      className={`items-center justify-center rounded-md bg-brand px-4 py-2 text-sm font-semibold whitespace-nowrap text-on-brand transition-colors hover:bg-brand-hover ${className}`}
    >
      {t('header.login')}
    </a>
  );
}
