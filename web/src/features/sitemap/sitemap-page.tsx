import type { SitemapData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { ChipNav } from '../../components/chips';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { routes } from '../../lib/routes';

/** Sitemap: every group with its links; /sitemap/{group} shows one group. */
export function SitemapPage({ data }: PageProps<SitemapData>) {
  const shown = data.group ? data.groups.filter((g) => g.slug === data.group) : data.groups;
  return (
    <div className="page">
      <PageHeading>Sitemap</PageHeading>
      <ChipNav
        label="Onderdelen"
        items={[
          { key: '', label: 'Alles', to: routes.sitemap(), active: !data.group },
          ...data.groups.map((g) => ({
            key: g.slug,
            label: g.title,
            to: routes.sitemap(g.slug),
            active: g.slug === data.group,
          })),
        ]}
      />
      {shown.length === 0 && <EmptyState>Geen pagina's gevonden.</EmptyState>}
      <div className="sitemap">
        {shown.map((g) => (
          <Section key={g.slug} title={g.title}>
            {g.links.length ? (
              <ul className="sitemap__links">
                {g.links.map((l) => (
                  <li key={l.url}>
                    <AppLink to={l.url}>{l.title}</AppLink>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState>Geen pagina's gevonden.</EmptyState>
            )}
          </Section>
        ))}
      </div>
    </div>
  );
}
