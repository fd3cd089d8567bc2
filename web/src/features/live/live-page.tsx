import type { LiveData } from '../../api/types';
import type { PageProps } from '../../app/page-types';
import { useRouteDefaults } from '../../app/site-context';
import { AppLink } from '../../components/app-link';
import { OnAirTrack } from '../../components/on-air-track';
import { Image } from '../../components/image';
import { PageHeading } from '../../components/page-heading';
import { formatTimeRange } from '../../lib/format-date';
import { UNKNOWN_PROGRAMME_IMAGE, presetImageUrl } from '../../lib/images';
import { routes } from '../../lib/routes';
import { displayTrack } from '../../lib/track-display';

/** Kijk live: the channel's visual radio page with what is on air. */
export function LivePage({ data }: PageProps<LiveData>) {
  const { channel, broadcast } = data.onAir;
  const defaults = useRouteDefaults();
  const track = data.onAir.track ? displayTrack(data.onAir.track, { classical: channel.classical }) : null;
  return (
    <div className="page">
      <PageHeading>Kijk live: {channel.name}</PageHeading>
      <div className="live-stage" style={{ borderColor: channel.color }}>
        {data.streamUrl ? (
          <p className="live-stage__note">
            Visual radio van {channel.name} is in de lucht. De livebeelden zijn te zien zodra de videospeler
            op deze pagina beschikbaar is.
          </p>
        ) : (
          <p className="live-stage__note" role="note">
            Visual radio van {channel.name} zendt op dit moment niet uit. Je kunt wel zien wat er op de radio
            is.
          </p>
        )}
      </div>
      <section aria-labelledby="live-now" className="section">
        <h2 id="live-now" className="section__title">
          Nu op {channel.name}
        </h2>
        <div className="on-air" style={{ borderColor: channel.color }}>
          <Image
            className="on-air__image"
            src={presetImageUrl(broadcast?.imageUrl, 'TILE', UNKNOWN_PROGRAMME_IMAGE, 1)}
            fallback={UNKNOWN_PROGRAMME_IMAGE}
            alt=""
            width={360}
            height={360}
          />
          <div className="on-air__body">
            {broadcast ? (
              <>
                <p className="on-air__show">{broadcast.title}</p>
                <p className="on-air__meta">
                  {formatTimeRange(broadcast.from, broadcast.until)}
                  {broadcast.presenters.length > 0 && (
                    <> · Met {broadcast.presenters.map((p) => p.name).join(' & ')}</>
                  )}
                </p>
              </>
            ) : (
              <p className="on-air__show">Er is nu geen programma.</p>
            )}
            {track && <OnAirTrack track={track} />}
            <p className="on-air__links">
              <AppLink to={routes.gedraaid({ channel: channel.slug }, defaults)}>Gedraaid</AppLink>
              <AppLink to={routes.gids(null, channel.slug, defaults)}>Gids</AppLink>
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
