// A podcast's downloads by day on its admin page, with the same days as CSV, and an episode's on its
// own (issue 52): counted by the server as IAB 2.1 counts them (a minute of audio served, one per
// client per UTC day).
import { useEffect, useState } from 'react';
import { AdminApiError } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { listenerStatsApi, type PodcastDownloads as Downloads } from './listener-stats-api';
import { bucketLabel, figure } from './listener-words';

function useDownloads(feedId: string): { downloads?: Downloads; error?: string } {
  const [downloads, setDownloads] = useState<Downloads>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    setError(undefined);
    listenerStatsApi
      .podcastDownloads(feedId)
      .then((answer) => live && setDownloads(answer))
      .catch((caught: unknown) => {
        if (live)
          setError(
            caught instanceof AdminApiError
              ? caught.message
              : 'De downloadcijfers konden niet worden geladen.',
          );
      });
    return () => {
      live = false;
    };
  }, [feedId]);
  return { downloads, error };
}

function dayLabel(date: string): string {
  return bucketLabel(`${date}T00:00:00Z`, 'day');
}

function CountingNote() {
  return (
    <p className="admin-hint">
      Een download telt zodra er minstens één minuut van de aflevering naar een luisteraar is gestuurd, één
      keer per luisteraar per dag (UTC), zoals de IAB-richtlijnen voor podcastmetingen voorschrijven. Bots en
      het vooraf ophalen door een app tellen niet mee.
    </p>
  );
}

export function PodcastDownloads({ feedId }: { feedId: string }) {
  const { downloads, error } = useDownloads(feedId);
  const titles = new Map(downloads?.episodes.map((episode) => [episode.id, episode.title]));
  return (
    <section aria-labelledby="podcast-downloads-heading">
      <h2 id="podcast-downloads-heading">Downloads per dag</h2>
      <FormAlert message={error} />
      {downloads &&
        (downloads.byDay.length === 0 ? (
          <p>Geen downloads in de afgelopen {downloads.days} dagen.</p>
        ) : (
          <>
            <p>
              {figure(downloads.total)} downloads in de afgelopen {downloads.days} dagen.
            </p>
            <p className="admin-actions">
              <a href={listenerStatsApi.podcastDownloadsCsvUrl(feedId)} download>
                Download als CSV
              </a>
            </p>
            <table className="admin-table">
              <caption>Downloads van de afgelopen {downloads.days} dagen, de nieuwste dag eerst</caption>
              <thead>
                <tr>
                  <th scope="col">Dag</th>
                  <th scope="col">Downloads</th>
                  <th scope="col">Per aflevering</th>
                </tr>
              </thead>
              <tbody>
                {downloads.byDay.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{dayLabel(day.date)}</th>
                    <td>{figure(day.downloads)}</td>
                    <td>
                      <ul>
                        {day.episodes.map((episode) => (
                          <li key={episode.id}>
                            {titles.get(episode.id) ?? `Aflevering ${episode.id}`}:{' '}
                            {figure(episode.downloads)}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <CountingNote />
          </>
        ))}
    </section>
  );
}

export function EpisodeDownloads({ feedId, episodeId }: { feedId: string; episodeId: string }) {
  const { downloads, error } = useDownloads(feedId);
  const id = Number(episodeId);
  const days =
    downloads?.byDay.flatMap((day) => {
      const own = day.episodes.find((episode) => episode.id === id);
      return own ? [{ date: day.date, downloads: own.downloads }] : [];
    }) ?? [];
  const total = days.reduce((sum, day) => sum + day.downloads, 0);
  return (
    <section aria-labelledby="episode-downloads-heading">
      <h2 id="episode-downloads-heading">Downloads per dag</h2>
      <FormAlert message={error} />
      {downloads &&
        (days.length === 0 ? (
          <p>Geen downloads van deze aflevering in de afgelopen {downloads.days} dagen.</p>
        ) : (
          <>
            <p>
              {figure(total)} downloads in de afgelopen {downloads.days} dagen.
            </p>
            <table className="admin-table">
              <caption>Downloads van deze aflevering, de nieuwste dag eerst</caption>
              <thead>
                <tr>
                  <th scope="col">Dag</th>
                  <th scope="col">Downloads</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{dayLabel(day.date)}</th>
                    <td>{figure(day.downloads)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <CountingNote />
          </>
        ))}
    </section>
  );
}
