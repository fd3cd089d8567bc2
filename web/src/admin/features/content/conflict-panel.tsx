import { useEffect, useRef, useState } from 'react';
import type { ContentField } from '../../api/content-client';
import { useReferenceNames } from './reference-names';
import { diffVersions, type Values } from './version-diff';
import { VersionDiffView } from './version-diff-view';

interface ConflictPanelProps {
  /** The fields an editor edits (derived ones left out). */
  fields: readonly ContentField[];
  /** The version number stored now. */
  version: number;
  /** The form's values of the version this editor started from, of the one stored now, and typed now. */
  base: Values;
  theirs: Values;
  mine: () => Values;
  onMerge: () => void;
  onOverwrite: () => void;
}

/**
 * What a colleague saved since this editor loaded the item, every changed field (the body too) as
 * a diff, with two ways on: merge both versions into the form, or overwrite, which first shows
 * exactly what of the colleague's version would be lost and asks to confirm.
 */
export function ConflictPanel({
  fields,
  version,
  base,
  theirs,
  mine,
  onMerge,
  onOverwrite,
}: ConflictPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const overwriteButton = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // The focus follows the step: to the confirmation when it opens, back to its button when not.
    if (confirming) confirmHeading.current?.focus();
    else if (wasConfirming.current) overwriteButton.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  // A reference by its items' names, as the form shows it.
  const names = useReferenceNames(fields);
  const theirChanges = diffVersions(fields, base, theirs, names);
  return (
    <section className="admin-conflict" aria-labelledby="conflict-heading">
      <h3 id="conflict-heading">Nu opgeslagen door een collega (versie {version})</h3>
      <p>Dit is er veranderd sinds jij het item opende:</p>
      <VersionDiffView diffs={theirChanges} empty="Geen verschillen in de velden (alleen de publicatie)." />
      {!confirming ? (
        <p className="admin-actions">
          <button type="button" onClick={onMerge}>
            Samenvoegen
          </button>{' '}
          <button type="button" ref={overwriteButton} onClick={() => setConfirming(true)}>
            Toch mijn versie opslaan…
          </button>
        </p>
      ) : (
        <div className="admin-conflict-confirm">
          <h4 id="conflict-confirm-heading" ref={confirmHeading} tabIndex={-1}>
            Dit gaat verloren van versie {version}
          </h4>
          <p>Doorgestreept staat wat je collega opsloeg en door jouw versie verdwijnt:</p>
          <VersionDiffView diffs={diffVersions(fields, theirs, mine(), names)} />
          <p className="admin-actions">
            <button type="button" onClick={onOverwrite}>
              Ja, mijn versie opslaan
            </button>{' '}
            <button type="button" onClick={() => setConfirming(false)}>
              Annuleren
            </button>
          </p>
        </div>
      )}
    </section>
  );
}
