import type { OnAir } from '../../api/types';
import { AppLink } from '../../components/app-link';
import { BroadcasterIcons } from '../../components/broadcast-list';
import { OnAirTrack } from '../../components/on-air-track';
import { Image } from '../../components/image';
import { formatTimeRange } from '../../lib/format-date';
import { UNKNOWN_PROGRAMME_IMAGE, responsiveImage } from '../../lib/images';
import { routes, type RouteDefaults } from '../../lib/routes';
import { displayTrack } from '../../lib/track-display';
import { LiveButton } from './live-button';

/** The big 'now on air' block of a channel: show, presenters, broadcasters and song. */
export function OnAirHero({ onAir, defaults }: { onAir: OnAir; defaults: RouteDefaults }) {
  const { channel, broadcast } = onAir;
  const track = onAir.track ? displayTrack(onAir.track, { classical: channel.classical }) : null;
  return (
    <div className="on-air" style={{ borderColor: channel.color }}>
      <Image
        className="on-air__image"
        {...responsiveImage(broadcast?.imageUrl, 'TILE', UNKNOWN_PROGRAMME_IMAGE)}
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
        {broadcast ? (
          <>
            <p className="on-air__show">
              {broadcast.programme ? (
                <AppLink to={routes.programma(broadcast.programme.slug)}>{broadcast.title}</AppLink>
              ) : (
                broadcast.title
              )}
            </p>
            <p className="on-air__meta">
              {formatTimeRange(broadcast.from, broadcast.until)}
              {broadcast.presenters.length > 0 && (
                <> · Met {broadcast.presenters.map((p) => p.name).join(' & ')}</>
              )}
            </p>
            <BroadcasterIcons broadcasters={broadcast.broadcasters} />
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

/** The channel family with what each channel plays now. */
export function ChannelFamily({ channels, defaults }: { channels: OnAir[]; defaults: RouteDefaults }) {
  return (
    <ul className="channel-grid">
      {channels.map(({ channel, broadcast, track }) => {
        const song = track ? displayTrack(track, { classical: channel.classical }) : null;
        return (
          <li key={channel.slug} className="channel-card" style={{ borderTopColor: channel.color }}>
            <h3 className="channel-card__name">
              <AppLink to={routes.gids(null, channel.slug, defaults)}>{channel.name}</AppLink>
            </h3>
            <p className="channel-card__show">{broadcast ? broadcast.title : channel.description}</p>
            <p className="channel-card__song">
              {song ? (
                <>
                  <span className="visually-hidden">Nu: </span>
                  {song.name} — {song.artist}
                </>
              ) : (
                'Geen nummer bekend'
              )}
            </p>
            <p className="channel-card__actions">
              <LiveButton channel={channel} compact />
              <AppLink
                className="channel-card__more"
                to={routes.gedraaid({ channel: channel.slug }, defaults)}
              >
                Gedraaid<span className="visually-hidden"> op {channel.name}</span>
              </AppLink>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
