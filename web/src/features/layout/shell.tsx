import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { hiddenOverlays } from '../../lib/path-rules';
import { isAppVariant, isPopout } from '../../lib/routes';
import { Deferred } from '../../components/deferred';
import { ConsentLink } from '../consent';
import { EventModalSlot, MaintenanceBannerSlot } from '../overlays';
import { MiniPlayer, PLAY_BUTTON_ID, usePlayer } from '../player';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The event modal, held back while the expanded player (a modal dialog too) is open. */
function EventModal({ hidden }: { hidden: boolean }) {
  const { state } = usePlayer();
  return <EventModalSlot hidden={hidden} held={state.isPlayerExpanded} />;
}

/** 'Naar de speler': focus to the bar's play button (a fragment link alone would only scroll). */
function PlayerSkipLink() {
  return (
    <a
      className="skip-link skip-link--player"
      href={`#${PLAY_BUTTON_ID}`}
      onClick={(event) => {
        const button = document.getElementById(PLAY_BUTTON_ID);
        if (!button) return;
        event.preventDefault();
        button.focus();
      }}
    >
      Naar de speler
    </a>
  );
}

/** The page frame: skip links, overlays, header, main, footer and the persistent mini player. */
export function Shell() {
  const location = useLocation();
  const navigation = useNavigation();

  const app = isAppVariant(location.pathname);
  // App views and the pop-out player have no header or footer.
  const frameless = app || isPopout(location.pathname);
  // Spec §2 special path rules: which of the player, event modal and maintenance banner this path hides.
  const hidden = hiddenOverlays(location.pathname, location.search);
  // The pop-out window's page is the full player itself; a bar under it would only repeat it.
  const playerHidden = hidden.player || isPopout(location.pathname);
  const loading = navigation.state === 'loading';
  return (
    <div className={`app${app ? ' app--embedded' : ''}${playerHidden ? '' : ' app--with-player'}`}>
      {!frameless && (
        <a className="skip-link" href="#main">
          Naar de inhoud
        </a>
      )}
      {!frameless && !playerHidden && <PlayerSkipLink />}
      <MaintenanceBannerSlot hidden={hidden.maintenanceBanner} />
      {/* Header, page, footer and player bar each render in a task of their own on the first page
          load (components/deferred), behind the server's HTML. */}
      {!frameless && (
        <Deferred>
          <SiteHeader />
        </Deferred>
      )}
      {loading && <div className="progress" aria-hidden="true" />}
      <main id="main" tabIndex={-1} className="main" aria-busy={loading}>
        <Deferred>
          <Outlet />
        </Deferred>
      </main>
      {!frameless && (
        <Deferred>
          <SiteFooter />
        </Deferred>
      )}
      <ConsentLink />
      <Deferred>
        <MiniPlayer hidden={playerHidden} />
      </Deferred>
      <EventModal hidden={hidden.eventModal} />
      <ScrollRestoration />
    </div>
  );
}
