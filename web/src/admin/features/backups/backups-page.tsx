import { useCallback, useEffect, useState } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { backupsApi, type BackupState } from './backups-api';
import { durationWords, scheduleWords, sizeWords } from './backup-words';

// While a backup runs the page looks again this often, until it is done.
const POLL_MS = 2000;

/**
 * The station's backups (beheerder only): the last good one, its size and duration, the next,
 * the last error, and 'Nu een back-up maken'.
 */
export function BackupsPage() {
  const [state, setState] = useState<BackupState>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [asking, setAsking] = useState(false);

  const load = useCallback(
    () =>
      backupsApi
        .status()
        .then(setState)
        .catch((failure: unknown) =>
          setError(
            failure instanceof AdminApiError ? failure.message : 'De back-ups konden niet worden geladen.',
          ),
        ),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const running = state?.running === true || asking;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => void load(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [running, load]);

  const runNow = async () => {
    setError(undefined);
    setNotice(undefined);
    setAsking(true);
    try {
      await backupsApi.runNow();
      setNotice('De back-up wordt gemaakt. Deze pagina laat zien wanneer hij klaar is.');
      // The scheduler takes the request on its next look; poll until it reports a finished run.
      await load();
    } catch (failure) {
      setError(failure instanceof AdminApiError ? failure.message : 'De back-up kon niet worden gestart.');
    } finally {
      window.setTimeout(() => setAsking(false), POLL_MS * 2);
    }
  };

  return (
    <section aria-labelledby="backups-heading">
      <h1 id="backups-heading" tabIndex={-1}>
        Back-ups
      </h1>
      <FormAlert message={error} />
      {state && !state.configured && (
        <p>
          Deze server maakt zelf geen back-ups: er is geen map voor ingesteld (ETHER_BACKUP_DIR). Een
          systeembeheerder kan die instellen, of back-ups maken met <code>ether-server backup</code>.
        </p>
      )}
      {state?.configured && (
        <>
          <dl className="admin-facts">
            <dt>Schema</dt>
            <dd>
              {scheduleWords(state.everySeconds ?? 86400)}, de nieuwste {state.keep} bewaard, in{' '}
              <code className="admin-path">{state.dir}</code>
            </dd>
            <dt>Laatste goede back-up</dt>
            <dd>
              {state.lastGood
                ? // To the second, as a backup is named: two made in the same minute (the one at
                  // start and one made with the button) are told apart.
                  `${formatInstant(state.lastGood, { seconds: true })}${
                    state.lastBytes ? `, ${sizeWords(state.lastBytes)}` : ''
                  }${state.lastSeconds ? `, gemaakt in ${durationWords(state.lastSeconds)}` : ''}`
                : 'Nog geen'}
            </dd>
            <dt>Volgende</dt>
            <dd>
              {state.running
                ? 'Wordt nu gemaakt'
                : state.next
                  ? formatInstant(state.next)
                  : 'Bij de volgende start'}
            </dd>
          </dl>
          {state.overdue && (
            <p className="admin-alert" role="alert">
              De laatste goede back-up is ouder dan twee keer het schema. Controleer de schijf en de
              foutmelding hieronder.
            </p>
          )}
          {state.lastError && (
            <p className="admin-alert">
              De laatste poging is mislukt: <span lang="en">{state.lastError}</span>
            </p>
          )}
          {state.leading === false && (
            <p className="admin-hint">Een andere server van deze omroep maakt de back-ups.</p>
          )}
          <p className="admin-actions">
            <button type="button" onClick={() => void runNow()} aria-disabled={running || undefined}>
              Nu een back-up maken
            </button>
          </p>
        </>
      )}
      <p role="status" className="admin-status">
        {notice}
      </p>
    </section>
  );
}
