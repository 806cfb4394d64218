/** A key for a value written in the content, e.g. "White paper" → "whitePaper". */
export function valueKey(value: string): string {
  const words = value
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words
    .map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('');
}
