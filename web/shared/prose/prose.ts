// Running text as the server stores it: a small document tree in ProseMirror's JSON form, which
// the back-office's editor edits natively. The server refuses any node, mark or attribute outside
// this set (api/content/prose.go); the renderer still draws only the nodes it knows.

/**
 * A mark on a run of text: emphasis, or a link to a site path, an http(s) address or a document of
 * the media library.
 */
export type ProseMark =
  { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };

export type ProseText = { type: 'text'; text: string; marks?: ProseMark[] };

export type ProseParagraph = { type: 'paragraph'; content?: ProseText[] };
export type ProseHeading = { type: 'heading'; attrs: { level: 2 | 3 }; content?: ProseText[] };
export type ProseListItem = { type: 'listItem'; content: ProseBlock[] };
export type ProseList =
  | { type: 'bulletList'; content: ProseListItem[] }
  | { type: 'orderedList'; attrs?: { start?: number }; content: ProseListItem[] };

/** A picture of the media library, by its id, with a caption or none. */
export type ProseImage = { type: 'image'; attrs: { media: string; caption?: string } };

export type ProseBlock = ProseParagraph | ProseHeading | ProseList | ProseImage;

/** A document: the value of a prose field (an item's body, a section's paragraphs). */
export type ProseDoc = { type: 'doc'; content: ProseBlock[] };

/** A part of a document opened by a second-level heading, or its start before any. */
export type ProsePart = { heading?: ProseHeading; blocks: ProseBlock[] };

/** The document cut at its second-level headings, as a blog post's sections are. */
export function partsOf(doc: ProseDoc): ProsePart[] {
  const parts: ProsePart[] = [];
  for (const block of Array.isArray(doc?.content) ? doc.content : []) {
    if (block.type === 'heading' && block.attrs.level === 2) {
      parts.push({ heading: block, blocks: [] });
    } else if (parts.length === 0) {
      parts.push({ blocks: [block] });
    } else {
      parts.at(-1)!.blocks.push(block);
    }
  }
  return parts;
}

/** The words of a run of inline nodes, without their marks. */
export function inlineText(content: ProseText[] | undefined): string {
  return (content ?? []).map((node) => (node.type === 'text' ? node.text : '')).join('');
}

/** The text of each paragraph and heading of a document, lists included, in reading order. */
export function blockTexts(doc: ProseDoc): string[] {
  const blocks = (nodes: ProseBlock[]): string[] =>
    (Array.isArray(nodes) ? nodes : []).flatMap((node) => {
      if (node.type === 'paragraph' || node.type === 'heading') return [inlineText(node.content)];
      if (node.type === 'bulletList' || node.type === 'orderedList') {
        return node.content.flatMap((item) => blocks(item.content));
      }
      return [];
    });
  return blocks(doc?.content);
}

/** The words of a document, its blocks apart by blank lines, as structured data wants them. */
export const plainText = (doc: ProseDoc): string => blockTexts(doc).join('\n\n');

/**
 * Whether a link may point at `href`: the server's rule (api/content/prose.go SafeHref), kept
 * here so that the renderer never draws what slipped past it and the editor refuses it first.
 */
export function safeHref(href: unknown): href is string {
  if (typeof href !== 'string' || href === '' || href.length > 2000) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(href)) return false;
  if (href.startsWith('/')) return !href.startsWith('//');
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    const url = new URL(href);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** Whether a link leads to a page of this site rather than another. */
export const isSitePath = (href: string) => href.startsWith('/');
