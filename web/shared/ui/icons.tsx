import { StrokeIcon, type IconProps } from './stroke-icon';

export type { IconProps };
// The icons every page of islands shows from the start have a module of their own, so that the
// first script carries those and not every icon of the site.
export { CheckIcon, CloseIcon, MoonIcon, SunIcon } from './shell-icons';

export function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}

/** Points toward the end of the line: mirror it in right-to-left text. */
export function ChevronEndIcon({ className = 'size-4', ...props }: IconProps) {
  return (
    <StrokeIcon className={`${className} rtl:-scale-x-100`} {...props}>
      <path d="m9 6 6 6-6 6" />
    </StrokeIcon>
  );
}

/** Points toward the end of the line: mirror it in right-to-left text. */
export function ArrowEndIcon({ className = 'size-4', ...props }: IconProps) {
  return (
    <StrokeIcon className={`${className} rtl:-scale-x-100`} {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </StrokeIcon>
  );
}

/** Points toward the start of the line: mirror it in right-to-left text. */
export function ChevronStartIcon({ className = 'size-4', ...props }: IconProps) {
  return (
    <StrokeIcon className={`${className} rtl:-scale-x-100`} {...props}>
      <path d="m15 6-6 6 6 6" />
    </StrokeIcon>
  );
}

export function PauseIcon({ className = 'size-4', ...props }: IconProps) {
  return (
    <StrokeIcon className={className} {...props}>
      <path d="M9 5v14M15 5v14" />
    </StrokeIcon>
  );
}

export function PlayIcon({ className = 'size-4', ...props }: IconProps) {
  return (
    <StrokeIcon className={`${className} rtl:-scale-x-100`} {...props}>
      <path d="M7 4.5v15l12-7.5Z" />
    </StrokeIcon>
  );
}

/** A rating star, filled or outlined. */
export function StarIcon({
  filled,
  className = 'size-4',
  ...props
}: IconProps & { filled: boolean }) {
  return (
    <StrokeIcon className={className} fill={filled ? 'currentColor' : 'none'} {...props}>
      <path d="m12 3.5 2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8Z" />
    </StrokeIcon>
  );
}

/** The icons security-solution cards name in their `icon` field; a shield for any other name. */
export function SolutionIcon({ icon, ...props }: IconProps & { icon: string }) {
  switch (icon) {
    case 'target':
      return (
        <StrokeIcon {...props}>
          <circle cx="12" cy="12" r="8.5" />
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 12h.01M12 1.5v4M12 18.5v4M1.5 12h4M18.5 12h4" />
        </StrokeIcon>
      );
    case 'radar':
      return (
        <StrokeIcon {...props}>
          <path d="M12 12 18.5 5.5M20.5 12A8.5 8.5 0 1 1 12 3.5M16.5 12A4.5 4.5 0 1 1 12 7.5" />
          <circle cx="12" cy="12" r="1" />
        </StrokeIcon>
      );
    case 'code':
      return (
        <StrokeIcon {...props}>
          <path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14" />
        </StrokeIcon>
      );
    case 'siren':
      return (
        <StrokeIcon {...props}>
          <path d="M6.5 18v-6a5.5 5.5 0 0 1 11 0v6M4 21h16M5 18h14M12 2v2M3.5 5.5 5 7M20.5 5.5 19 7" />
        </StrokeIcon>
      );
    case 'users':
      return (
        <StrokeIcon {...props}>
          <circle cx="9" cy="8" r="3" />
          <path d="M3.5 19a5.5 5.5 0 0 1 11 0M16 5.5a3 3 0 0 1 0 5M17.5 14a5 5 0 0 1 3 5" />
        </StrokeIcon>
      );
    case 'lock':
      return (
        <StrokeIcon {...props}>
          <rect x="5" y="10.5" width="14" height="10" rx="2" />
          <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
        </StrokeIcon>
      );
    case 'server':
      return (
        <StrokeIcon {...props}>
          <rect x="4" y="3.5" width="16" height="7" rx="1.5" />
          <rect x="4" y="13.5" width="16" height="7" rx="1.5" />
          <path d="M8 7h.01M8 17h.01M12 7h4M12 17h4" />
        </StrokeIcon>
      );
    case 'file-check':
      return (
        <StrokeIcon {...props}>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
          <path d="M14 3v5h5M9 14.5l2 2 4-4.5" />
        </StrokeIcon>
      );
    case 'cloud':
      return (
        <StrokeIcon {...props}>
          <path d="M7 18.5h10a4.5 4.5 0 0 0 .6-9A6 6 0 0 0 6 10.5a4 4 0 0 0 1 8Z" />
        </StrokeIcon>
      );
    default:
      return (
        <StrokeIcon {...props}>
          <path d="M12 3 5 6v5.5c0 4.3 3 8.1 7 9.5 4-1.4 7-5.2 7-9.5V6Z" />
          <path d="m9 12 2 2 4-4.5" />
        </StrokeIcon>
      );
  }
}

export function MenuIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </StrokeIcon>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </StrokeIcon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
    </StrokeIcon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M21 12a8 8 0 0 1-11.8 7L4 20l1.2-4.4A8 8 0 1 1 21 12Z" />
      <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
    </StrokeIcon>
  );
}

