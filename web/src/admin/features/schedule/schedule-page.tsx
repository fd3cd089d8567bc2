import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AdminApiError } from '../../api/admin-client';
import { FormAlert } from '../../components/form-alert';
import { TableScroll } from '../../components/table-scroll';
import { ChangeForm } from './change-form';
import {
  isConflict,
  scheduleApi,
  WEEKDAYS,
  type ChannelSchedule,
  type ScheduleChange,
  type ScheduleSlot,
} from './schedule-api';
import { ReloadButton } from './schedule-form';
import { SlotForm } from './slot-form';

const message = (failure: unknown, fallback: string) =>
  failure instanceof AdminApiError ? failure.message : fallback;

/** "Programmering": the channels whose schedule the user may open. */
export function ScheduleChannelsPage() {
  const [channels, setChannels] = useState<{ slug: string; name: string }[]>([]);
  const [error, setError] = useState<string>();
  useEffect(() => {
    scheduleApi
      .channels()
      .then((answer) => setChannels(answer.channels))
      .catch((failure: unknown) => setError(message(failure, 'De kanalen konden niet worden geladen.')));
  }, []);
  return (
    <section aria-labelledby="schedule-channels-heading">
      <h1 id="schedule-channels-heading" tabIndex={-1}>
        Programmering
      </h1>
      <p>Kies het kanaal waarvan je de weekprogrammering of een wijziging op een datum wilt bewerken.</p>
      <FormAlert message={error} />
      <ul>
        {channels.map((channel) => (
          <li key={channel.slug}>
            <Link to={`/programmering/${channel.slug}`}>{channel.name}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The slots of one weekday, in time order. */
function daySlots(slots: ScheduleSlot[], weekday: number) {
  return slots.filter((slot) => slot.weekday === weekday).sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * One channel's programming: the week's slots per day (edit or delete each, add new ones) and the
 * one-off changes by date (a special broadcast, a cancelled slot). The guide follows at once. When
 * someone else changed an entry first (409), the message says so and the week can be reloaded; an
 * open form keeps what was typed and continues on the reloaded entry.
 */
export function SchedulePage() {
  const { channel = '' } = useParams();
  const [schedule, setSchedule] = useState<ChannelSchedule>();
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState<string>();
  const [stale, setStale] = useState(false);
  const [editingSlot, setEditingSlot] = useState<ScheduleSlot>();
  const [editingChange, setEditingChange] = useState<ScheduleChange>();
  // Where focus goes when the button that had it is gone (a deleted row).
  const weekHeading = useRef<HTMLHeadingElement>(null);
  const changesHeading = useRef<HTMLHeadingElement>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);

  const load = useCallback(
    () =>
      scheduleApi
        .get(channel)
        .then((answer) => {
          setSchedule(answer);
          // An open edit continues on the entry as it is stored now (its new version).
          setEditingSlot((open) => (open && answer.slots.find((s) => s.id === open.id)) ?? open);
          setEditingChange((open) => (open && answer.changes.find((c) => c.id === open.id)) ?? open);
        })
        .catch((failure: unknown) => setError(message(failure, 'De programmering kon niet worden geladen.'))),
    [channel],
  );
  const reload = () => {
    setStale(false);
    setError(undefined);
    return load();
  };
  useEffect(() => {
    void load();
  }, [load]);

  const done = (text: string) => {
    setStatus(text);
    setError(undefined);
    setStale(false);
    void load();
  };
  // A refused delete; on a conflict the focus goes to the page's heading, the message below it.
  const refused = (failure: unknown, fallback: string) => {
    setError(message(failure, fallback));
    setStale(isConflict(failure));
    if (isConflict(failure)) pageHeading.current?.focus();
  };

  // Closing a form opened on 'Bewerken' (saved or cancelled) takes its buttons away: the focus
  // goes to the section's heading, as after a delete.
  const closeSlot = () => {
    setEditingSlot(undefined);
    weekHeading.current?.focus();
  };
  const closeChange = () => {
    setEditingChange(undefined);
    changesHeading.current?.focus();
  };

  // The same native confirmation as deleting a content item: focus returns to the button on cancel.
  const removeSlot = async (slot: ScheduleSlot) => {
    const when = `${WEEKDAYS[slot.weekday - 1]} ${slot.start}–${slot.end}`;
    if (!window.confirm(`Tijdvak ${slot.programmeName} (${when}) verwijderen?`)) return;
    setError(undefined);
    try {
      await scheduleApi.removeSlot(channel, slot.id, slot.version);
      if (editingSlot?.id === slot.id) setEditingSlot(undefined);
      weekHeading.current?.focus();
      done(`Tijdvak ${slot.programmeName} (${WEEKDAYS[slot.weekday - 1]} ${slot.start}) is verwijderd.`);
    } catch (failure) {
      refused(failure, 'Het tijdvak is niet verwijderd.');
    }
  };

  const removeChange = async (change: ScheduleChange) => {
    if (!window.confirm(`De wijziging op ${change.date} (${change.label}) verwijderen?`)) return;
    setError(undefined);
    try {
      await scheduleApi.removeChange(channel, change.id, change.version);
      if (editingChange?.id === change.id) setEditingChange(undefined);
      changesHeading.current?.focus();
      done(`De wijziging op ${change.date} is verwijderd.`);
    } catch (failure) {
      refused(failure, 'De wijziging is niet verwijderd.');
    }
  };

  if (!schedule) {
    return (
      <section aria-labelledby="schedule-heading" aria-busy={!error}>
        <h1 id="schedule-heading" tabIndex={-1}>
          Programmering
        </h1>
        <FormAlert message={error} />
        {!error && <p>Laden…</p>}
      </section>
    );
  }
  const { canEdit, slots, programmes, changes } = schedule;
  return (
    <section aria-labelledby="schedule-heading">
      <h1 id="schedule-heading" ref={pageHeading} tabIndex={-1}>
        Programmering {schedule.channel.name}
      </h1>
      <p>
        De weekprogrammering in Nederlandse tijd. Een wijziging staat meteen in de gids; uitzendingen die al
        begonnen zijn of een opname hebben blijven zoals ze waren.
        {!canEdit && ' Je rol mag de programmering bekijken, niet wijzigen.'}
      </p>
      <FormAlert message={error} />
      {stale && <ReloadButton onReload={() => void reload()} />}
      <p role="status" className="admin-status">
        {status}
      </p>

      <h2 id="week-heading" ref={weekHeading} tabIndex={-1}>
        Week
      </h2>
      <div className="admin-week">
        {WEEKDAYS.map((name, index) => {
          const list = daySlots(slots, index + 1);
          return (
            <section key={name} aria-labelledby={`day-${index + 1}`} className="admin-week-day">
              <h3 id={`day-${index + 1}`}>{name}</h3>
              {list.length === 0 ? (
                <p>Geen tijdvakken.</p>
              ) : (
                <ul>
                  {list.map((slot) => (
                    <li key={slot.id}>
                      <span>
                        {slot.start}–{slot.end} {slot.programmeName}
                      </span>
                      {canEdit && (
                        <>
                          {' '}
                          <button type="button" onClick={() => setEditingSlot(slot)}>
                            Bewerken
                            <span className="visually-hidden">
                              {' '}
                              {slot.programmeName} {name} {slot.start}
                            </span>
                          </button>{' '}
                          <button type="button" onClick={() => void removeSlot(slot)}>
                            Verwijderen
                            <span className="visually-hidden">
                              {' '}
                              {slot.programmeName} {name} {slot.start}
                            </span>
                          </button>
                        </>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
      {canEdit && (
        <SlotForm
          key={editingSlot ? `slot-${editingSlot.id}` : 'slot-new'}
          channel={channel}
          programmes={programmes}
          slot={editingSlot}
          onReload={reload}
          onSaved={(slot) => {
            if (editingSlot) closeSlot();
            done(
              `Tijdvak ${slot.programmeName} (${WEEKDAYS[slot.weekday - 1]} ${slot.start}–${slot.end}) is opgeslagen.`,
            );
          }}
          {...(editingSlot ? { onCancel: closeSlot } : {})}
        />
      )}

      <h2 id="changes-heading" ref={changesHeading} tabIndex={-1}>
        Wijzigingen op een datum
      </h2>
      {changes.length === 0 ? (
        <p>Er zijn geen wijzigingen vanaf vandaag.</p>
      ) : (
        <TableScroll label="Wijzigingen op een datum">
          <table className="admin-table" aria-labelledby="changes-heading">
            <thead>
              <tr>
                <th scope="col">Datum</th>
                <th scope="col">Soort</th>
                <th scope="col">Uitzending</th>
                {canEdit && <th scope="col">Acties</th>}
              </tr>
            </thead>
            <tbody>
              {changes.map((change) => (
                <tr key={change.id}>
                  <th scope="row">{change.date}</th>
                  <td>{change.kind === 'cancel' ? 'Vervalt' : 'Speciale uitzending'}</td>
                  <td>{change.label}</td>
                  {canEdit && (
                    <td>
                      <button type="button" onClick={() => setEditingChange(change)}>
                        Bewerken<span className="visually-hidden"> wijziging {change.date}</span>
                      </button>{' '}
                      <button type="button" onClick={() => void removeChange(change)}>
                        Verwijderen<span className="visually-hidden"> wijziging {change.date}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {canEdit && (
        <ChangeForm
          key={editingChange ? `change-${editingChange.id}` : 'change-new'}
          channel={channel}
          programmes={programmes}
          slots={slots}
          change={editingChange}
          onReload={reload}
          onSaved={(change) => {
            if (editingChange) closeChange();
            done(`De wijziging op ${change.date} is opgeslagen.`);
          }}
          {...(editingChange ? { onCancel: closeChange } : {})}
        />
      )}
    </section>
  );
}
