import type { ProgrammeData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useNow, useRouteDefaults } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { DetailHeader } from '../../components/detail-header';
import { BroadcasterIcons, BroadcastList } from '../../components/broadcast-list';
import { ArticleCard, BroadcastCard, PresenterCard, CardList } from '../../components/cards';
import { FragmentCards } from '../player';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { routes } from '../../lib/routes';

/** A programme: description, presenters, upcoming and past broadcasts, fragments and news. */
export function ProgrammePage({ data }: PageProps<ProgrammeData>) {
  const { programme } = data;
  const defaults = useRouteDefaults();
  const now = useNow();
  return (
    <div className="page">
      <DetailHeader
        imageUrl={programme.imageUrl}
        preset="CAMPAIGN_HEADER"
        alt={programme.imageAlt ?? ''}
        kicker={programme.channel.name}
        title={programme.name}
      >
        <p className="page-intro">{programme.summary}</p>
        <p className="card__meta">{programme.schedule}</p>
        <BroadcasterIcons broadcasters={programme.broadcasters} />
      </DetailHeader>
      <p className="prose">{programme.description}</p>
      <p className="link-row">
        <AppLink to={routes.programmaFragmenten(programme.slug, {}, defaults)}>Alle fragmenten</AppLink>
        <AppLink to={routes.programmaNieuws(programme.slug)}>Al het nieuws</AppLink>
        <AppLink to={routes.uitzendingen({ programme: programme.slug })}>Gemiste uitzendingen</AppLink>
      </p>

      <Section title="Presentatoren">
        <CardList
          items={data.presenters}
          keyOf={(p) => p.slug}
          render={(p) => <PresenterCard presenter={p} />}
          empty="Geen presentatoren gevonden."
        />
      </Section>

      <Section title="Binnenkort">
        {data.upcoming.length ? (
          <BroadcastList broadcasts={data.upcoming} now={now} withDay />
        ) : (
          <EmptyState>Geen geplande uitzendingen gevonden.</EmptyState>
        )}
      </Section>

      <Section
        title="Fragmenten"
        more={{ to: routes.programmaFragmenten(programme.slug, {}, defaults), label: 'Alle fragmenten' }}
      >
        <FragmentCards fragments={data.fragments} />
      </Section>

      <Section title="Nieuws" more={{ to: routes.programmaNieuws(programme.slug), label: 'Al het nieuws' }}>
        <CardList
          items={data.news}
          keyOf={(a) => a.id}
          render={(a) => <ArticleCard article={a} />}
          empty="Geen nieuws gevonden."
        />
      </Section>

      <Section
        title="Gemist"
        more={{ to: routes.uitzendingen({ programme: programme.slug }), label: 'Alle uitzendingen' }}
      >
        <CardList
          items={data.broadcasts}
          keyOf={(b) => b.id}
          render={(b) => <BroadcastCard broadcast={b} />}
          empty="Er zijn geen opnames van recente uitzendingen om terug te luisteren."
        />
      </Section>
    </div>
  );
}
