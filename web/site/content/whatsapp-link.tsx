import type { Office } from '../pages/page-props';
import { ChatIcon } from '../../shared/ui/icons';
import { useTranslation } from '../../shared/i18n/translation';

/** The wa.me address of a number: its digits only, country code first, as WhatsApp asks. */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

type WhatsAppLinkProps = {
  office: Office & { whatsapp: string };
  className?: string;
  /** Draws the chat icon before the number, as the footer's lines do. */
  withIcon?: boolean;
};

/**
 * A plain link that opens a WhatsApp chat with an office, named for assistive technology in the
 * visitor's language with the office's city and the number shown.
 */
export function WhatsAppLink({ office, className, withIcon = false }: WhatsAppLinkProps) {
  const { t } = useTranslation();
  const city = t(`nav.${office.key}`, { defaultValue: office.city });
  return (
    <a
      href={whatsappHref(office.whatsapp)}
      aria-label={t('page.whatsappLink', { city, number: office.whatsapp })}
      className={className}
    >
      {withIcon && <ChatIcon className="size-4 shrink-0" />}
      <span dir="ltr">{office.whatsapp}</span>
    </a>
  );
}

/** Whether an office has a WhatsApp number to offer. */
export function hasWhatsApp(office: Office): office is Office & { whatsapp: string } {
  return Boolean(office.whatsapp?.trim());
}
