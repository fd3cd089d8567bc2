import type { SearchData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { AppLink } from '../../components/app-link';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { UNKNOWN_PROGRAMME_IMAGE } from '../../lib/images';

/** Zoeken: results grouped by type. */
export function SearchPage({ data }: PageProps<SearchData>) {
  const total = data.groups.reduce((sum, g) => sum + g.total, 0);
  return (
    <div className="page">
      <PageHeading>Zoekresultaten voor ‘{data.term}’</PageHeading>
      <p className="page-intro" role="status">
        {total === 1 ? '1 resultaat' : `${total} resultaten`}
      </p>
      {total === 0 && (
        <EmptyState>Geen resultaten gevonden voor ‘{data.term}’. Probeer een ander woord.</EmptyState>
      )}
      {data.groups
        .filter((g) => g.hits.length > 0)
        .map((g) => (
          <Section key={g.type} title={`${g.label} (${g.total})`}>
            <ul className="search-hits">
              {g.hits.map((hit) => (
                <li key={hit.url + hit.title} className="search-hit">
                  <Image
                    className="search-hit__image"
                    src={hit.imageUrl || UNKNOWN_PROGRAMME_IMAGE}
                    fallback={UNKNOWN_PROGRAMME_IMAGE}
                    alt=""
                    width={96}
                    height={72}
                  />
                  <div>
                    <h3 className="search-hit__title">
                      <AppLink to={hit.url}>{hit.title}</AppLink>
                    </h3>
                    <p className="card__text">{hit.text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        ))}
    </div>
  );
}
