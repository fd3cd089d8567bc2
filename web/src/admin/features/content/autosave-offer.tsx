import type { Autosave } from '../../api/content-client';
import { autosaveOffer } from './autosave';

/**
 * The offer of a kept autosave above the form, saying when it was made and on which version:
 * restore it into the form, or throw it away.
 */
export function AutosaveOffer({
  autosave,
  storedVersion,
  onRestore,
  onDiscard,
}: {
  autosave: Autosave;
  /** The item's version stored now (none for a new item). */
  storedVersion?: number | undefined;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="admin-autosave-offer">
      <p role="status">{autosaveOffer(autosave.savedAt, autosave.itemVersion, storedVersion)}</p>
      <p>
        <button type="button" onClick={onRestore}>
          Herstellen
        </button>{' '}
        <button type="button" onClick={onDiscard}>
          Weggooien
        </button>
      </p>
    </div>
  );
}
