import type { SearchData, SearchGroup } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { presetImageUrl, UNKNOWN_PROGRAMME_IMAGE } from '../../lib/images';
import { buildUrl, routes } from '../../lib/routes';

/** The URL of page `page` of one group of the results for `term` (the §2 query rules, as the server writes it). */
export function searchGroupHref(term: string, type: SearchGroup['type'], page: number): string {
  return buildUrl(routes.zoeken(term), { page, type: page > 1 ? type : null }, { page: '1' });
}

function resultCount(total: number): string {
  return total === 1 ? '1 resultaat' : `${total} resultaten`;
}

/** Zoeken: the results grouped by type, each group with its count and its own paging. */
export function SearchPage({ data }: PageProps<SearchData>) {
  const total = data.groups.reduce((sum, g) => sum + g.total, 0);
  if (!data.term) {
    return (
      <div className="page">
        <PageHeading>Zoeken</PageHeading>
        <EmptyState>
          Typ een zoekwoord in het zoekvak bovenaan de pagina om programma’s, presentatoren, nieuws,
          fragmenten, podcasts en gedraaide nummers te vinden.
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page">
      <PageHeading>Zoekresultaten voor ‘{data.term}’</PageHeading>
      <p className="page-intro" role="status">
        {resultCount(total)}
      </p>
      {total === 0 && <EmptyState>Geen resultaten voor ‘{data.term}’. Probeer een ander woord.</EmptyState>}
      {data.groups
        .filter((g) => g.hits.length > 0)
        .map((g) => (
          <Section key={g.type} title={`${g.label} (${g.total})`}>
            <ul className="search-hits">
              {g.hits.map((hit) => (
                <li key={hit.url + hit.title} className="search-hit">
                  <Image
                    className="search-hit__image"
                    src={presetImageUrl(hit.imageUrl, 'NEWS_ITEM', UNKNOWN_PROGRAMME_IMAGE, 1)}
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
            <Pagination
              paging={g}
              label={`Pagina's van ${g.label}`}
              hrefFor={(page) => searchGroupHref(data.term, g.type, page)}
            />
          </Section>
        ))}
    </div>
  );
}
