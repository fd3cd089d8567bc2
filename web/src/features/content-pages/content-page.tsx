import { useLocation } from 'react-router';
import type { ContentPageData, PageBlock } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { AppLink } from '../../components/app-link';
import { ArticleCard, CardGrid, CardGridItem, PodcastCard, CardList } from '../../components/cards';
import { FragmentCards } from '../player';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { radioBlockCounterEvent, trackEvent } from '../../lib/analytics';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl, presetSize } from '../../lib/images';
import { isAppVariant } from '../../lib/routes';

function Block({ block, app }: { block: PageBlock; app: boolean }) {
  switch (block.type) {
    case 'hero':
      return (
        <section className="hero-block" aria-label={block.title}>
          <Image
            className="hero-block__image"
            src={presetImageUrl(block.imageUrl, 'LARGE_TILE', UNKNOWN_PROGRAMME_IMAGE)}
            fallback={UNKNOWN_PROGRAMME_IMAGE}
            alt=""
            width={1280}
            height={720}
            eager
          />
          <div className="hero-block__body">
            <h2 className="hero-block__title">{block.title}</h2>
            <p>{block.text}</p>
            {block.url && (
              <AppLink className="button" to={block.url}>
                Bekijk<span className="visually-hidden"> {block.title}</span>
              </AppLink>
            )}
          </div>
        </section>
      );
    case 'text':
      return (
        <Section title={block.title}>
          <p className="prose">{block.text}</p>
        </Section>
      );
    case 'tiles': {
      const { width, height } = presetSize('TILE', 1);
      return (
        <Section title={block.title}>
          {block.items.length ? (
            <CardGrid>
              {block.items.map((item) => (
                <CardGridItem key={item.url + item.title}>
                  <article className="card">
                    <Image
                      className="card__image"
                      src={presetImageUrl(item.imageUrl, 'TILE', UNKNOWN_PROGRAMME_IMAGE, 1)}
                      fallback={UNKNOWN_PROGRAMME_IMAGE}
                      alt=""
                      width={width}
                      height={height}
                    />
                    <div className="card__body">
                      <h3 className="card__title">
                        <AppLink className="card__link" to={item.url}>
                          {item.title}
                        </AppLink>
                      </h3>
                      <p className="card__text">{item.text}</p>
                    </div>
                  </article>
                </CardGridItem>
              ))}
            </CardGrid>
          ) : (
            <EmptyState>Geen onderdelen gevonden.</EmptyState>
          )}
        </Section>
      );
    }
    case 'fragments':
      return (
        <Section title={block.title}>
          <FragmentCards fragments={block.items} />
        </Section>
      );
    case 'articles':
      return (
        <Section title={block.title}>
          <CardList
            items={block.items}
            keyOf={(a) => a.id}
            render={(a) => <ArticleCard article={a} app={app} />}
            empty="Geen artikelen gevonden."
          />
        </Section>
      );
    case 'podcasts':
      return (
        <Section title={block.title}>
          <CardList
            items={block.items}
            keyOf={(p) => p.slug}
            render={(p) => <PodcastCard feed={p} />}
            empty="Geen podcasts gevonden."
          />
        </Section>
      );
    case 'radio':
      return (
        <Section title={block.title} className="radio-block">
          <p className="card__kicker">{block.channel.name}</p>
          {block.items.length ? (
            <ol className="radio-block__list">
              {block.items.map((item) => (
                <li key={item.slug} className="radio-block__item">
                  <span className="radio-block__label" aria-hidden="true">
                    {item.label}
                  </span>
                  {item.hasNoLink || !item.url ? (
                    <span>{item.title}</span>
                  ) : (
                    <AppLink to={item.url} onClick={() => trackEvent(radioBlockCounterEvent(item))}>
                      {item.title}
                    </AppLink>
                  )}
                </li>
              ))}
            </ol>
          ) : (
            <EmptyState>Geen onderdelen gevonden.</EmptyState>
          )}
        </Section>
      );
    default:
      return null;
  }
}

/** Theme (/thema) and overview (/overzicht) pages: every PageBlock type. */
export function ContentPage({ data }: PageProps<ContentPageData>) {
  const app = isAppVariant(useLocation().pathname);
  return (
    <div className="page">
      <PageHeading>{data.title}</PageHeading>
      {data.description && <p className="page-intro">{data.description}</p>}
      {data.blocks.length === 0 && <EmptyState>Geen inhoud gevonden.</EmptyState>}
      {data.blocks.map((block, i) => (
        <Block key={i} block={block} app={app} />
      ))}
    </div>
  );
}
