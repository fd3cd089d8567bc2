// A programme's audience per broadcast, on its admin page (issue 52): each broadcast of the last
// four weeks with the average number listening and the peak, newest first.
import { useEffect, useState } from 'react';
import { AdminApiError, formatInstant } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { listenerStatsApi, type ProgrammeAudience as Audience } from './listener-stats-api';
import { figure } from './listener-words';

export function ProgrammeAudience({ programmeId }: { programmeId: string }) {
  const [audience, setAudience] = useState<Audience>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    setError(undefined);
    listenerStatsApi
      .programme(programmeId)
      .then((answer) => live && setAudience(answer))
      .catch((caught: unknown) => {
        if (live)
          setError(
            caught instanceof AdminApiError
              ? caught.message
              : 'De luistercijfers konden niet worden geladen.',
          );
      });
    return () => {
      live = false;
    };
  }, [programmeId]);

  return (
    <section aria-labelledby="programme-audience-heading">
      <h2 id="programme-audience-heading">Luistercijfers per uitzending</h2>
      <FormAlert message={error} />
      {audience &&
        (audience.broadcasts.length === 0 ? (
          <p>Geen uitzendingen in de afgelopen {audience.days} dagen.</p>
        ) : (
          <>
            <table className="admin-table">
              <caption>Uitzendingen van de afgelopen {audience.days} dagen, de nieuwste eerst</caption>
              <thead>
                <tr>
                  <th scope="col">Uitzending</th>
                  <th scope="col">Gemiddeld</th>
                  <th scope="col">Piek</th>
                </tr>
              </thead>
              <tbody>
                {audience.broadcasts.map((broadcast) => (
                  <tr key={broadcast.id}>
                    <th scope="row">
                      {formatInstant(broadcast.startsAt)} ({broadcast.channel})
                      {broadcast.onAir ? ', nu op de zender' : ''}
                    </th>
                    <td>{figure(broadcast.average)}</td>
                    <td>
                      {broadcast.peak}
                      {broadcast.peakAt ? ` om ${formatInstant(broadcast.peakAt)}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="admin-hint">
              Gemiddeld: hoeveel mensen er gemiddeld luisterden (tot nu, voor een uitzending die nog loopt).
              Alleen luisteraars van minstens {audience.minSessionSeconds} seconden tellen mee.
            </p>
          </>
        ))}
    </section>
  );
}
