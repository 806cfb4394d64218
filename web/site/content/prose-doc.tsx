import type { ReactNode } from 'react';
import { usePage, useContentLang } from '../pages/page-context';
import { localizePath } from '../i18n/locale-paths';
import {
  inlineText,
  isSitePath,
  partsOf,
  safeHref,
  type ProseBlock,
  type ProseDoc,
  type ProseListItem,
  type ProseText,
} from '../../shared/prose/prose';
import { libraryPath } from '../../shared/prose/media';
import type { ContentsEntry } from './on-this-page';
import { DocumentLink, libraryDocument, ProseFigure } from './prose-media';
import { bodyTextClass, ContentSection } from './prose';

// Running text drawn from its document tree, node by node, with no raw HTML: a node or mark this
// file does not know is not drawn at all (the server refuses them; this is the second lock).

const subheadingClass = 'text-xl font-semibold tracking-tight text-balance text-ink';
const linkClass =
  'font-medium text-accent underline decoration-1 underline-offset-4 hover:decoration-2';

/** A run of text with its marks: a link outermost, then bold, then italic. */
function Inline({ node }: { node: ProseText }) {
  const { locale, page } = usePage();
  if (node.type !== 'text' || typeof node.text !== 'string') return null;
  const marks = Array.isArray(node.marks) ? node.marks : [];
  let out: ReactNode = node.text;
  if (marks.some((mark) => mark.type === 'italic')) out = <em>{out}</em>;
  if (marks.some((mark) => mark.type === 'bold')) out = <strong>{out}</strong>;
  const link = marks.find((mark) => mark.type === 'link');
  const href = link?.type === 'link' ? link.attrs?.href : undefined;
  if (safeHref(href) && href.startsWith(libraryPath)) {
    // A document of the library, when the page knows it; else the words alone.
    const document = libraryDocument(page, href);
    if (document) {
      out = (
        <DocumentLink className={linkClass} href={href} bytes={document.bytes}>
          {out}
        </DocumentLink>
      );
    }
  } else if (safeHref(href)) {
    out = isSitePath(href) ? (
      <a className={linkClass} href={localizePath(href, locale)}>
        {out}
      </a>
    ) : (
      <a className={linkClass} href={href} target="_blank" rel="noopener noreferrer">
        {out}
      </a>
    );
  }
  return out;
}

/** The text of a paragraph or heading. */
export function InlineContent({ content }: { content: ProseText[] | undefined }) {
  if (!Array.isArray(content)) return null;
  return content.map((node, index) => <Inline key={index} node={node} />);
}

/** A list's items; a bulleted one is marked with the small accent square BulletList uses. */
function ListItems({ items, bullet }: { items: ProseListItem[]; bullet?: boolean }) {
  return (Array.isArray(items) ? items : []).map((item, index) =>
    item.type !== 'listItem' ? null : bullet ? (
      <li key={index} className="flex gap-3 leading-7 text-ink sm:leading-[1.75]">
        <span
          aria-hidden="true"
          className="mt-[0.7rem] size-1.5 shrink-0 rotate-45 rounded-[1px] bg-accent"
        />
        <div className="min-w-0">
          <Blocks blocks={item.content} inList />
        </div>
      </li>
    ) : (
      <li key={index} className="ps-1 leading-7 text-ink sm:leading-[1.75]">
        <Blocks blocks={item.content} inList />
      </li>
    ),
  );
}

function Block({ block, inList }: { block: ProseBlock; inList?: boolean }) {
  const contentLang = useContentLang();
  // Each block outside a list is marked with the content's language, as Paragraphs marks each one.
  const lang = inList ? {} : contentLang;
  switch (block.type) {
    case 'paragraph':
      return (
        <p className={inList ? '' : bodyTextClass} {...lang}>
          <InlineContent content={block.content} />
        </p>
      );
    case 'heading': {
      const Tag = block.attrs?.level === 3 ? 'h3' : 'h2';
      return (
        <Tag className={subheadingClass} {...lang}>
          <InlineContent content={block.content} />
        </Tag>
      );
    }
    case 'bulletList':
      return (
        <ul
          {...lang}
          className={`measure space-y-3 text-base sm:text-[1.0625rem] ${inList ? 'mt-3' : ''}`}
        >
          <ListItems items={block.content} bullet />
        </ul>
      );
    case 'orderedList':
      return (
        <ol
          {...lang}
          start={block.attrs?.start && block.attrs.start > 1 ? block.attrs.start : undefined}
          className={`measure list-decimal space-y-3 ps-6 text-base marker:font-semibold marker:text-accent sm:text-[1.0625rem] ${inList ? 'mt-3' : ''}`}
        >
          <ListItems items={block.content} />
        </ol>
      );
    case 'image':
      return inList ? null : <ProseFigure node={block} />;
    default:
      return null;
  }
}

function Blocks({ blocks, inList }: { blocks: ProseBlock[]; inList?: boolean }) {
  if (!Array.isArray(blocks)) return null;
  return blocks.map((block, index) => <Block key={index} block={block} inList={inList} />);
}

/** A document of running text, in the content's language. */
export function Prose({ doc, className = '' }: { doc: ProseDoc; className?: string }) {
  return (
    <div className={`space-y-5 ${className}`}>
      <Blocks blocks={doc?.type === 'doc' ? doc.content : []} />
    </div>
  );
}

const partId = (index: number) => `section-${index + 1}`;

/** Contents-list entries for a document's second-level headings, as ProseSections numbers them. */
export function proseContents(doc: ProseDoc): ContentsEntry[] {
  return partsOf(doc).flatMap((part, index) =>
    part.heading
      ? [{ id: partId(index), label: inlineText(part.heading.content), fromContent: true }]
      : [],
  );
}

/** A document cut into titled sections at its second-level headings, each reachable as #id. */
export function ProseSections({ doc }: { doc: ProseDoc }) {
  return partsOf(doc).map((part, index) =>
    part.heading ? (
      <ContentSection
        key={index}
        id={partId(index)}
        heading={<InlineContent content={part.heading.content} />}
        headingFromContent
      >
        <Prose doc={{ type: 'doc', content: part.blocks }} />
      </ContentSection>
    ) : (
      <div key={index}>
        <Prose doc={{ type: 'doc', content: part.blocks }} />
      </div>
    ),
  );
}
