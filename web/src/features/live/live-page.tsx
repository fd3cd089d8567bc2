import { useId } from 'react';
import { useNavigate } from 'react-router';
import type { LiveData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { useRouteDefaults, useSite } from '../../lib/site-context';
import { AppLink } from '../../components/app-link';
import { ChipNav } from '../../components/chips';
import { OnAirTrack } from '../../components/on-air-track';
import { PageHeading } from '../../components/page-heading';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../../lib/images';
import { routes } from '../../lib/routes';
import { busyClassName, busyControlProps, useLiveNow, usePlayer, usePlayerBusy } from '../player';
import { LiveVideo } from './live-video';
import { SpokenAs } from '../../components/spoken-as';

/**
 * 'Verder luisteren': back to the channel's live radio (issue 39 #4). The mini player is hidden on
 * /live (spec §2), so the radio starts on the home page, where its bar is.
 */
function ListenInstead({ slug, name }: { slug: string; name: string }) {
  const { commands } = usePlayer();
  const busy = usePlayerBusy();
  const navigate = useNavigate();
  const noteId = useId();
  return (
    <p className="live-listen">
      <button
        type="button"
        className={busyClassName('button', busy)}
        {...busyControlProps(busy)}
        aria-describedby={noteId}
        onClick={() => {
          if (busy) return;
          commands.changeChannel(slug);
          void navigate(routes.home());
        }}
      >
        Verder luisteren
      </button>{' '}
      <span id={noteId} className="live-listen__note">
        naar {name} op de radio, zonder beeld
      </span>
    </p>
  );
}

/** Kijk live: the channel's live video with the show and song on air beside it. */
export function LivePage({ data }: PageProps<LiveData>) {
  const { channel, broadcast } = data.onAir;
  const site = useSite();
  const defaults = useRouteDefaults();
  // The same live data as the mini player and every other now-playing view.
  const { now: live } = useLiveNow(data.onAir);
  const visualChannels = site.channels.filter((c) => c.hasVisualRadio);
  return (
    <div className="page">
      <PageHeading>Kijk live: {channel.name}</PageHeading>
      <ChipNav
        label="Kies een zender met livebeelden"
        items={visualChannels.map((c) => ({
          key: c.slug,
          label: c.name,
          to: routes.live(c.slug, defaults),
          active: c.slug === channel.slug,
          color: c.color,
        }))}
      />
      <ListenInstead slug={channel.slug} name={channel.name} />
      <div className="live-layout">
        <div className="live-stage" style={{ borderColor: channel.color }}>
          {data.videoTokenUrl ? (
            <LiveVideo
              key={channel.slug}
              tokenUrl={data.videoTokenUrl}
              channelName={channel.name}
              poster={presetImageUrl(broadcast?.imageUrl, 'TILE', UNKNOWN_PROGRAMME_IMAGE, 1)}
            />
          ) : (
            <p className="live-stage__note" role="note">
              Visual radio van {channel.name} zendt op dit moment niet uit. Je kunt wel zien wat er op de
              radio is.
            </p>
          )}
        </div>
        <section aria-labelledby="live-now" className="live-now" style={{ borderColor: channel.color }}>
          <h2 id="live-now" className="section__title">
            Nu op {channel.name}
          </h2>
          {live.show ? (
            <div className="live-now__show">
              <p className="on-air__show">
                {live.show.url ? <AppLink to={live.show.url}>{live.show.name}</AppLink> : live.show.name}
              </p>
              <p className="on-air__meta">
                <SpokenAs
                  text={live.show.time}
                  // '12:00–14:00' is read 'van 12:00 tot 14:00'; 'hele dag' as it is.
                  spoken={
                    live.show.time.includes('–')
                      ? `van ${live.show.time.replace('–', ' tot ')}`
                      : live.show.time
                  }
                />
                {live.show.presenters && <> · Met {live.show.presenters}</>}
              </p>
            </div>
          ) : (
            <p className="on-air__show">Er is nu geen programma.</p>
          )}
          {live.track && <OnAirTrack track={live.track} />}
          <p className="on-air__links">
            <AppLink to={routes.gedraaid({ channel: channel.slug }, defaults)}>Gedraaid</AppLink>
            <AppLink to={routes.gids(null, channel.slug, defaults)}>Gids</AppLink>
          </p>
        </section>
      </div>
    </div>
  );
}
