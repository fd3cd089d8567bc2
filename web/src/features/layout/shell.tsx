import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { hiddenOverlays } from '../../lib/path-rules';
import { isAppVariant, isPopout } from '../../lib/routes';
import { ConsentLink } from '../consent';
import { EventModalSlot, MaintenanceBannerSlot } from '../overlays';
import { MiniPlayer } from '../player';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The page frame: skip link, overlays, header, main, footer and the persistent mini player. */
export function Shell() {
  const location = useLocation();
  const navigation = useNavigation();

  const app = isAppVariant(location.pathname);
  // App views and the pop-out player have no header or footer.
  const frameless = app || isPopout(location.pathname);
  // Spec §2 special path rules: which of the player, event modal and maintenance banner this path hides.
  const hidden = hiddenOverlays(location.pathname, location.search);
  const playerHidden = hidden.player;
  const loading = navigation.state === 'loading';
  return (
    <div className={`app${app ? ' app--embedded' : ''}${playerHidden ? '' : ' app--with-player'}`}>
      {!frameless && (
        <a className="skip-link" href="#main">
          Naar de inhoud
        </a>
      )}
      <MaintenanceBannerSlot hidden={hidden.maintenanceBanner} />
      {!frameless && <SiteHeader />}
      {loading && <div className="progress" aria-hidden="true" />}
      <main id="main" tabIndex={-1} className="main" aria-busy={loading}>
        <Outlet />
      </main>
      {!frameless && <SiteFooter />}
      <ConsentLink />
      <MiniPlayer hidden={playerHidden} />
      <EventModalSlot hidden={hidden.eventModal} />
      <ScrollRestoration />
    </div>
  );
}
