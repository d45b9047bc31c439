import type { ReactNode } from 'react';
import type { PublicSection } from '../../contracts/tournament';

const anchorOf = (section: PublicSection) => `section-${section.slug}`;

/**
 * The sections of an event (ADR 044) as links to each one's part of the page: plain anchors, so they work before
 * the page's script has loaded and without it.
 */
export function SectionNav({ sections }: { sections: readonly PublicSection[] }) {
  return (
    <nav aria-label="Sections" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold text-fg">Sections:</span>
      {sections.map((section) => (
        <a
          key={section.slug}
          href={`#${anchorOf(section)}`}
          className="rounded-full border border-line bg-surface px-3 py-1 font-semibold text-link hover:bg-surface-muted"
        >
          {section.name}
        </a>
      ))}
    </nav>
  );
}

/** One section's part of a page: its name as a heading, and what the page shows of it. */
export function SectionBlock({ section, children }: { section: PublicSection; children: ReactNode }) {
  const id = anchorOf(section);
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="flex scroll-mt-24 flex-col gap-4">
      <h2 id={`${id}-title`} className="font-display text-2xl font-bold text-fg">
        {section.name}
      </h2>
      {children}
    </section>
  );
}

/**
 * Rows shown whole in an event without sections, or section by section (with the links to each) in one with them:
 * `render` draws the rows of one group and a label that tells its table apart from the others'.
 */
export function BySection<Row extends { section?: string | undefined }>({
  sections,
  rows,
  render,
}: {
  sections: readonly PublicSection[] | undefined;
  rows: readonly Row[];
  render: (rows: Row[], label: string | null) => ReactNode;
}) {
  if (!sections || sections.length === 0) return <>{render([...rows], null)}</>;
  return (
    <div className="flex flex-col gap-8">
      <SectionNav sections={sections} />
      {sections.map((section) => (
        <SectionBlock key={section.slug} section={section}>
          {render(
            rows.filter((row) => row.section === section.slug),
            section.name,
          )}
        </SectionBlock>
      ))}
    </div>
  );
}
