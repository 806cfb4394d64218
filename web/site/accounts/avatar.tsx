import { useState } from 'react';
import { avatarColourIndex, initials } from './avatar-style';
import type { User } from '../pages/page-props';

// Literal class names, so Tailwind generates each background (tokens in styles.css).
const backgrounds = ['bg-avatar-0', 'bg-avatar-1', 'bg-avatar-2', 'bg-avatar-3', 'bg-avatar-4'];

type AvatarProps = {
  user: Pick<User, 'fullName' | 'profileImageUrl'>;
  /** Tailwind size and text classes, e.g. 'size-9 text-sm'. */
  className?: string;
};

/** The default picture of a person without a photo or a name: a head and shoulders. */
export function DefaultAvatar({ className = 'size-9' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 rounded-full ${className}`}
    >
      <circle cx="20" cy="20" r="20" className="fill-line" />
      <circle cx="20" cy="15.5" r="7" className="fill-line-strong" />
      <path
        d="M6.5 34.5a14.5 13 0 0 1 27 0A19.9 19.9 0 0 1 20 40a19.9 19.9 0 0 1-13.5-5.5Z"
        className="fill-line-strong"
      />
    </svg>
  );
}

/**
 * A person's avatar: their picture; else their initials on one of five colours picked by their
 * name; else the default picture. Decorative: the name is always written next to it.
 */
export function Avatar({ user, className = 'size-9 text-sm' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const letters = initials(user.fullName);
  if (user.profileImageUrl && failed !== user.profileImageUrl) {
    return (
      <img
        src={user.profileImageUrl}
        alt=""
        onError={() => setFailed(user.profileImageUrl)}
        className={`shrink-0 rounded-full bg-surface object-cover ${className}`}
      />
    );
  }
  if (!letters) return <DefaultAvatar className={className} />;
  // The letters are drawn by the stylesheet (content: attr(data-initials)): they are decoration
  // next to the written name, and so never become part of a control's visible label.
  return (
    <span
      aria-hidden="true"
      data-initials={letters}
      data-avatar-colour={avatarColourIndex(user.fullName)}
      className={`avatar-initials inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white select-none ${backgrounds[avatarColourIndex(user.fullName)]} ${className}`}
    />
  );
}
