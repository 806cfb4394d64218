type SectionIntroProps = {
  id: string;
  heading?: string;
  description?: string;
  /** Light text for a dark band. */
  onDark?: boolean;
  centered?: boolean;
};

/** A home section's heading and its one-sentence introduction. */
export function SectionIntro({
  id,
  heading,
  description,
  onDark = false,
  centered = false,
}: SectionIntroProps) {
  return (
    <div className={`max-w-2xl ${centered ? 'mx-auto text-center' : ''}`}>
      {heading && (
        <h2
          id={id}
          className={`text-2xl font-bold tracking-tight sm:text-3xl ${onDark ? 'text-white' : 'text-ink'}`}
        >
          {heading}
        </h2>
      )}
      {description && (
        <p className={`mt-3 sm:text-lg ${onDark ? 'text-hero-muted' : 'text-ink-muted'}`}>
          {description}
        </p>
      )}
    </div>
  );
}
