import type { Autosave } from '../../api/content-client';
import { autosaveOffer } from './autosave';

/** The offer of a kept autosave above the form: restore it into the form, or throw it away. */
export function AutosaveOffer({
  autosave,
  onRestore,
  onDiscard,
}: {
  autosave: Autosave;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="admin-autosave-offer">
      <p role="status">{autosaveOffer(autosave.savedAt)}</p>
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
