import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import {
  contentApi,
  type ContentItem,
  type ContentType,
  type FieldValue,
  type Revision,
  type RevisionWithValues,
} from '../../api/content-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { isDerived } from './content-schema';
import { useReferenceNames } from './reference-names';
import { diffVersions } from './version-diff';
import { VersionDiffView } from './version-diff-view';

/** "25-11-2026 14:03:27" in Amsterdam time: to the second, so that versions minutes apart differ. */
export function exactInstant(iso: string): string {
  return formatInstant(iso, { seconds: true });
}

/** How a version is named in the list's messages: its label, else when and by whom. */
export function revisionName(revision: Revision): string {
  const when = `de versie van ${exactInstant(revision.createdAt)}`;
  return revision.label ? `“${revision.label}” (${when})` : when;
}

function optionText(revision: Revision): string {
  return `${exactInstant(revision.createdAt)}, ${revision.userName}${revision.label ? ` – ${revision.label}` : ''}`;
}

/** One of the two versions to compare, chosen from the list. */
function VersionSelect({
  id,
  label,
  revisions,
  value,
  onChange,
}: {
  id: string;
  label: string;
  revisions: Revision[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">Kies…</option>
        {revisions.map((revision) => (
          <option key={revision.id} value={revision.id}>
            {optionText(revision)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface RevisionListProps {
  type: ContentType;
  item: ContentItem;
  onRestored: (item: ContentItem) => void;
  /** Restore as a draft: the version's values into the form, unsaved. */
  onDraft: (values: Record<string, FieldValue>, description: string) => void;
  /** The user may change the item: restore and label are offered (default); else only comparing. */
  canChange?: boolean;
}

/**
 * The saved versions of an article or page, newest first: when to the second, who, the label and
 * what changed since the version before. Any two can be compared; restoring one first shows what it
 * changes against what is stored now and offers it as a draft in the form or live at once.
 */
export function RevisionList({ type, item, onRestored, onDraft, canChange = true }: RevisionListProps) {
  const [revisions, setRevisions] = useState<Revision[]>([]);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [restoring, setRestoring] = useState<RevisionWithValues>();
  const [labelling, setLabelling] = useState<number>();
  const [labelError, setLabelError] = useState<string>();
  const [from, setFrom] = useState<string>('');
  const [to, setTo] = useState<string>('');
  const [compared, setCompared] = useState<{ from: RevisionWithValues; to: RevisionWithValues }>();
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const editable = type.fields.filter((field) => !isDerived(field));
  const names = useReferenceNames(editable);

  useEffect(() => {
    let current = true;
    contentApi
      .revisions(type.name, item.id)
      .then((answer) => current && setRevisions(answer.revisions))
      .catch(() => current && setError('De versies konden niet worden geladen.'));
    return () => {
      current = false;
    };
  }, [type.name, item.id, item.version]);

  useEffect(() => {
    if (restoring) confirmHeading.current?.focus();
  }, [restoring]);

  // The label's field opens on the editor's request: it takes the focus.
  useEffect(() => {
    if (labelling !== undefined) document.getElementById(`label-input-${labelling}`)?.focus();
  }, [labelling]);

  const failed = (failure: unknown, fallback: string) =>
    setError(failure instanceof AdminApiError ? failure.message : fallback);

  const askRestore = async (revision: Revision) => {
    setError(undefined);
    setStatus(undefined);
    try {
      setRestoring((await contentApi.revision(type.name, item.id, revision.id)).revision);
    } catch (failure) {
      failed(failure, 'Deze versie kon niet worden geladen.');
    }
  };

  const closeRestore = (revision: RevisionWithValues) => {
    setRestoring(undefined);
    // The focus goes back to the button that opened the question.
    requestAnimationFrame(() => document.getElementById(`restore-${revision.id}`)?.focus());
  };

  const restoreLive = async (revision: RevisionWithValues) => {
    setError(undefined);
    try {
      const answer = await contentApi.restore(type.name, item.id, revision.id, item.version);
      setRestoring(undefined);
      setStatus(`${revisionName(revision)} is teruggezet en opgeslagen.`);
      onRestored(answer.item);
    } catch (failure) {
      failed(failure, 'Terugzetten is mislukt.');
    }
  };

  const restoreDraft = (revision: RevisionWithValues) => {
    setRestoring(undefined);
    setStatus(`${revisionName(revision)} staat als concept in het formulier; er is niets opgeslagen.`);
    onDraft(revision.values, revisionName(revision));
  };

  const compare = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(undefined);
    if (!from || !to) {
      setError('Kies twee versies om te vergelijken.');
      return;
    }
    try {
      const [a, b] = await Promise.all([
        contentApi.revision(type.name, item.id, Number(from)),
        contentApi.revision(type.name, item.id, Number(to)),
      ]);
      setCompared({ from: a.revision, to: b.revision });
    } catch (failure) {
      failed(failure, 'De versies konden niet worden geladen.');
    }
  };

  const saveLabel = async (event: FormEvent<HTMLFormElement>, revision: Revision) => {
    event.preventDefault();
    setLabelError(undefined);
    const label = String(new FormData(event.currentTarget).get('label') ?? '');
    try {
      const answer = await contentApi.labelRevision(type.name, item.id, revision.id, label);
      setRevisions((all) =>
        all.map((one) => (one.id === revision.id ? { ...one, label: answer.revision.label } : one)),
      );
      setLabelling(undefined);
      setStatus(answer.revision.label ? `Label “${answer.revision.label}” opgeslagen.` : 'Label verwijderd.');
      requestAnimationFrame(() => document.getElementById(`label-${revision.id}`)?.focus());
    } catch (failure) {
      setLabelError(
        failure instanceof AdminApiError ? failure.message : 'Het label kon niet worden opgeslagen.',
      );
    }
  };

  const fieldLabel = (name: string) => type.fields.find((field) => field.name === name)?.label ?? name;
  const online = item.state === 'online';

  return (
    <section aria-labelledby="revisions-heading">
      <h2 id="revisions-heading">Versies</h2>
      <FormAlert message={error} />
      <p role="status" aria-live="polite" className="admin-status">
        {status}
      </p>
      {restoring && (
        <section className="admin-conflict" aria-labelledby="restore-heading">
          <h3 id="restore-heading" ref={confirmHeading} tabIndex={-1}>
            {revisionName(restoring)} terugzetten?
          </h3>
          <p>Zo verschilt deze versie van wat nu is opgeslagen (doorgestreept verdwijnt):</p>
          <VersionDiffView
            diffs={diffVersions(editable, item.values, restoring.values, names)}
            empty="Deze versie is gelijk aan wat nu is opgeslagen."
          />
          <p>
            {online
              ? 'Dit item staat online: direct terugzetten zet deze versie meteen op de site. Als concept komt ze in het formulier, om na te kijken en zelf op te slaan.'
              : 'Als concept komt deze versie in het formulier, om na te kijken en zelf op te slaan.'}
          </p>
          <p className="admin-actions">
            <button type="button" onClick={() => restoreDraft(restoring)}>
              Als concept in het formulier
            </button>{' '}
            <button type="button" onClick={() => void restoreLive(restoring)}>
              {online ? 'Direct terugzetten (meteen online)' : 'Direct terugzetten en opslaan'}
            </button>{' '}
            <button type="button" onClick={() => closeRestore(restoring)}>
              Annuleren
            </button>
          </p>
        </section>
      )}
      <TableScroll label="Versies">
        <table className="admin-table">
          <caption className="visually-hidden">Opgeslagen versies, nieuwste eerst</caption>
          <thead>
            <tr>
              <th scope="col">Wanneer</th>
              <th scope="col">Wie</th>
              <th scope="col">Titel en label</th>
              <th scope="col">Gewijzigd</th>
              <th scope="col">
                <span className="visually-hidden">Acties</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {revisions.map((revision, index) => (
              <tr key={revision.id}>
                <td>{exactInstant(revision.createdAt)}</td>
                <td>{revision.userName}</td>
                <td>
                  {revision.title}
                  {revision.label && (
                    <>
                      <br />
                      <span className="admin-badge">Label: {revision.label}</span>
                    </>
                  )}
                  {labelling === revision.id && (
                    <form className="admin-inline-form" onSubmit={(event) => void saveLabel(event, revision)}>
                      <label htmlFor={`label-input-${revision.id}`}>Label</label>
                      <input
                        id={`label-input-${revision.id}`}
                        name="label"
                        defaultValue={revision.label ?? ''}
                        maxLength={80}
                        aria-invalid={labelError ? true : undefined}
                        aria-describedby={labelError ? `label-error-${revision.id}` : undefined}
                      />
                      <button type="submit">Label opslaan</button>
                      {labelError && (
                        <p id={`label-error-${revision.id}`} className="admin-error">
                          {labelError}
                        </p>
                      )}
                    </form>
                  )}
                </td>
                <td>
                  {revision.changedFields === null
                    ? 'Eerste versie in de lijst'
                    : revision.changedFields.length
                      ? revision.changedFields.map(fieldLabel).join(', ')
                      : 'Geen velden (alleen opnieuw opgeslagen)'}
                </td>
                <td>
                  {index === 0 && <span className="admin-muted">Huidige </span>}
                  {canChange && (
                    <button
                      type="button"
                      id={`label-${revision.id}`}
                      onClick={() => {
                        setLabelError(undefined);
                        setLabelling(labelling === revision.id ? undefined : revision.id);
                      }}
                      aria-expanded={labelling === revision.id}
                    >
                      Label
                      <span className="visually-hidden"> van {revisionName(revision)}</span>
                    </button>
                  )}
                  {canChange && index > 0 && (
                    <>
                      {' '}
                      <button
                        type="button"
                        id={`restore-${revision.id}`}
                        onClick={() => void askRestore(revision)}
                      >
                        Terugzetten…
                        <span className="visually-hidden"> naar {revisionName(revision)}</span>
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {revisions.length > 1 && (
        <form
          className="admin-form"
          onSubmit={(event) => void compare(event)}
          aria-labelledby="compare-heading"
        >
          <h3 id="compare-heading">Twee versies vergelijken</h3>
          <VersionSelect
            id="compare-from"
            label="Oudere versie"
            revisions={revisions}
            value={from}
            onChange={setFrom}
          />
          <VersionSelect
            id="compare-to"
            label="Nieuwere versie"
            revisions={revisions}
            value={to}
            onChange={setTo}
          />
          <button type="submit">Vergelijken</button>
          <div aria-live="polite">
            {compared && (
              <>
                <p>
                  Van {revisionName(compared.from)} naar {revisionName(compared.to)}:
                </p>
                <VersionDiffView
                  diffs={diffVersions(editable, compared.from.values, compared.to.values, names)}
                />
              </>
            )}
          </div>
        </form>
      )}
    </section>
  );
}
