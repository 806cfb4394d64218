import type { Section } from './content';
import type { ContentsEntry } from './on-this-page';
import { BulletList, ContentSection } from './prose';
import { Prose } from './prose-doc';

const sectionId = (index: number) => `section-${index + 1}`;

/** Contents-list entries for the sections that have a heading. */
export function sectionEntries(sections: Section[]): ContentsEntry[] {
  return sections.flatMap((section, index) =>
    section.heading ? [{ id: sectionId(index), label: section.heading, fromContent: true }] : [],
  );
}

function SectionText({ section }: { section: Section }) {
  return (
    <>
      <Prose doc={section.paragraphs} />
      {section.items && section.items.length > 0 && (
        <BulletList items={section.items} className="mt-5" />
      )}
    </>
  );
}

/** Sections of running text, each with its heading (when it has one), paragraphs and bullets. */
export function ContentSections({ sections }: { sections: Section[] }) {
  return sections.map((section, index) =>
    section.heading ? (
      <ContentSection
        key={index}
        id={sectionId(index)}
        heading={section.heading}
        headingFromContent
      >
        <SectionText section={section} />
      </ContentSection>
    ) : (
      <div key={index}>
        <SectionText section={section} />
      </div>
    ),
  );
}
