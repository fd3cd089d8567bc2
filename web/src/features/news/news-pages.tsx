import { useLocation } from 'react-router';
import type { ArticleData, NewsData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { Deferred } from '../../components/deferred';
import { ArticleCard, CardGrid, CardGridItem, CardList } from '../../components/cards';
import { ArticleCategoryBadge, ChipNav } from '../../components/chips';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { Section } from '../../components/section';
import { formatPublishedWithTime } from '../../lib/format-date';
import { UNKNOWN_PROGRAMME_IMAGE, responsiveImage, type ResponsiveImage } from '../../lib/images';
import { isAppVariant, routes } from '../../lib/routes';
import { ContentBlocks } from './content-blocks';

/** Nieuws: category chips in their colours, tag filter and paging. */
export function NewsPage({ data }: PageProps<NewsData>) {
  const category = data.category?.slug ?? null;
  return (
    <div className="page">
      <PageHeading>{data.category ? `Nieuws: ${data.category.name}` : 'Nieuws'}</PageHeading>
      <ChipNav
        label="Categorieën"
        items={[
          { key: '', label: 'Alles', to: routes.nieuws(), active: !category },
          ...data.categories.map((c) => ({
            key: c.slug,
            label: c.name,
            to: routes.nieuws(c.slug),
            active: c.slug === category,
            color: c.color,
          })),
        ]}
      />
      {data.tag && (
        <p className="filter-note">
          Onderwerp: <strong>{data.tag}</strong> <AppLink to={routes.nieuws(category)}>Filter wissen</AppLink>
        </p>
      )}
      <CardList
        items={data.articles}
        keyOf={(a) => a.id}
        render={(a) => <ArticleCard article={a} />}
        empty="Geen artikelen gevonden."
        label="Artikelen"
      />
      <Pagination paging={data.paging} hrefFor={(page) => routes.nieuws(category, { page, tag: data.tag })} />
    </div>
  );
}

/**
 * The article's hero at the sizes of spec §9 (CAMPAIGN_HEADER: 640×360, 320×180 below M): its
 * srcset and sizes when the image can be resized, its width and height for the layout; CSS never
 * draws it wider than that size.
 */
export function articleHero(imageUrl: string | null | undefined): ResponsiveImage {
  return responsiveImage(imageUrl, 'CAMPAIGN_HEADER', UNKNOWN_PROGRAMME_IMAGE);
}

/** One article with its content blocks, tags and related articles. */
export function ArticlePage({ data }: PageProps<ArticleData>) {
  const { article } = data;
  const app = isAppVariant(useLocation().pathname);
  return (
    <article className="page article">
      {/* Beside the heading on wide screens, so that the text starts on the first screen. */}
      <div className="article__top">
        <header className="article__header">
          <ArticleCategoryBadge article={article} />
          <PageHeading>{article.title}</PageHeading>
          <p className="article__intro">{article.intro}</p>
          <p className="card__meta">
            {article.author} ·{' '}
            <time dateTime={article.publishedAt}>{formatPublishedWithTime(article.publishedAt)}</time>
            {article.programme && (
              <>
                {' · '}
                <AppLink to={routes.programma(article.programme.slug)}>{article.programme.name}</AppLink>
              </>
            )}
          </p>
        </header>
        <Image
          className="article__image"
          {...articleHero(article.imageUrl)}
          fallback={UNKNOWN_PROGRAMME_IMAGE}
          alt=""
          priority
        />
      </div>
      {/* A task of its own on the first page load (components/deferred). */}
      <Deferred>
        <ContentBlocks blocks={article.blocks} />
      </Deferred>
      {article.tags.length > 0 && (
        <ChipNav
          label="Onderwerpen"
          items={article.tags.map((t) => ({
            key: t,
            label: t,
            to: routes.nieuws(null, { tag: t }),
            active: false,
          }))}
        />
      )}
      {data.related.length > 0 && (
        <Section title="Meer nieuws">
          <CardGrid>
            {data.related.map((a) => (
              <CardGridItem key={a.id}>
                <ArticleCard article={a} app={app} />
              </CardGridItem>
            ))}
          </CardGrid>
        </Section>
      )}
    </article>
  );
}
