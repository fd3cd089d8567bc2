import type { HomeData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useNow, useRouteDefaults, useSite } from '../../lib/site-context';
import { BroadcastList } from '../../components/broadcast-list';
import { ArticleCard, PodcastCard, CardList } from '../../components/cards';
import { FragmentCards } from '../player';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { routes } from '../../lib/routes';
import { ChannelFamily, OnAirHero } from './on-air';

/** Home: on air now, the channel family, news, fragments, podcasts and today's guide. */
export function HomePage({ data }: PageProps<HomeData>) {
  const site = useSite();
  const defaults = useRouteDefaults();
  const now = useNow();
  return (
    <div className="page page--home">
      <section aria-labelledby="main-heading" className="home-hero">
        <PageHeading className="home-hero__title">Nu op {data.onAir.channel.name}</PageHeading>
        <OnAirHero onAir={data.onAir} defaults={defaults} />
      </section>

      <Section title={`De zenders van ${site.name}`}>
        {data.channels.length ? (
          <ChannelFamily channels={data.channels} defaults={defaults} />
        ) : (
          <EmptyState>Geen zenders gevonden.</EmptyState>
        )}
      </Section>

      <Section title="Laatste nieuws" more={{ to: routes.nieuws(), label: 'Al het nieuws' }}>
        <CardList
          items={data.news}
          keyOf={(a) => a.id}
          render={(a) => <ArticleCard article={a} />}
          empty="Geen nieuws gevonden."
          label="Nieuws"
        />
      </Section>

      <Section title="Fragmenten" more={{ to: routes.fragmenten({}, defaults), label: 'Alle fragmenten' }}>
        <FragmentCards fragments={data.fragments} label="Fragmenten" />
      </Section>

      <Section title="Podcasts" more={{ to: routes.podcasts(), label: 'Alle podcasts' }}>
        <CardList
          items={data.podcasts}
          keyOf={(p) => p.slug}
          render={(p) => <PodcastCard feed={p} />}
          empty="Geen podcasts gevonden."
          label="Podcasts"
        />
      </Section>

      <Section
        title={`Vandaag op ${data.onAir.channel.name}`}
        more={{ to: routes.gids(null, null, defaults), label: 'Hele gids' }}
      >
        {data.guide.length ? (
          <BroadcastList broadcasts={data.guide} now={now} />
        ) : (
          <EmptyState>Geen uitzendingen gevonden.</EmptyState>
        )}
      </Section>
    </div>
  );
}
