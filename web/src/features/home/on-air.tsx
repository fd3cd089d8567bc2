import type { BroadcasterRef, OnAir } from '../../api/types';
import { AppLink } from '../../components/app-link';
import { BroadcasterIcons } from '../../components/broadcast-list';
import { OnAirTrack } from '../../components/on-air-track';
import { Image } from '../../components/image';
import { UNKNOWN_PROGRAMME_IMAGE, responsiveImage } from '../../lib/images';
import { routes, type RouteDefaults } from '../../lib/routes';
import { useLiveNow } from '../player';
import { LiveButton } from './live-button';

/**
 * The big 'now on air' block of a channel: show, presenters, broadcasters and song. It starts from
 * the page data and then follows the same live data as the mini player (useLiveNow), so it never
 * keeps a song the player has moved past.
 */
export function OnAirHero({ onAir, defaults }: { onAir: OnAir; defaults: RouteDefaults }) {
  const { channel, broadcast } = onAir;
  const { now, live } = useLiveNow(onAir);
  const { show, track } = now;
  // While the page's broadcast is still on air its artwork and logos stay; a new show brings its own.
  const liveShow = live?.show;
  const sameShow = !liveShow || (broadcast !== null && liveShow.name === broadcast.title);
  const imageUrl = sameShow ? broadcast?.imageUrl : liveShow.imageUrls.url600;
  const broadcasters: BroadcasterRef[] = sameShow
    ? (broadcast?.broadcasters ?? [])
    : liveShow.broadcasters.map((b) => ({ ...b, logoUrl: b.logoUrl ?? '' }));
  return (
    <div className="on-air" style={{ borderColor: channel.color }}>
      <Image
        className="on-air__image"
        {...responsiveImage(imageUrl, 'TILE', UNKNOWN_PROGRAMME_IMAGE)}
        fallback={UNKNOWN_PROGRAMME_IMAGE}
        alt=""
        priority
      />
      <div className="on-air__body">
        <p className="on-air__channel">
          <span className="channel-dot" style={{ background: channel.color }} aria-hidden="true" />
          {channel.name}
          <span className="live-badge">Live</span>
        </p>
        {show ? (
          <>
            <p className="on-air__show">
              {show.url ? <AppLink to={show.url}>{show.name}</AppLink> : show.name}
            </p>
            <p className="on-air__meta">
              {show.time}
              {show.presenters && <> · Met {show.presenters}</>}
            </p>
            <BroadcasterIcons broadcasters={broadcasters} />
          </>
        ) : (
          <p className="on-air__show">Er is nu geen programma op {channel.name}.</p>
        )}
        {track && <OnAirTrack track={track} />}
        <p className="on-air__play">
          <LiveButton channel={channel} />
        </p>
        <p className="on-air__links">
          <AppLink to={routes.gedraaid({ channel: channel.slug }, defaults)}>
            Gedraaid op {channel.name}
          </AppLink>
          <AppLink to={routes.gids(null, channel.slug, defaults)}>Gids</AppLink>
          {channel.hasVisualRadio && <AppLink to={routes.live(channel.slug, defaults)}>Kijk live</AppLink>}
        </p>
      </div>
    </div>
  );
}

/** One channel of the family, following its live data by the 20 s poll (no SSE per channel). */
function ChannelCard({ onAir, defaults }: { onAir: OnAir; defaults: RouteDefaults }) {
  const { channel } = onAir;
  const { now } = useLiveNow(onAir, { push: false });
  return (
    <li className="channel-card" style={{ borderTopColor: channel.color }}>
      <h3 className="channel-card__name">
        <AppLink to={routes.gids(null, channel.slug, defaults)}>{channel.name}</AppLink>
      </h3>
      <p className="channel-card__show">{now.show ? now.show.name : channel.description}</p>
      <p className="channel-card__song">
        {now.track ? (
          <>
            <span className="visually-hidden">Nu: </span>
            {now.track.name} — {now.track.artist}
          </>
        ) : (
          'Geen nummer bekend'
        )}
      </p>
      <p className="channel-card__actions">
        <LiveButton channel={channel} compact />
        <AppLink className="channel-card__more" to={routes.gedraaid({ channel: channel.slug }, defaults)}>
          Gedraaid<span className="visually-hidden"> op {channel.name}</span>
        </AppLink>
      </p>
    </li>
  );
}

/** The channel family with what each channel plays now. */
export function ChannelFamily({ channels, defaults }: { channels: OnAir[]; defaults: RouteDefaults }) {
  return (
    <ul className="channel-grid">
      {channels.map((onAir) => (
        <ChannelCard key={onAir.channel.slug} onAir={onAir} defaults={defaults} />
      ))}
    </ul>
  );
}
