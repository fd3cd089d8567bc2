import { useEffect, useRef, useState, type ReactNode } from 'react';
import { applyFormat } from '../../../lib/images';
import { AdminApiError } from '../../api/admin-client';
import {
  mediaApi,
  type AudioMedia,
  type ImageMedia,
  type Media,
  type MediaKind,
  type VideoMedia,
} from '../../api/media-client';
import { ImageEditor, type CropPreview } from '../../components/image-editor';
import { Pager, pageCount } from '../../components/pager';
import { UploadField } from '../../components/upload-field';
import { MediaDetails } from './media-details';

const PREVIEWS: CropPreview[] = [
  { label: 'Artikelkaart (4:3)', width: 256, height: 192 },
  { label: 'Breed (16:9)', width: 320, height: 180 },
  { label: 'Vierkant', width: 88, height: 88 },
].map((preview) => ({ ...preview, size: { width: preview.width, height: preview.height } }));

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** What a list says of an audio or video item after its name; `ready` for one that is ready. */
function mediaStatus(item: AudioMedia | VideoMedia, ready: string): string {
  switch (item.status) {
    case 'ready':
      return ready;
    case 'failed':
      return ` · mislukt: ${item.error ?? ''}`;
    case 'broken':
      // The server's message starts with 'Beschadigd: ' and says what is wrong with the file.
      return ` · ${item.error ?? 'Beschadigd.'}`;
    case 'processing':
      return ` · wordt verwerkt (${item.progress}%)`;
  }
}

const audioStatus = (item: AudioMedia) =>
  mediaStatus(item, ` · ${formatDuration(item.durationSeconds)} · ${item.loudnessLufs.toFixed(1)} LUFS`);
const videoStatus = (item: VideoMedia) =>
  mediaStatus(item, ` · ${formatDuration(item.durationSeconds)} · ${item.width}×${item.height}`);

interface RemoveMediaProps {
  item: Media;
  name: string;
  onRemoved: (name: string) => void;
}

/**
 * "Verwijderen" for a failed upload or a video: a ready video is asked about first, since it cannot
 * be brought back; the server's refusal (a video an item still uses) shows beside it.
 */
