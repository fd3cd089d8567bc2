import { useEffect, useRef, useState } from 'react';
import { applyFormat } from '../../../lib/images';
import { AdminApiError } from '../../api/admin-client';
import {
  mediaApi,
  waitForProcessing,
  type AudioMedia,
  type FocalPoint,
  type ImageMedia,
  type Media,
  type MediaKind,
} from '../../api/media-client';
import { FocalPointPicker } from '../../components/focal-point-picker';
import { Pager, pageCount } from '../../components/pager';
import { UploadField } from '../../components/upload-field';

const PREVIEWS = [
  { label: 'Artikelkaart (4:3)', width: 256, height: 192 },
  { label: 'Breed (16:9)', width: 320, height: 180 },
  { label: 'Vierkant', width: 88, height: 88 },
];

function formatDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

function ImageEditor({ image, onSaved }: { image: ImageMedia; onSaved: (media: Media) => void }) {
  const [point, setPoint] = useState<FocalPoint>(image.focalPoint);
  const [saving, setSaving] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  useEffect(() => setPoint(image.focalPoint), [image]);

  async function save() {
    setError(undefined);
    setSaving(0);
    try {
      let media = await mediaApi.setFocalPoint(image.id, point);
      if (media.status === 'processing') {
        media = await waitForProcessing(media.id, (update) => setSaving(update.progress));
      }
      if (media.status === 'failed') setError(media.error ?? 'De uitsneden konden niet worden gemaakt.');
      onSaved(media);
    } catch (caught) {
      setError(caught instanceof AdminApiError ? caught.message : 'Het focuspunt kon niet worden bewaard.');
    } finally {
      setSaving(null);
    }
  }

  const changed = point.x !== image.focalPoint.x || point.y !== image.focalPoint.y;
  return (
    <section aria-labelledby="focal-heading" className="admin-media-editor">
      <h2 id="focal-heading">{image.name || `Afbeelding ${image.id}`}</h2>
      <p>
        {image.width} × {image.height} pixels
      </p>
      <FocalPointPicker src={image.originalUrl} alt={image.name} value={point} onChange={setPoint} />
      <p>
        <button type="button" onClick={() => void save()} disabled={!changed || saving !== null}>
          Focuspunt bewaren
        </button>
        {saving !== null && <span role="status"> Uitsneden maken… {saving}%</span>}
      </p>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      <h3>Uitsneden</h3>
      <ul className="admin-media-previews">
        {PREVIEWS.map((preview) => (
          <li key={preview.label}>
            <img
              src={applyFormat(image.url, preview)}
              width={preview.width}
              height={preview.height}
              alt={`${preview.label} van ${image.name}`}
            />
            <span>{preview.label}</span>
          </li>
        ))}
      </ul>
    </section>
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

/** The media library: upload images and audio, see them processed, set an image's focal point. */
export function MediaPage() {
  const [imagePage, setImagePage] = useState(1);
  const [audioPage, setAudioPage] = useState(1);
  // Counts the changes to the library, so that the pages shown are asked again.
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<ImageMedia | null>(null);
  const [loadError, setLoadError] = useState<string>();
  const imageListing = useMediaPage('image', imagePage, version, setLoadError);
  const audioListing = useMediaPage('audio', audioPage, version, setLoadError);
  const images = imageListing.items.filter((m): m is ImageMedia => m.kind === 'image');
  const audio = audioListing.items.filter((m): m is AudioMedia => m.kind === 'audio');

  const accept = (media: Media) => {
    // The newest come first: an upload shows on the first page of its kind.
    if (media.kind === 'image') setImagePage(1);
    else setAudioPage(1);
    setVersion((n) => n + 1);
    if (media.kind === 'image') setSelected(media);
  };

  return (
    <section aria-labelledby="media-heading">
      <h1 id="media-heading" tabIndex={-1}>
        Beeld en geluid
      </h1>
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
      </div>
      {selected && <ImageEditor image={selected} onSaved={accept} />}
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
        <ul className="admin-media-audio">
          {audio.map((item) => (
            <li key={item.id}>
              <span>
                {item.name || `Audio ${item.id}`}
                {item.status === 'ready'
                  ? ` · ${formatDuration(item.durationSeconds)} · ${item.loudnessLufs.toFixed(1)} LUFS`
                  : item.status === 'failed'
                    ? ` · mislukt: ${item.error ?? ''}`
                    : ` · wordt verwerkt (${item.progress}%)`}
              </span>
              {item.status === 'ready' && <a href={item.url}>Beluisteren (MP3)</a>}
            </li>
          ))}
        </ul>
      )}
      {audioListing.pages > 1 && (
        <Pager
          page={audioPage}
          pages={audioListing.pages}
          label="Pagina's van de audio"
          onPage={setAudioPage}
        />
      )}
    </section>
  );
}