export function MapPinIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </StrokeIcon>
  );
}

export function ExternalLinkIcon({ className = 'size-3.5', ...props }: IconProps) {
  return (
    <StrokeIcon className={`${className} rtl:-scale-x-100`} {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </StrokeIcon>
  );
}

export function LinkIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1" />
    </StrokeIcon>
  );
}

export function DocumentIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
      <path d="M14 3v5h5M9 13h6M9 17h4" />
    </StrokeIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </StrokeIcon>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </StrokeIcon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <StrokeIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20a7.5 7.5 0 0 1 15 0" />
    </StrokeIcon>
  );
}

/** Line icons for the seven practice areas on the home page. */
export function AreaIcon({ area, ...props }: IconProps & { area: string }) {
  switch (area) {
    case 'isoStandards':
      return (
        <StrokeIcon {...props}>
          <circle cx="12" cy="9" r="5" />
          <path d="m9.5 9 1.7 1.7L14.5 7.5M8.5 13.2 7 21l5-2.5 5 2.5-1.5-7.8" />
        </StrokeIcon>
      );
    case 'pciStandards':
      return (
        <StrokeIcon {...props}>
          <rect x="2.5" y="5" width="19" height="14" rx="2" />
          <path d="M2.5 10h19M6 15h4" />
        </StrokeIcon>
      );
    case 'socReports':
      return (
        <StrokeIcon {...props}>
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8Z" />
          <path d="M14 3v5h5M9 13h6M9 17h4" />
        </StrokeIcon>
      );
    case 'cybersecurityServices':
      return (
        <StrokeIcon {...props}>
          <path d="M12 3 5 6v5.5c0 4.3 3 8.1 7 9.5 4-1.4 7-5.2 7-9.5V6Z" />
          <rect x="9.5" y="11" width="5" height="4.5" rx="1" />
          <path d="M10.5 11V9.5a1.5 1.5 0 0 1 3 0V11" />
        </StrokeIcon>
      );
    case 'complianceAuditServices':
      return (
        <StrokeIcon {...props}>
          <rect x="5" y="4" width="14" height="17" rx="2" />
          <path d="M9 4V3h6v1M8.5 12.5l2 2 4-4.5" />
        </StrokeIcon>
      );
    case 'businessContinuity':
      return (
        <StrokeIcon {...props}>
          <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8M4 4v4h4M4 13a8 8 0 0 0 14.6 4.5L20 16M20 20v-4h-4" />
        </StrokeIcon>
      );
    default:
      return (
        <StrokeIcon {...props}>
          <circle cx="9" cy="8" r="3" />
          <path d="M3.5 19a5.5 5.5 0 0 1 11 0M16 5.5a3 3 0 0 1 0 5M17.5 14a5 5 0 0 1 3 5" />
        </StrokeIcon>
      );
  }
}
