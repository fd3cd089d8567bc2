import { useLocation } from 'react-router';
import { useRouteDefaults, useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { routes } from '../../lib/routes';
import { MainNav, type NavItem } from './main-nav';
import { SearchForm, searchTermOf } from './search-form';

/** The header: logo, main navigation, the channel family and the search box. */
export function SiteHeader() {
  const site = useSite();
  const defaults = useRouteDefaults();
  const nav: NavItem[] = [
    { to: routes.gids(null, null, defaults), label: 'Gids' },
    { to: routes.gedraaid({}, defaults), label: 'Gedraaid' },
    { to: routes.programmas(), label: "Programma's" },
    { to: routes.presentatoren(), label: 'Presentatoren' },
    { to: routes.nieuws(), label: 'Nieuws' },
    { to: routes.fragmenten({}, defaults), label: 'Fragmenten' },
    { to: routes.uitzendingen(), label: 'Gemist' },
    { to: routes.podcasts(), label: 'Podcasts' },
    { to: routes.videos(), label: "Video's" },
    { to: routes.live(), label: 'Kijk live' },
  ];
  const parents = site.channels.filter((c) => c.parentSlug === null);
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <div className="site-header__top">
        <AppLink to={routes.home()} className="logo">
          <span className="logo__mark" aria-hidden="true">
            ◉
          </span>
          <span className="logo__text">{site.name}</span>
          <span className="visually-hidden">, naar de homepage</span>
        </AppLink>
        {/* On /zoeken/{term} the box keeps the term; a new results page brings its own. */}
        <SearchForm key={searchTermOf(pathname)} initial={searchTermOf(pathname)} />
      </div>
      <MainNav items={nav} />
      {parents.length > 1 && (
        <nav aria-label="Zenders" className="channel-nav">
          <ul>
            {site.channels.map((c) => (
              <li key={c.slug} className={c.parentSlug ? 'channel-nav__child' : undefined}>
                <AppLink to={routes.gids(null, c.slug, defaults)} className="channel-nav__link">
                  <span className="channel-dot" style={{ background: c.color }} aria-hidden="true" />
                  {c.name}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}
