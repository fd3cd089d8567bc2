import type { ProgrammeFragmentsData, ProgrammeNewsData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useRouteDefaults } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { ArticleCard, CardList } from '../../components/cards';
import { ChipNav } from '../../components/chips';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { routes } from '../../lib/routes';
import { TaggedFragments } from '../fragments';

/** The fragments of one programme, with tag filter and paging. */
export function ProgrammeFragmentsPage({ data }: PageProps<ProgrammeFragmentsData>) {
  const defaults = useRouteDefaults();
  const slug = data.programme.slug;
  const href = (params: { tag?: string | null; page?: number }) =>
    routes.programmaFragmenten(slug, { date: data.date, tag: data.tag, ...params }, defaults);
  return (
    <div className="page">
      <p className="breadcrumb">
        <AppLink to={routes.programma(slug)}>{data.programme.name}</AppLink>
      </p>
      <PageHeading>Fragmenten van {data.programme.name}</PageHeading>
      <TaggedFragments
        data={data}
        href={href}
        dayHref={(date) => routes.programmaFragmenten(slug, { date, tag: data.tag }, defaults)}
      />
    </div>
  );
}

/** The news of one programme, with category filter and paging. */
export function ProgrammeNewsPage({ data }: PageProps<ProgrammeNewsData>) {
  const slug = data.programme.slug;
  return (
    <div className="page">
      <p className="breadcrumb">
        <AppLink to={routes.programma(slug)}>{data.programme.name}</AppLink>
      </p>
      <PageHeading>Nieuws van {data.programme.name}</PageHeading>
      <ChipNav
        label="Categorieën"
        items={[
          { key: '', label: 'Alles', to: routes.programmaNieuws(slug), active: !data.category },
          ...data.categories.map((c) => ({
            key: c.slug,
            label: c.name,
            to: routes.programmaNieuws(slug, { category: c.slug }),
            active: data.category === c.slug,
            color: c.color,
          })),
        ]}
      />
      <CardList
        items={data.articles}
        keyOf={(a) => a.id}
        render={(a) => <ArticleCard article={a} />}
        empty="Geen nieuws gevonden."
      />
      <Pagination
        paging={data.paging}
        hrefFor={(page) => routes.programmaNieuws(slug, { category: data.category, page })}
      />
    </div>
  );
}
