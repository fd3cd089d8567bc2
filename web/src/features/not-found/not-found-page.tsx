import type { NotFoundData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useRouteDefaults } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { PageHeading } from '../../components/page-heading';
import { SearchForm } from '../layout';
import { routes } from '../../lib/routes';

/** The Dutch not-found page with links onwards. */
export function NotFoundPage({ data, envelope }: PageProps<NotFoundData>) {
  const defaults = useRouteDefaults();
  if (envelope.status === 403) {
    return (
      <div className="page not-found">
        <PageHeading>Geen toegang tot dit voorbeeld</PageHeading>
        <p className="page-intro">
          {data.message ?? 'Deze voorbeeldlink is ongeldig.'} Een voorbeeld van een pagina die nog niet is
          gepubliceerd, is alleen te zien met een geldige link van de redactie.
        </p>
        <p>
          <AppLink to={routes.home()}>Naar de homepage</AppLink>
        </p>
      </div>
    );
  }
  return (
    <div className="page not-found">
      <PageHeading>Deze pagina bestaat niet (meer)</PageHeading>
      <p className="page-intro">
        We konden <code>{data.path}</code> niet vinden. Misschien is de pagina verplaatst of verwijderd.
      </p>
      <nav aria-label="Verder naar">
        <ul className="link-list">
          <li>
            <AppLink to={routes.home()}>Naar de homepage</AppLink>
          </li>
          <li>
            <AppLink to={routes.gids(null, null, defaults)}>Bekijk de gids</AppLink>
          </li>
          <li>
            <AppLink to={routes.nieuws()}>Lees het laatste nieuws</AppLink>
          </li>
        </ul>
      </nav>
      <h2 className="section__title">Zoeken</h2>
      {/* The header has a search form too: this landmark has its own name. */}
      <SearchForm label="Zoek verder" fieldLabel="Zoek verder op de site" />
    </div>
  );
}
