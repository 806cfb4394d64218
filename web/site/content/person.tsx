import { useContentLang } from '../pages/page-context';

/** The first letters of the first and last names: "Layla Haddad" → "LH". */
export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((word) => word[0]!.toUpperCase()).join('');
}

/** A person with their role, shown with their initials in place of a photograph. */
export function Person({ name, role }: { name: string; role: string }) {
  const contentLang = useContentLang();
  return (
    <div className="flex items-center gap-4">
      <span
        aria-hidden="true"
        className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-soft font-bold text-accent"
      >
        {initials(name)}
      </span>
      <div className="min-w-0" {...contentLang}>
        <p className="font-semibold text-ink">{name}</p>
        <p className="text-sm text-ink-muted">{role}</p>
      </div>
    </div>
  );
}
