import type { PresenterData, PresentersData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { PresenterCard, ProgrammeCard, CardList } from '../../components/cards';
import { FragmentCards } from '../player';
import { DetailHeader } from '../../components/detail-header';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';

/** All presenters. */
export function PresentersPage({ data }: PageProps<PresentersData>) {
  return (
    <div className="page">
      <PageHeading>Presentatoren</PageHeading>
      <CardList
        items={data.presenters}
        keyOf={(p) => p.slug}
        render={(p) => <PresenterCard presenter={p} />}
        empty="Geen presentatoren gevonden."
      />
    </div>
  );
}

/** One presenter: bio, programmes and fragments. */
export function PresenterPage({ data }: PageProps<PresenterData>) {
  const { presenter } = data;
  return (
    <div className="page">
      <DetailHeader
        imageUrl={presenter.imageUrl}
        preset="ARTIST_ITEM"
        alt={presenter.imageAlt || `Portret van ${presenter.name}`}
        round
        kicker={presenter.role}
        title={presenter.name}
      >
        <p className="prose">{presenter.bio}</p>
      </DetailHeader>
      <Section title="Programma's">
        <CardList
          items={data.programmes}
          keyOf={(p) => p.slug}
          render={(p) => <ProgrammeCard programme={p} />}
          empty="Geen programma's gevonden."
        />
      </Section>
      <Section title="Fragmenten">
        <FragmentCards fragments={data.fragments} />
      </Section>
    </div>
  );
}
