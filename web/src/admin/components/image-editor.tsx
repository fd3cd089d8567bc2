// An image of the media library with its focal point and the crops the listener pages cut from it
// (spec §9 presets), shared by the media page and the image picker of the content forms.
import { useEffect, useState } from 'react';
import { applyFormat, IMAGE_PRESETS, type ImagePreset, type ImageSize } from '../../lib/images';
import { AdminApiError } from '../api/admin-client';
import {
  mediaApi,
  waitForProcessing,
  type FocalPoint,
  type ImageMedia,
  type Media,
} from '../api/media-client';
import { FocalPointPicker } from './focal-point-picker';

export interface CropPreview {
  label: string;
  /** The crop's size, one the library made: the preview asks for it. */
  size: ImageSize;
  /** How large the preview is drawn. */
  width: number;
  height: number;
}

/** What the listener pages use each preset for, in Dutch. */
const PRESET_LABELS: Partial<Record<ImagePreset, string>> = {
  ARTICLE_CARD: 'Artikelkaart',
  ARTIST_ITEM: 'Portret',
  CAMPAIGN_HEADER: 'Paginakop',
  FRAGMENT_CARD: 'Fragmentkaart',
  FRAGMENT_TILE: 'Fragmentpagina',
  LARGE_TILE: 'Grote tegel',
  LIST_ITEM: 'Lijst',
  PODCAST_ITEM: 'Podcast',
  TILE: 'Tegel',
  VIDEOCLIP: 'Video',
};

const isPreset = (name: string): name is ImagePreset => name in IMAGE_PRESETS;

/**
 * The crops of `presets` to preview: each size of each preset (a crop can differ per breakpoint:
 * ARTIST_ITEM is square on a wide screen and 4:3 on a phone), drawn at most 200 px wide.
 */
export function cropPreviews(presets: readonly string[]): CropPreview[] {
  const previews: CropPreview[] = [];
  for (const preset of presets.filter(isPreset)) {
    for (const size of IMAGE_PRESETS[preset]) {
      const scale = Math.min(1, 200 / size.width);
      previews.push({
        label: `${PRESET_LABELS[preset] ?? preset} ${size.width}×${size.height}`,
        size,
        width: Math.round(size.width * scale),
        height: Math.round(size.height * scale),
      });
    }
  }
  return previews;
}

interface ImageEditorProps {
  image: ImageMedia;
  /** Called with the item after its focal point was saved (its URL names the new crops). */
  onSaved: (media: Media) => void;
  previews: readonly CropPreview[];
  /** The heading's level: 2 on the media page, 3 inside a form's field. */
  headingLevel?: 2 | 3;
}

/**
 * The focal point of an image (kept in view by every crop), saved with a button while the server
 * makes the crops again, and a preview of the crops.
 */
export function ImageEditor({ image, onSaved, previews, headingLevel = 2 }: ImageEditorProps) {
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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const headingId = `image-editor-${image.id}`;
  return (
    <section aria-labelledby={headingId} className="admin-media-editor">
      <Heading id={headingId}>{image.name || `Afbeelding ${image.id}`}</Heading>
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
      {previews.length > 0 && (
        <>
          <SubHeading>Uitsneden</SubHeading>
          <ul className="admin-media-previews">
            {previews.map((preview) => (
              <li key={preview.label}>
                <img
                  src={applyFormat(image.url, preview.size)}
                  width={preview.width}
                  height={preview.height}
                  alt={`${preview.label} van ${image.name}`}
                />
                <span>{preview.label}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
