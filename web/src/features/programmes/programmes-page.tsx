import type { ProgrammesData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { CardGrid, CardGridItem, ProgrammeCard } from '../../components/cards';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';

/** Programma's, grouped by channel. */
export function ProgrammesPage({ data }: PageProps<ProgrammesData>) {
  const groups = new Map<string, { name: string; items: ProgrammesData['programmes'] }>();
  for (const p of data.programmes) {
    const group = groups.get(p.channel.slug) ?? { name: p.channel.name, items: [] };
    group.items.push(p);
    groups.set(p.channel.slug, group);
  }
  return (
    <div className="page">
      <PageHeading>Programma's</PageHeading>
      {data.programmes.length === 0 && <EmptyState>Geen programma's gevonden.</EmptyState>}
      {[...groups.entries()].map(([slug, group]) => (
        <Section key={slug} title={group.name}>
          <CardGrid>
            {group.items.map((p) => (
              <CardGridItem key={p.slug}>
                <ProgrammeCard programme={p} />
              </CardGridItem>
            ))}
          </CardGrid>
        </Section>
      ))}
    </div>
  );
}
