import { useRouteDefaults, useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { routes } from '../../lib/routes';

/** The footer with the sitemap link. */
export function SiteFooter() {
  const site = useSite();
  const defaults = useRouteDefaults();
  return (
    <footer className="site-footer">
      <nav aria-label="Voettekst">
        <ul>
          <li>
            <AppLink to={routes.sitemap()}>Sitemap</AppLink>
          </li>
          <li>
            <AppLink to={routes.gids(null, null, defaults)}>Gids</AppLink>
          </li>
          <li>
            <AppLink to={routes.nieuws()}>Nieuws</AppLink>
          </li>
          <li>
            <AppLink to={routes.podcasts()}>Podcasts</AppLink>
          </li>
        </ul>
      </nav>
      <p>
        © {new Date().getFullYear()} {site.name}. Alle tijden in Nederlandse tijd.
      </p>
    </footer>
  );
}
