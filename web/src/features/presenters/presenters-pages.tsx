import type { PresenterData, PresentersData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { CardGrid, CardGridItem, FragmentCard, PresenterCard, ProgrammeCard } from '../../components/cards';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { Section } from '../../components/section';
import { EmptyState } from '../../components/states';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../../lib/images';

/** All presenters. */
export function PresentersPage({ data }: PageProps<PresentersData>) {
  return (
    <div className="page">
      <PageHeading>Presentatoren</PageHeading>
      {data.presenters.length ? (
        <CardGrid>
          {data.presenters.map((p) => (
            <CardGridItem key={p.slug}>
              <PresenterCard presenter={p} />
            </CardGridItem>
          ))}
        </CardGrid>
      ) : (
        <EmptyState>Geen presentatoren gevonden.</EmptyState>
      )}
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
          src={presetImageUrl(presenter.imageUrl, 'ARTIST_ITEM', UNKNOWN_PROGRAMME_IMAGE)}
          fallback={UNKNOWN_PROGRAMME_IMAGE}
          alt={`Portret van ${presenter.name}`}
          width={260}
          height={260}
          eager
        />
        <div>
          <p className="card__kicker">{presenter.role}</p>
          <PageHeading>{presenter.name}</PageHeading>
          <p className="prose">{presenter.bio}</p>
        </div>
      </header>
      <Section title="Programma's">
        {data.programmes.length ? (
          <CardGrid>
            {data.programmes.map((p) => (
              <CardGridItem key={p.slug}>
                <ProgrammeCard programme={p} />
              </CardGridItem>
            ))}
          </CardGrid>
        ) : (
          <EmptyState>Geen programma's gevonden.</EmptyState>
        )}
      </Section>
      <Section title="Fragmenten">
        {data.fragments.length ? (
          <CardGrid>
            {data.fragments.map((f) => (
              <CardGridItem key={f.id}>
                <FragmentCard fragment={f} />
              </CardGridItem>
            ))}
          </CardGrid>
        ) : (
          <EmptyState>Geen fragmenten gevonden.</EmptyState>
        )}
      </Section>
    </div>
  );
}
