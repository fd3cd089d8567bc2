import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, useRouteLoaderData } from 'react-router';
import type { LiveData, HomeData, OnAir, PageEnvelope } from '../../api/types';
import { useSite } from '../../app/site-context';
import { isAppVariant } from '../../lib/routes';
import { PlayerSlot } from './player-slot';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function onAirOf(envelope: PageEnvelope | undefined, channel: string): OnAir | null {
  if (!envelope) return null;
  if (envelope.route === 'home') return (envelope.data as HomeData).onAir;
  if (envelope.route === 'live') {
    const onAir = (envelope.data as LiveData).onAir;
    return onAir.channel.slug === channel ? onAir : null;
  }
  return null;
}

/** The page frame: skip link, header, main, footer and the persistent player slot. */
export function Shell() {
  const site = useSite();
  const location = useLocation();
  const navigation = useNavigation();
  const envelope = useRouteLoaderData('page') as PageEnvelope | undefined;
  const [onAir, setOnAir] = useState<OnAir | null>(null);
  const seen = onAirOf(envelope, site.defaultChannel);
  if (seen && seen !== onAir) setOnAir(seen);

  const app = isAppVariant(location.pathname);
  // Spec §2: no player on /live, in app views and in content-management previews.
  const preview =
    location.pathname.includes('/preview') &&
    new URLSearchParams(location.search).has('x-craft-live-preview');
  const playerHidden = app || preview || location.pathname === '/live';
  const loading = navigation.state === 'loading';
  return (
    <div className={`app${app ? ' app--embedded' : ''}${playerHidden ? '' : ' app--with-player'}`}>
      {!app && (
        <a className="skip-link" href="#main">
          Naar de inhoud
        </a>
      )}
      {!app && <SiteHeader />}
      {loading && <div className="progress" aria-hidden="true" />}
      <main id="main" tabIndex={-1} className="main" aria-busy={loading}>
        <Outlet />
      </main>
      {!app && <SiteFooter />}
      {!playerHidden && <PlayerSlot onAir={onAir} />}
      <ScrollRestoration />
    </div>
  );
}
