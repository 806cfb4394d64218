import type { ProseBlock, ProseDoc } from '../../shared/prose/prose';

// The seed files may write running text in its short form; the server stores the tree. This is
// the twin of api/prose FromShorthand, so props built from the files look as the server's do.

type Json = Record<string, unknown>;

const paragraph = (text: string): ProseBlock => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});

/** A list of paragraph strings, or of sections {heading?, paragraphs}, as a document. */
export function fromShorthand(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const content: ProseBlock[] = value.flatMap((entry): ProseBlock[] => {
    if (typeof entry === 'string') return [paragraph(entry)];
    const section = entry as { heading?: string; paragraphs: string[] };
    return [
      ...(section.heading
        ? [
            {
              type: 'heading',
              attrs: { level: 2 },
              content: [{ type: 'text', text: section.heading }],
            } as ProseBlock,
          ]
        : []),
      ...section.paragraphs.map(paragraph),
    ];
  });
  return { type: 'doc', content } satisfies ProseDoc;
}

const itemFields: Record<string, string[]> = {
  news: ['body'],
  blogs: ['body'],
  publications: ['body'],
  webinars: ['body'],
  vacancies: ['description'],
  accreditations: ['body'],
  'case-studies': ['challenge', 'approach', 'outcome'],
};

/** An item's file as the server stores it. */
export function storedItem(collection: string, item: Json | null): Json | null {
  const fields = itemFields[collection];
  if (!item || !fields) return item;
  return {
    ...item,
    ...Object.fromEntries(fields.map((field) => [field, fromShorthand(item[field])])),
  };
}

/** A page's file as the server stores it: its sections' paragraphs as documents. */
export function storedPage(page: Json | null): Json | null {
  if (!page || !Array.isArray(page.sections)) return page;
  return {
    ...page,
    sections: (page.sections as Json[]).map((s) => ({
      ...s,
      paragraphs: fromShorthand(s.paragraphs),
    })),
  };
}
