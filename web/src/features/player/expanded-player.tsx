// The expanded player panel, loaded on demand when the listener opens the player: the show with
// presenters and times, the song on air and the last few, the next show, and the channel family.

import { useRouteDefaults, useSite } from '../../app/site-context';
import { AppLink } from '../../components/app-link';
import { routes } from '../../lib/routes';
import { ChannelPicker } from './channel-picker';
import { usePlayer } from './player-context';

export function ExpandedPlayer() {
  const { state, commands } = usePlayer();
  const site = useSite();
  const defaults = useRouteDefaults();
  const channelSlug = state.channel?.id || site.defaultChannel;
  const { show, track, upcomingShow } = state;
  const recent = (state.tracks ?? []).slice(track ? 1 : 0, 6);
  return (
    <div className="expanded-player">
      <div className="expanded-player__header">
        <h2 className="expanded-player__channel">{state.channel?.name}</h2>
        <nav className="expanded-player__links" aria-label="Meer van deze zender">
          <AppLink className="mini-player__action" to={routes.gedraaid({ channel: channelSlug }, defaults)}>
            Gedraaid
          </AppLink>
          <AppLink className="mini-player__action" to={routes.uitzendingen()}>
            Gemist
          </AppLink>
        </nav>
        <button
          type="button"
          className="mini-player__icon-button"
          onClick={() => commands.setExpanded(false)}
        >
          Sluiten
        </button>
      </div>
      {!state.isLiveMode && state.playable ? (
        <section aria-label="Nu te horen">
          <h3>{state.playable.name}</h3>
          {state.playable.queue.length > 0 && (
            <>
              <h4>Hierna</h4>
              <ol className="expanded-player__list">
                {state.playable.queue.map((item) => (
                  <li key={item.id}>{item.name}</li>
                ))}
              </ol>
            </>
          )}
        </section>
      ) : (
        <div className="expanded-player__grid">
          <section aria-label="Programma">
            <h3>Nu op de radio</h3>
            {show ? (
              <>
                <img
                  src={show.imageUrls.url600}
                  alt=""
                  width={300}
                  height={300}
                  className="expanded-player__image"
                />
                <p className="expanded-player__show">
                  {show.url ? <AppLink to={show.url}>{show.name}</AppLink> : show.name}
                </p>
                <p>
                  {show.fromToTime}
                  {show.presenters && ` · ${show.presenters}`}
                </p>
              </>
            ) : (
              <p>Geen programma-informatie.</p>
            )}
            {upcomingShow && (
              <p className="expanded-player__next">
                Straks: {upcomingShow.name} ({upcomingShow.fromToTime})
              </p>
            )}
          </section>
          <section aria-label="Muziek">
            <h3>Nu gedraaid</h3>
            {track ? (
              <p className="expanded-player__song">
                <img src={track.imageUrl} alt="" width={64} height={64} />
                <span>
                  <strong>{track.name}</strong>
                  <br />
                  {track.artist}
                </span>
              </p>
            ) : (
              <p>Er is nu geen nummer bekend.</p>
            )}
            {recent.length > 0 && (
              <>
                <h4>Eerder</h4>
                <ol className="expanded-player__list">
                  {recent.map((t) => (
                    <li key={`${t.from}-${t.name}`}>
                      <span className="expanded-player__time">{t.time}</span> {t.name} · {t.artist}
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
          <section aria-label="Zenders">
            <h3>Zenders</h3>
            <ChannelPicker />
          </section>
        </div>
      )}
    </div>
  );
}
