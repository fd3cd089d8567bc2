import type { VideosData } from '../../api/types';
import type { PageProps } from '../../lib/page-types';
import { PageHeading } from '../../components/page-heading';
import { EmptyState } from '../../components/states';
import { VideoPlayer } from '../../components/video-player';
import { durationLabel, formatDuration, formatPublished } from '../../lib/format-date';
import { SpokenAs } from '../../components/spoken-as';

/** Video's: every published video in a grid, newest first, each playing inline with its poster. */
export function VideosPage({ data }: PageProps<VideosData>) {
  return (
    <div className="page">
      <PageHeading>Video's</PageHeading>
      {data.videos.length ? (
        <ul className="video-grid">
          {data.videos.map((v) => (
            <li key={v.id} className="video-grid__item">
              <h2 className="video-grid__title">{v.title}</h2>
              <VideoPlayer video={v} caption={false} />
              <p className="card__meta video-grid__meta">
                <time dateTime={v.publishedAt}>{formatPublished(v.publishedAt)}</time>
                {' · '}
                <SpokenAs
                  text={formatDuration(v.durationSeconds)}
                  spoken={durationLabel(v.durationSeconds)}
                />
              </p>
              <p className="card__text">{v.description}</p>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>Geen video's gevonden.</EmptyState>
      )}
    </div>
  );
}