function RemoveMedia({ item, name, onRemoved }: RemoveMediaProps) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const errorId = `media-remove-${item.id}-error`;
  const remove = async () => {
    if (busy) return;
    if (
      item.status === 'ready' &&
      !window.confirm(`${name} definitief verwijderen? Dit kan niet ongedaan worden.`)
    )
      return;
    setBusy(true);
    setError(undefined);
    try {
      await mediaApi.remove(item.id);
      onRemoved(name);
    } catch (failure) {
      setError(
        failure instanceof AdminApiError ? failure.message : 'Het bestand kon niet worden verwijderd.',
      );
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className="admin-danger"
        onClick={() => void remove()}
        aria-describedby={error ? errorId : undefined}
      >
        Verwijderen<span className="visually-hidden"> {name}</span>
      </button>
      {error && (
        <p id={errorId} className="admin-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

interface Listing {
  items: Media[];
  pages: number;
}

/**
 * One page of the library's items of `kind`, asked again when `page` or `version` changes; a
 * failed call goes to `onError`.
 */
function useMediaPage(kind: MediaKind, page: number, version: number, onError: (message: string) => void) {
  const [listing, setListing] = useState<Listing>({ items: [], pages: 1 });
  const reportError = useRef(onError);
  reportError.current = onError;
  useEffect(() => {
    let current = true;
    mediaApi
      .list(kind, page)
      .then((answer) => {
        if (current) setListing({ items: answer.items, pages: pageCount(answer.total, answer.pageSize) });
      })
      .catch((error: unknown) => {
        if (current)
          reportError.current(
            error instanceof AdminApiError ? error.message : 'De bibliotheek kon niet worden geladen.',
          );
      });
    return () => {
      current = false;
    };
  }, [kind, page, version]);
  return listing;
}

interface MediaRowsProps<T extends AudioMedia | VideoMedia> {
  items: T[];
  /** 'Audio' or 'Video': names an item without a file name. */
  noun: string;
  status: (item: T) => string;
  /** What a ready item offers after its status (a link to hear it). */
  ready?: (item: T) => ReactNode;
  onRemoved: (name: string) => void;
}

/**
 * The audio or video of one page of the library: name and status, and 'Verwijderen' when failed
 * (and for a ready video, which the server removes only while no item uses it).
 */
function MediaRows<T extends AudioMedia | VideoMedia>({
  items,
  noun,
  status,
  ready,
  onRemoved,
}: MediaRowsProps<T>) {
  return (
    <ul className="admin-media-audio">
      {items.map((item) => {
        const name = item.name || `${noun} ${item.id}`;
        return (
          <li key={item.id}>
            <span>
              {name}
              {status(item)}
            </span>
            {item.status === 'ready' && ready?.(item)}
            {(item.status === 'failed' || (item.kind === 'video' && item.status === 'ready')) && (
              <RemoveMedia item={item} name={name} onRemoved={onRemoved} />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The media library: upload images, audio and video, see them processed, set an image's focal
 * point, credit and caption, and delete a failed upload.
 */
export function MediaPage() {
  const [imagePage, setImagePage] = useState(1);
  const [audioPage, setAudioPage] = useState(1);
  const [videoPage, setVideoPage] = useState(1);
  // Counts the changes to the library, so that the pages shown are asked again.
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<ImageMedia | null>(null);
  const [loadError, setLoadError] = useState<string>();
  // What the page's live region says of the last removal or save.
  const [announcement, setAnnouncement] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);
  // The removed item's button is gone: the focus goes to the page's heading, the status says why.
  const onRemoved = (name: string) => {
    setAnnouncement(`${name} is verwijderd.`);
    setVersion((n) => n + 1);
    heading.current?.focus();
  };
  const imageListing = useMediaPage('image', imagePage, version, setLoadError);
  const audioListing = useMediaPage('audio', audioPage, version, setLoadError);
  const images = imageListing.items.filter((m): m is ImageMedia => m.kind === 'image');
  const audio = audioListing.items.filter((m): m is AudioMedia => m.kind === 'audio');
  const videoListing = useMediaPage('video', videoPage, version, setLoadError);
  const videos = videoListing.items.filter((m): m is VideoMedia => m.kind === 'video');

  // The pages shown are asked again, and a changed image stays the one selected. Saved words change
  // no order, so the pages stay where they are.
  const detailsSaved = (media: Media) => {
    setVersion((n) => n + 1);
    if (media.kind === 'image') setSelected(media);
  };
  const accept = (media: Media) => {
    // The newest come first: an upload shows on the first page of its kind.
    if (media.kind === 'image') setImagePage(1);
    else if (media.kind === 'audio') setAudioPage(1);
    else setVideoPage(1);
    detailsSaved(media);
  };

  return (
    <section aria-labelledby="media-heading">
      <h1 id="media-heading" tabIndex={-1} ref={heading}>
        Beeld en geluid
      </h1>
      <p role="status" aria-live="polite" className="admin-status">
        {announcement}
      </p>
      {loadError && (
        <p className="admin-error" role="alert">
          {loadError}
        </p>
      )}
      <div className="admin-media-uploads">
        <UploadField
          kind="image"
          label="Afbeelding uploaden"
          hint="JPEG, PNG, WebP, GIF, HEIC of TIFF, hoogstens 25 MB. We maken er alle formaten van de site van."
          onUploaded={accept}
        />
        <UploadField
          kind="audio"
          label="Audio uploaden"
          hint="Een fragment, aflevering of journaal, hoogstens 500 MB. Het geluid wordt gelijkgetrokken (EBU R128) en als MP3 bewaard."
          onUploaded={accept}
        />
        <UploadField
          kind="video"
          label="Video uploaden"
          hint="MP4, MOV, MKV of WebM. We maken er een stilstaand beeld en HLS in 720p en 360p van."
          onUploaded={accept}
        />
      </div>
      {selected && (
        <>
          <ImageEditor image={selected} onSaved={accept} previews={PREVIEWS} />
          <MediaDetails image={selected} onSaved={detailsSaved} onAnnounce={setAnnouncement} />
        </>
      )}
      <h2>Afbeeldingen</h2>
      {images.length === 0 ? (
        <p>Nog geen afbeeldingen.</p>
      ) : (
        <ul className="admin-media-grid">
          {images.map((image) => (
            <li key={image.id}>
              <button
                type="button"
                onClick={() => setSelected(image)}
                aria-pressed={selected?.id === image.id}
              >
                {image.status === 'ready' ? (
                  <img
                    src={applyFormat(image.url, { width: 128, height: 96 })}
                    width={128}
                    height={96}
                    alt=""
                  />
                ) : null}
                <span>
                  {image.name || `Afbeelding ${image.id}`}
                  {image.status !== 'ready' &&
                    ` (${image.status === 'failed' ? 'mislukt' : 'wordt verwerkt'})`}
                </span>
              </button>
              {image.status === 'failed' && (
                <RemoveMedia
                  item={image}
                  name={image.name || `Afbeelding ${image.id}`}
                  onRemoved={onRemoved}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {imageListing.pages > 1 && (
        <Pager
          page={imagePage}
          pages={imageListing.pages}
          label="Pagina's van de afbeeldingen"
          onPage={setImagePage}
        />
      )}
      <h2>Audio</h2>
      {audio.length === 0 ? (
        <p>Nog geen audio.</p>
      ) : (
        <MediaRows
          items={audio}
          noun="Audio"
          status={audioStatus}
          ready={(item) => <a href={item.url}>Beluisteren (MP3)</a>}
          onRemoved={onRemoved}
        />
      )}
      {audioListing.pages > 1 && (
        <Pager
          page={audioPage}
          pages={audioListing.pages}
          label="Pagina's van de audio"
          onPage={setAudioPage}
        />
      )}
      <h2>Video</h2>
      {videos.length === 0 ? (
        <p>Nog geen video.</p>
      ) : (
        <MediaRows items={videos} noun="Video" status={videoStatus} onRemoved={onRemoved} />
      )}
      {videoListing.pages > 1 && (
        <Pager
          page={videoPage}
          pages={videoListing.pages}
          label="Pagina's van de video"
          onPage={setVideoPage}
        />
      )}
    </section>
  );
}
