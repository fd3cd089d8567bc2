import { useEffect, useId, useRef, useState } from 'react';
import { AdminApiError } from '../api/admin-client';
import {
  MAX_UPLOAD_BYTES,
  tooLargeMessage,
  uploadMedia,
  waitForProcessing,
  type Media,
  type MediaKind,
} from '../api/media-client';

interface UploadFieldProps {
  kind: MediaKind;
  label: string;
  /** Called once the server has processed the file (status 'ready'). */
  onUploaded: (media: Media) => void;
  hint?: string;
}

type Phase =
  | { step: 'idle' }
  | { step: 'sending'; share: number }
  | { step: 'processing'; progress: number }
  | { step: 'done'; name: string };

const ACCEPT: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif,image/avif,image/tiff',
  audio: 'audio/*',
  video: 'video/mp4,video/quicktime,video/x-matroska,video/webm,.mkv',
};

const PROCESSING: Record<MediaKind, string> = {
  image: 'Formaten maken',
  audio: 'Geluidssterkte gelijktrekken',
  video: 'Video omzetten voor de speler',
};

/**
 * A file field that uploads at once: a progress bar while the file is sent (XMLHttpRequest upload
 * progress), then the server's processing progress, then the result. Errors (too large, not an
 * image or not audio) are shown under the field and tied to it.
 */
export function UploadField({ kind, label, onUploaded, hint }: UploadFieldProps) {
  const id = useId();
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [error, setError] = useState<string>();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  async function upload(file: File) {
    setError(undefined);
    if (file.size > MAX_UPLOAD_BYTES[kind]) {
      setError(tooLargeMessage(kind));
      return;
    }
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: 'sending', share: 0 });
    try {
      let media = await uploadMedia(
        kind,
        file,
        (share) => setPhase({ step: 'sending', share }),
        controller.signal,
      );
      if (media.status === 'processing') {
        setPhase({ step: 'processing', progress: media.progress });
        media = await waitForProcessing(
          media.id,
          (update) => setPhase({ step: 'processing', progress: update.progress }),
          controller.signal,
        );
      }
      if (media.status === 'failed') {
        setPhase({ step: 'idle' });
        setError(media.error ?? 'Het bestand kon niet worden verwerkt.');
        return;
      }
      setPhase({ step: 'done', name: media.name || file.name });
      onUploaded(media);
    } catch (caught) {
      if (controller.signal.aborted) return;
      setPhase({ step: 'idle' });
      setError(caught instanceof AdminApiError ? caught.message : 'Het uploaden is mislukt.');
    }
  }

  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const statusId = `${id}-status`;
  const busy = phase.step === 'sending' || phase.step === 'processing';
  return (
    <div className="admin-field admin-upload">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="admin-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="file"
        accept={ACCEPT[kind]}
        disabled={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId, statusId].filter(Boolean).join(' ')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <div id={statusId} className="admin-upload__status" aria-live="polite">
        {phase.step === 'sending' && (
          <>
            <progress max={100} value={Math.round(phase.share * 100)} aria-label="Uploaden" />
            <span>Uploaden… {Math.round(phase.share * 100)}%</span>
          </>
        )}
        {phase.step === 'processing' && (
          <>
            <progress max={100} value={phase.progress} aria-label="Verwerken" />
            <span>
              {PROCESSING[kind]}… {phase.progress}%
            </span>
          </>
        )}
        {phase.step === 'done' && <span>Klaar: {phase.name}</span>}
      </div>
      {error && (
        <p id={errorId} className="admin-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
