import type { PresenterData, PresentersData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { FragmentCard, PresenterCard, ProgrammeCard, CardList } from '../../components/cards';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { UNKNOWN_PROGRAMME_IMAGE, responsiveImage } from '../../lib/images';

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
      <header className="detail-header">
        <Image
          className="detail-header__image detail-header__image--round"
          {...responsiveImage(presenter.imageUrl, 'ARTIST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
          fallback={UNKNOWN_PROGRAMME_IMAGE}
          alt={`Portret van ${presenter.name}`}
          priority
        />
        <div>
          <p className="card__kicker">{presenter.role}</p>
          <PageHeading>{presenter.name}</PageHeading>
          <p className="prose">{presenter.bio}</p>
        </div>
      </header>
      <Section title="Programma's">
        <CardList
          items={data.programmes}
          keyOf={(p) => p.slug}
          render={(p) => <ProgrammeCard programme={p} />}
          empty="Geen programma's gevonden."
        />
      </Section>
      <Section title="Fragmenten">
        <CardList
          items={data.fragments}
          keyOf={(f) => f.id}
          render={(f) => <FragmentCard fragment={f} />}
          empty="Geen fragmenten gevonden."
        />
      </Section>
    </div>
  );
}
