import { useTranslation } from '../../shared/i18n/translation';
import { useLocalizedPath, usePage } from '../pages/page-context';

/** `className` must say how it is displayed (`inline-flex`, `hidden lg:inline-flex`, …). */
type LoginButtonProps = { className?: string };

export const loginRoute = '/auth/login';

/** The way to the login page; nothing on the login page itself, where the form is the way in. */
export function LoginButton({ className = 'inline-flex' }: LoginButtonProps) {
  const { t } = useTranslation();
  const localize = useLocalizedPath();
  const { page } = usePage();
  if (page.kind === 'login') return null;
  return (
    <a
      href={localize(loginRoute)}
      className={`items-center justify-center rounded-md bg-brand px-4 py-2 text-sm font-semibold whitespace-nowrap text-on-brand transition-colors hover:bg-brand-hover ${className}`}
    >
      {t('header.login')}
    </a>
  );
}
