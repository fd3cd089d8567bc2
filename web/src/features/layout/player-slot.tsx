import type { OnAir } from '../../api/types';
import { useRouteDefaults, useSite } from '../../app/site-context';
import { AppLink } from '../../components/app-link';
import { formatTimeRange } from '../../lib/format-date';
import { routes } from '../../lib/routes';
import { displayTrack } from '../../lib/track-display';

/**
 * The fixed bottom slot reserved for the persistent mini player. Until the player exists it shows
 * the default channel and, when a page told us, what is on air.
 */
export function PlayerSlot({ onAir }: { onAir: OnAir | null }) {
  const site = useSite();
  const defaults = useRouteDefaults();
  const channel = site.channels.find((c) => c.slug === site.defaultChannel);
  const broadcast = onAir?.broadcast ?? null;
  const track = onAir?.track ? displayTrack(onAir.track, { classical: onAir.channel.classical }) : null;
  return (
    <div id="player-slot" className="player-slot" role="region" aria-label="Nu op de radio">
      <span
        className="player-slot__accent"
        style={{ background: channel?.color ?? '#999900' }}
        aria-hidden="true"
      />
      <div className="player-slot__text">
        <strong className="player-slot__channel">{channel?.name ?? site.name}</strong>
        <span className="player-slot__now">
          {broadcast ? (
            `${broadcast.title} · ${formatTimeRange(broadcast.from, broadcast.until)}`
          ) : (
            <AppLink to={routes.gids(null, null, defaults)}>Bekijk in de gids wat er op de radio is</AppLink>
          )}
          {track && ` — ${track.name} van ${track.artist}`}
        </span>
      </div>
      <nav aria-label="Speler" className="player-slot__links">
        <AppLink to={routes.gedraaid({ channel: site.defaultChannel }, defaults)}>Gedraaid</AppLink>
        <AppLink to={routes.uitzendingen()}>Gemist</AppLink>
      </nav>
    </div>
  );
}
