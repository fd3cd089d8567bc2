import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { isAppVariant, isPopout } from '../../lib/routes';
import { MiniPlayer } from '../player';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The page frame: skip link, header, main, footer and the persistent mini player. */
export function Shell() {
  const location = useLocation();
  const navigation = useNavigation();

  const app = isAppVariant(location.pathname);
  // App views and the pop-out player have no header or footer.
  const frameless = app || isPopout(location.pathname);
  // Spec §2: no player on /live, in app views and in content-management previews.
  const preview =
    location.pathname.includes('/preview') &&
    new URLSearchParams(location.search).has('x-craft-live-preview');
  const playerHidden = app || preview || location.pathname === '/live';
  const loading = navigation.state === 'loading';
  return (
    <div className={`app${app ? ' app--embedded' : ''}${playerHidden ? '' : ' app--with-player'}`}>
      {!frameless && (
        <a className="skip-link" href="#main">
          Naar de inhoud
        </a>
      )}
      {!frameless && <SiteHeader />}
      {loading && <div className="progress" aria-hidden="true" />}
      <main id="main" tabIndex={-1} className="main" aria-busy={loading}>
        <Outlet />
      </main>
      {!frameless && <SiteFooter />}
      <MiniPlayer hidden={playerHidden} />
      <ScrollRestoration />
    </div>
  );
}
